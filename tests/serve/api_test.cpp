// The review app's JSON API over HTTP, against a server on an ephemeral loopback port: every
// endpoint and every refusal, with the store checked after each.
#include <gtest/gtest.h>

#include "base/errors.h"
#include "engine/score_code.h"
#include "serve/review_urls.h"
#include "store/drafts.h"
#include "store/evidence.h"
#include "store/nodes.h"
#include "store/runs.h"
#include "store/store.h"
#include "tests/serve/serve_fixture.h"
#include "tests/support/reopened.h"

namespace egkb::test {
namespace {

// KK and KRK are invariable; batch 1 draws KRRK, KNK and KCK (sheet lines 2, 3, 4), batch 2 KPK.
constexpr const char* kCsv =
    "material,score,source,invariable,weight\n"
    "KK,5,manual,1,\nKRK,1,manual,1,\nKRRK,1,manual,0,\nKNK,3,manual,0,\nKCK,3,manual,0,\n"
    "KPK,4,manual,0,\n";

class ApiTest : public ServeTest {
 protected:
  void SetUp() override {
    ServeTest::SetUp();
    make_store(kCsv, {{"KRRK", "KNK", "KCK"}, {"KPK"}});
  }

  std::size_t drafts(BatchId batch) {
    return store::drafts(test::Reopened(path("store.sqlite")), batch).size();
  }
  Score score_of(const std::string& material) {
    Store store = Store::open(path("store.sqlite"));
    for (const KbRow& row : store::knowledge_base(store).rows) {
      if (material_text(row.key, store.pieces()) == material) return row.score;
    }
    ADD_FAILURE() << material << " is not stored";
    return Score(0);
  }
};

// The board's positions are those `egkb positions` prints; where the store holds evidence, those
// the engine searched, with its score of each, and the material's figures from red's side.
TEST_F(ApiTest, PositionsAreEgkbPositionsWithTheEnginesEvidence) {
  serve();
  const Outcome printed = run("positions KNK --count 3 --seed 1 --json");
  ASSERT_EQ(printed.code, 0) << printed.err;
  const nlohmann::json fens = nlohmann::json::parse(printed.out)["positions"];
  auto [status, p] = get("/api/positions/KNK?index=2");
  ASSERT_EQ(status, 200) << p.dump();
  EXPECT_EQ(p["fen"], fens[2]["fen"]);
  EXPECT_EQ(p["pieces"], "xiangqi");
  EXPECT_EQ(p["board"].size(), 10u);
  EXPECT_EQ(p["to_move"], "red");
  EXPECT_TRUE(p["evidence"].is_null());
  std::size_t pieces = 0;
  for (const auto& rank : p["board"]) {
    for (char c : rank.get<std::string>()) pieces += c != '.';
  }
  EXPECT_EQ(pieces, 3u);
  EXPECT_EQ(p["glyphs"]["N"], "傌");
  EXPECT_EQ(p["glyphs"]["k"], "將");

  // Evidence for KNK's mirror: the positions shown are its positions mirrored, the figures red's.
  {
    Store store = Store::open(path("store.sqlite"));
    EvidenceRecord r;
    r.key = key_of(parse_material("KKN", store.pieces()), store.pieces());
    r.engine = "Fake 1";
    r.budget = "depth 1";
    r.seed = 7;
    r.scores = {score_code({EngineScore::Kind::Centipawns, 500}),
                score_code({EngineScore::Kind::Mate, 3})};
    r.pvs = {"", "e9e10 d1d2"};
    r.threshold = 300;
    r.wins = 2;
    r.expected = 1;
    r.low = 0.2;
    r.high = 1;
    r.score = Score(0);
    store.write_apart([&](StoreWriter& w) {
      store::put_evidence(w, store::add_run(w, {.command = "evidence"}), r);
    });
  }
  std::tie(status, p) = get("/api/positions/KNK?index=1");
  ASSERT_EQ(status, 200) << p.dump();
  EXPECT_EQ(p["seed"], 7);
  EXPECT_EQ(p["to_move"], "red") << "position 1 of KKN has black to move: mirrored, red";
  EXPECT_EQ(p["evidence"]["searched"], "KKN");
  EXPECT_EQ(p["evidence"]["losses"], 2) << "KKN's red wins are KNK's black wins";
  EXPECT_EQ(p["evidence"]["score"], 9);
  EXPECT_EQ(p["evidence"]["position"]["score"], "mate in 3 for red to move");
  EXPECT_EQ(p["evidence"]["position"]["outcome"], "counted a red win")
      << "KKN's black mates: KNK's red";
  EXPECT_EQ(p["evidence"]["position"]["pv"], nlohmann::json({"e2e1", "d10d9"}))
      << "KKN's line, on KNK's board: each rank turned over";
  std::tie(status, p) = get("/api/positions/KNK?index=0");
  EXPECT_EQ(p["evidence"]["position"]["pv"], nlohmann::json::array()) << "no line kept";
  std::tie(status, p) = get("/api/positions/KNK?index=2");
  ASSERT_EQ(status, 200);
  EXPECT_TRUE(p["evidence"]["position"].is_null()) << "the engine searched two positions";
  EXPECT_EQ(p["seed"], 1);

  EXPECT_EQ(get("/api/positions/KNK?index=-1").first, 400);
  EXPECT_EQ(get("/api/positions/KNK?index=1x").first, 400);
  EXPECT_EQ(get("/api/positions/KGGGK").first, 400);
  EXPECT_EQ(get("/api/positions/KRK").second["evidence"], nullptr);
}

// The line the fake engine printed, through `egkb evidence` and the store to the board's position:
// each king standing still, the side to move's first (tests/engine/fake_engine.py).
TEST_F(ApiTest, APositionCarriesTheLineTheEnginePrintedWithItsScore) {
  const Outcome searched = run("evidence " + path("store.sqlite") + " --engine " +
                               EGKB_FAKE_ENGINE + " --depth 1 --positions 4");
  ASSERT_EQ(searched.code, 0) << searched.err;
  serve();
  for (const char* material : {"KCK", "KKC"}) {
    const auto got = get(std::string("/api/positions/") + material + "?index=3");
    const nlohmann::json& p = got.second;  // not a binding: the lambda below reads it
    ASSERT_EQ(got.first, 200) << p.dump();
    const auto square_of = [&](char king) {
      for (std::size_t row = 0; row < p["board"].size(); ++row) {
        const std::string rank = p["board"][row];
        if (const std::size_t file = rank.find(king); file != std::string::npos) {
          return std::string(1, static_cast<char>('a' + file)) +
                 std::to_string(p["board"].size() - row);
        }
      }
      return std::string();
    };
    const bool red = p["to_move"] == "red";
    const std::string mover = square_of(red ? 'K' : 'k'), other = square_of(red ? 'k' : 'K');
    EXPECT_EQ(p["evidence"]["position"]["pv"], nlohmann::json({mover + mover, other + other}))
        << material << ": " << p.dump();
  }
}

TEST_F(ApiTest, BatchesShowProgressByReviewer) {
  serve();
  EXPECT_EQ(put_draft(1, "KNK", "2", "alice").first, 200);
  const auto [status, list] = get("/api/batches");
  ASSERT_EQ(status, 200);
  ASSERT_EQ(list["batches"].size(), 2u);
  EXPECT_EQ(list["batches"][0]["drawn"], 3);
  EXPECT_EQ(list["batches"][0]["answered"]["alice"], 1);
  EXPECT_TRUE(list["batches"][1]["answered"].empty());
  const auto [s, batch] = get("/api/batches/1");
  ASSERT_EQ(s, 200);
  ASSERT_EQ(batch["items"].size(), 3u);
  EXPECT_EQ(batch["items"][1]["material"], "KNK");
  EXPECT_EQ(batch["items"][1]["line"], 3);
  EXPECT_EQ(batch["items"][1]["drafts"]["alice"], "2");
  EXPECT_EQ(batch["items"][1]["now"]["score"], 3);
  EXPECT_EQ(batch["meanings"].size(), 10u);
  EXPECT_EQ(get("/api/batches/9").first, 404);
}

TEST_F(ApiTest, ReviewersKeepTheirOwnAnswersAndDisagreementsShow) {
  serve();
  EXPECT_EQ(put_draft(1, "KNK", "2", "alice").first, 200);
  EXPECT_EQ(put_draft(1, "KNK", "ok", "bob").first, 200);
  auto items = get("/api/batches/1").second["items"];
  EXPECT_EQ(items[1]["drafts"]["alice"], "2");
  EXPECT_EQ(items[1]["drafts"]["bob"], "ok");
  EXPECT_TRUE(items[1]["disagree"]);
  // ok stands for the drawn score, 3: alice now agrees with bob.
  EXPECT_EQ(put_draft(1, "KNK", "3", "alice").first, 200);
  items = get("/api/batches/1").second["items"];
  EXPECT_FALSE(items[1]["disagree"]);
  EXPECT_EQ(drafts(BatchId(1)), 2u);
}

TEST_F(ApiTest, DraftRefusalsWriteNothing) {
  serve();
  auto c = client();
  EXPECT_EQ(put_draft(1, "KNK", "x", "alice").first, 400);
  EXPECT_EQ(put_draft(1, "KNK", "10", "alice").first, 400);
  EXPECT_EQ(put_draft(1, "KNK", "2", "").first, 400);
  EXPECT_EQ(put_draft(1, "KZK", "2", "alice").first, 400);
  const auto [not_drawn, why] = put_draft(1, "KPK", "2", "alice");
  EXPECT_EQ(not_drawn, 422);
  EXPECT_NE(why["error"].get<std::string>().find("was not drawn in batch 1"), std::string::npos);
  EXPECT_EQ(put_draft(9, "KNK", "2", "alice").first, 404);
  EXPECT_EQ(answer_of(c.Put("/api/batches/1/drafts/KNK", origin(), "{not json", "application/json"))
                .first,
            400);
  EXPECT_EQ(drafts(BatchId(1)) + drafts(BatchId(2)), 0u);
}

TEST_F(ApiTest, UndoRemovesTheDraft) {
  serve();
  ASSERT_EQ(put_draft(1, "KNK", "2", "alice").first, 200);
  const auto r = client().Delete("/api/batches/1/drafts/KNK?reviewer=alice", origin());
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
  EXPECT_EQ(drafts(BatchId(1)), 0u);
}

// A repair the data leave open: KNK at 1 and KNNK at 3 cannot both stand (a second red horse
// cannot make red worse), and any rank 1..3 for both costs the same.
TEST_F(ServeTest, NodeShowsTheRangeTheLastRepairLeft) {
  make_store("material,score,source\nKNK,1,manual\nKNNK,3,manual\n", {{"KNK"}});
  ASSERT_EQ(run("reduce " + path("store.sqlite") + " --method exact").code, 0);
  serve();
  const auto [status, node] = get("/api/nodes/KNK");
  ASSERT_EQ(status, 200);
  ASSERT_TRUE(node["range"].is_object()) << node.dump();
  EXPECT_EQ(node["range"]["low"], 1);
  EXPECT_EQ(node["range"]["high"], 3);
  EXPECT_EQ(node["range"]["low_score"], 1);
  EXPECT_EQ(node["range"]["high_score"], 3);
  EXPECT_TRUE(get("/api/nodes/KKN").second["range"].is_null()) << "a mirror: its pair's range";
}

TEST_F(ApiTest, NodeShowsNeighboursAndHistory) {
  serve();
  const auto [status, node] = get("/api/nodes/KRRK");
  ASSERT_EQ(status, 200);
  EXPECT_EQ(node["score"], 1);
  EXPECT_EQ(node["words"], "Red: K R R · Black: K");
  ASSERT_EQ(node["history"].size(), 1u);
  EXPECT_EQ(node["history"][0]["command"], "import");
  bool links_krk = false;
  for (const auto& n : node["neighbours"]) links_krk |= n["material"] == "KRK";
  EXPECT_TRUE(links_krk);
  EXPECT_EQ(get("/api/nodes/KRRRK").first, 400);  // three rooks: not a xiangqi material
  EXPECT_EQ(get("/api/nodes/KMMKGG").first, 404);
}

TEST_F(ApiTest, SubmitAppliesEveryVerdictWithHistory) {
  serve();
  for (const char* m : {"KRRK", "KNK", "KCK"}) ASSERT_EQ(put_draft(1, m, "ok", "alice").first, 200);
  ASSERT_EQ(put_draft(1, "KNK", "2", "alice").first, 200);
  const auto [status, result] = submit(1, {{"reviewer", "alice"}});
  ASSERT_EQ(status, 200) << result.dump();
  EXPECT_EQ(result["verdicts"], 3);
  EXPECT_EQ(result["rescored"], 1);
  EXPECT_EQ(result["confirmed"], 2);
  EXPECT_EQ(score_of("KNK"), Score(2));
  const auto history = get("/api/nodes/KNK").second["history"];
  ASSERT_EQ(history.size(), 2u);
  EXPECT_EQ(history[1]["command"], "review import");
  EXPECT_EQ(history[1]["reviewer"], "alice");
  // A submitted batch is read-only: a later answer is refused, naming the way to answer again,
  // and a second submit is the review import's refusal.
  const auto [late, late_why] = put_draft(1, "KNK", "3", "bob");
  EXPECT_EQ(late, 422);
  EXPECT_EQ(late_why["choice"], "submitted");
  EXPECT_NE(late_why["error"].get<std::string>().find("review undo"), std::string::npos);
  const auto [again, why] = submit(1, {{"reviewer", "alice"}});
  EXPECT_EQ(again, 422);
  EXPECT_EQ(why["choice"], "replace");
  EXPECT_EQ(score_of("KNK"), Score(2));
}

TEST_F(ApiTest, SubmitRefusesAnImpossibleVerdictAndChangesNothing) {
  serve();
  // One red rook more than the invariable KRK (1) cannot make red worse.
  ASSERT_EQ(put_draft(1, "KRRK", "9", "alice").first, 200);
  const auto [status, why] = submit(1, {{"reviewer", "alice"}, {"partial", true}});
  EXPECT_EQ(status, 422);
  EXPECT_NE(why["error"].get<std::string>().find("cannot be true"), std::string::npos);
  EXPECT_EQ(why["line"], 2);
  EXPECT_EQ(score_of("KRRK"), Score(1));
}

TEST_F(ApiTest, SubmitRefusesStaleRowsUnlessAccepted) {
  serve();
  ASSERT_EQ(put_draft(1, "KNK", "ok", "alice").first, 200);
  ASSERT_EQ(
      run("import " + path("store.sqlite") + " " + write("change.csv", "material,score\nKNK,2\n"))
          .code,
      0);
  const auto [status, why] = submit(1, {{"reviewer", "alice"}, {"partial", true}});
  EXPECT_EQ(status, 422);
  EXPECT_EQ(why["choice"], "accept stale");
  EXPECT_EQ(score_of("KNK"), Score(2));
  const auto [accepted, result] =
      submit(1, {{"reviewer", "alice"}, {"partial", true}, {"accept_stale", true}});
  EXPECT_EQ(accepted, 200) << result.dump();
  EXPECT_EQ(score_of("KNK"), Score(3));  // ok stands for the score drawn, 3
}

TEST_F(ApiTest, SubmitRefusesMissingRowsUnlessPartial) {
  serve();
  ASSERT_EQ(put_draft(1, "KNK", "ok", "alice").first, 200);
  const auto [status, why] = submit(1, {{"reviewer", "alice"}});
  EXPECT_EQ(status, 422);
  EXPECT_EQ(why["choice"], "partial");
  EXPECT_EQ(why["lines"], nlohmann::json({2, 4})) << "KRRK and KCK are missing";
  EXPECT_EQ(submit(1, {{"reviewer", "carol"}, {"partial", true}}).first, 422);  // no answers
  EXPECT_EQ(submit(9, {{"reviewer", "alice"}}).first, 404);
  EXPECT_EQ(submit(1, {{"reviewer", "alice"}, {"partial", "yes"}}).first, 400);
}

TEST_F(ApiTest, TokenIsRequiredWhenSet) {
  ServeOptions options;
  options.tokens = {{"0123456789abcdef", "alice"}};
  serve(options);
  EXPECT_EQ(get("/api/batches").first, 401);
  EXPECT_EQ(get("/api/batches?token=wrong").first, 401);
  EXPECT_EQ(get("/api/batches?token=0123456789abcdef").first, 200);
  const auto r = client().Get("/api/batches/1", {{"X-Egkb-Token", "0123456789abcdef"}});
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
  EXPECT_EQ(put_draft(1, "KNK", "2", "alice").first, 401);
  EXPECT_EQ(drafts(BatchId(1)), 0u);
  // The page itself holds no data; it reads the token from its address.
  EXPECT_EQ(client().Get("/")->status, 200);
}

TEST_F(ApiTest, RequestsFromAnotherSiteAreRefused) {
  serve();
  const auto r = client().Put("/api/batches/1/drafts/KNK", {{"Origin", "http://evil.example"}},
                              R"({"verdict": "2", "reviewer": "alice"})", "application/json");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 403);
  EXPECT_EQ(drafts(BatchId(1)), 0u);
  const auto rebound = client().Get("/api/batches", {{"Host", "evil.example:80"}});
  ASSERT_TRUE(rebound);
  EXPECT_EQ(rebound->status, 403);
}

TEST_F(ApiTest, OversizedBodiesAreRefused) {
  ServeOptions options;
  options.body_limit = 1024;
  serve(options);
  const std::string body = R"({"verdict": "2", "reviewer": ")" + std::string(4000, 'a') + "\"}";
  const auto [status, why] =
      answer_of(client().Put("/api/batches/1/drafts/KNK", origin(), body, "application/json"));
  EXPECT_EQ(status, 413);
  EXPECT_TRUE(why.contains("error"));
  EXPECT_EQ(drafts(BatchId(1)), 0u);
}

TEST_F(ApiTest, OnlyTheAppAndTheApiAreServed) {
  serve();
  const auto page = client().Get("/");
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 200);
  EXPECT_NE(page->body.find("<title>egkb review</title>"), std::string::npos);
  EXPECT_NE(page->get_header_value("Content-Security-Policy").find("default-src 'none'"),
            std::string::npos);
  EXPECT_EQ(client().Get("/app.js")->get_header_value("Content-Type"),
            "text/javascript; charset=utf-8");
  for (const char* path : {"/../../etc/passwd", "/store.sqlite", "/api/nodes/..%2f..%2fetc",
                           "/kb.csv", "/serve/assets/app.js"}) {
    const auto r = client().Get(path);
    ASSERT_TRUE(r) << path;
    EXPECT_TRUE(r->status == 404 || r->status == 400) << path << " answered " << r->status;
    EXPECT_EQ(r->body.find("KRRK"), std::string::npos) << path;
  }
}

TEST_F(ApiTest, ASecondServerCannotTakeAPortInUse) {
  serve();
  ServeOptions second;
  second.store = path("store.sqlite");
  second.port = port_;
  ReviewServer other(second);
  EXPECT_THROW(other.bind(), IoError);
}

// The links serve prints: the address given, or behind a wildcard the machine's name and each
// address a browser elsewhere can open, never 0.0.0.0 or ::.
TEST(ReviewUrls, AWildcardHostIsShownAsTheMachine) {
  using Urls = std::vector<std::string>;
  const MachineAddresses lab{"lab7", {"192.168.1.5", "10.0.0.2"}, {"2001:db8::5"}};
  EXPECT_EQ(review_urls("http", "127.0.0.1", 8600, lab), Urls{"http://127.0.0.1:8600/"});
  EXPECT_EQ(review_urls("http", "::1", 8600, lab), Urls{"http://[::1]:8600/"});
  EXPECT_EQ(review_urls("http", "0.0.0.0", 8600, lab),
            (Urls{"http://lab7:8600/", "http://192.168.1.5:8600/", "http://10.0.0.2:8600/"}));
  EXPECT_EQ(review_urls("http", "::", 8600, lab),
            (Urls{"http://lab7:8600/", "http://192.168.1.5:8600/", "http://10.0.0.2:8600/",
                  "http://[2001:db8::5]:8600/"}));
  EXPECT_EQ(review_urls("http", "0.0.0.0", 8600, {}), Urls{"http://127.0.0.1:8600/"})
      << "a machine without a name or network is reached on loopback";
  EXPECT_EQ(review_urls("http", "::", 8600, {"localhost", {}, {}}), Urls{"http://[::1]:8600/"});
  EXPECT_EQ(review_urls("https", "0.0.0.0", 8600, lab),
            (Urls{"https://lab7:8600/", "https://192.168.1.5:8600/", "https://10.0.0.2:8600/"}))
      << "a server with TLS prints https links";
  const MachineAddresses here = machine_addresses();
  for (const std::string& a : here.ipv4) EXPECT_FALSE(a.starts_with("127.")) << a;
  for (const std::string& a : here.ipv6) EXPECT_FALSE(a == "::1" || a.starts_with("fe80")) << a;
}

// Issue 44, item 2: each row says its evidence's score and whether its rank differs from the
// score drawn. KRRK (1) has no evidence; KNK (3) has its mirror KKN's, a red win there (0), so a
// black win (9) here: it disagrees; KCK (3) has evidence binned to 3: it agrees. KPK (4, batch 2)
// with evidence 5 agrees: 4 and 5 are one rank.
TEST_F(ApiTest, EachRowSaysWhetherItsEvidenceDisagreesWithItsScore) {
  {
    Store store = Store::open(path("store.sqlite"));
    const auto put = [&](const char* material, int score) {
      EvidenceRecord r;
      r.key = key_of(parse_material(material, store.pieces()), store.pieces());
      r.engine = "Fake 1";
      r.budget = "depth 1";
      r.scores = {0};
      r.draws = 1;
      r.score = Score(score);
      store.write_apart([&](StoreWriter& w) {
        store::put_evidence(w, store::add_run(w, {.command = "evidence"}), r);
      });
    };
    put("KKN", 0);
    put("KCK", 3);
    put("KPK", 5);
  }
  serve();
  const auto [status, batch] = get("/api/batches/1");
  ASSERT_EQ(status, 200) << batch.dump();
  const auto items = batch["items"];
  EXPECT_TRUE(items[0]["evidence_score"].is_null());
  EXPECT_EQ(items[0]["evidence_disagrees"], false);
  EXPECT_EQ(items[1]["evidence_score"], 9);
  EXPECT_EQ(items[1]["evidence_disagrees"], true);
  EXPECT_EQ(items[2]["evidence_score"], 3);
  EXPECT_EQ(items[2]["evidence_disagrees"], false);
  const auto kpk = get("/api/batches/2").second["items"][0];
  EXPECT_EQ(kpk["evidence_score"], 5);
  EXPECT_EQ(kpk["evidence_disagrees"], false);
}

}  // namespace
}  // namespace egkb::test
