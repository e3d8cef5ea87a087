// What the review app keeps of a reviewer's work over HTTP: notes and flags beside the verdict,
// the draft history walked back by undo across server runs, one token per reviewer, a submitted
// batch read-only, disagreements warned of before a submit, and the agreement figures.
#include <gtest/gtest.h>

#include "lattice/material.h"
#include "store/batches.h"
#include "store/drafts.h"
#include "store/store.h"
#include "tests/serve/serve_fixture.h"
#include "tests/support/reopened.h"
#include "tests/support/store_oracle.h"

namespace egkb::test {
namespace {

// Batch 1 draws KRRK, KNK, KCK and KPK (sheet lines 2 to 5), batch 2 KRK, KNK, KCK and KPK;
// nothing is invariable.
class DraftsApiTest : public ServeTest {
 protected:
  void SetUp() override {
    ServeTest::SetUp();
    make_store(kSmallXiangqiCsv, {{"KRRK", "KNK", "KCK", "KPK"}, {"KRK", "KNK", "KCK", "KPK"}});
  }

  std::pair<int, nlohmann::json> put(const std::string& material, const nlohmann::json& body,
                                     httplib::Headers headers = {}) const {
    return send("PUT", "/api/batches/1/drafts/" + material, body, std::move(headers));
  }
  std::pair<int, nlohmann::json> undo(const std::string& reviewer) const {
    return send("POST", "/api/batches/1/undo", {{"reviewer", reviewer}});
  }
  std::pair<int, nlohmann::json> step(const std::string& what, const std::string& reviewer,
                                      const std::string& request) const {
    return send("POST", "/api/batches/1/" + what, {{"reviewer", reviewer}, {"request", request}});
  }
  int64_t changes_in_store() const {
    return query_number(path("store.sqlite"), "SELECT count(*) FROM draft_changes");
  }
  // The store's draft of `material` by `reviewer`, read directly.
  std::optional<DraftState> stored(const std::string& material, const std::string& reviewer) {
    Store store = Store::open(path("store.sqlite"));
    const Key key = key_of(parse_material(material, store.pieces()), store.pieces());
    for (const Draft& d : store::drafts(store, BatchId(1))) {
      if (d.key == key && d.reviewer == reviewer) return d.state;
    }
    return std::nullopt;
  }
};

TEST_F(DraftsApiTest, NotesAndFlagsAreKeptBesideTheVerdictAndShownToOthers) {
  serve();
  auto [status, draft] = put("KNK", {{"reviewer", "alice"}, {"flagged", true}});
  ASSERT_EQ(status, 200) << draft.dump();
  EXPECT_EQ(draft["line"], 3);
  EXPECT_TRUE(draft["verdict"].is_null());
  EXPECT_EQ(draft["flagged"], true);
  // A later answer names the verdict only: the flag stays, and a note joins them.
  ASSERT_EQ(put("KNK", {{"reviewer", "alice"}, {"verdict", "2"}}).first, 200);
  std::tie(status, draft) =
      put("KNK", {{"reviewer", "alice"}, {"note", "the knight holds\nfor long"}});
  ASSERT_EQ(status, 200);
  EXPECT_EQ(draft["verdict"], "2");
  EXPECT_EQ(draft["flagged"], true);
  EXPECT_EQ(stored("KNK", "alice"),
            (DraftState{Verdict::of(Score(2)), "the knight holds\nfor long", true}));
  const auto item = get("/api/batches/1").second["items"][1];
  EXPECT_EQ(item["drafts"]["alice"], "2");
  EXPECT_EQ(item["notes"]["alice"], "the knight holds\nfor long");
  EXPECT_EQ(item["flagged"], nlohmann::json::array({"alice"}));
  // A row only flagged is not answered.
  ASSERT_EQ(put("KCK", {{"reviewer", "bob"}, {"flagged", true}}).first, 200);
  const auto list = get("/api/batches").second["batches"][0]["answered"];
  EXPECT_EQ(list, (nlohmann::json{{"alice", 1}}));
  // Refused changes write nothing.
  EXPECT_EQ(put("KNK", {{"reviewer", "alice"}, {"note", "bell\a"}}).first, 400);
  EXPECT_EQ(put("KNK", {{"reviewer", "alice"}, {"flagged", "yes"}}).first, 400);
  EXPECT_EQ(put("KNK", {{"reviewer", "alice"}}).first, 400);
  EXPECT_EQ(put("KNK", {{"reviewer", "alice"}, {"note", std::string(2001, 'a')}}).first, 400);
  EXPECT_EQ(stored("KNK", "alice")->note, "the knight holds\nfor long");
  // Verdict null takes the answer back and keeps the rest.
  ASSERT_EQ(put("KNK", {{"reviewer", "alice"}, {"verdict", nullptr}}).first, 200);
  EXPECT_EQ(stored("KNK", "alice"), (DraftState{std::nullopt, "the knight holds\nfor long", true}));
}

TEST_F(DraftsApiTest, UndoWalksBackTheDraftHistoryAcrossServerRuns) {
  serve();
  ASSERT_EQ(put("KRRK", {{"reviewer", "alice"}, {"verdict", "ok"}}).first, 200);
  ASSERT_EQ(put("KNK", {{"reviewer", "alice"}, {"verdict", "2"}}).first, 200);
  ASSERT_EQ(put("KNK", {{"reviewer", "alice"}, {"verdict", "6"}}).first, 200);
  ASSERT_EQ(put("KNK", {{"reviewer", "bob"}, {"verdict", "5"}}).first, 200);
  // Another server run (a restart, a reload of the page): the history is the store's.
  restart();
  auto [status, undone] = undo("alice");
  ASSERT_EQ(status, 200) << undone.dump();
  EXPECT_EQ(undone["material"], "KNK");
  EXPECT_EQ(undone["line"], 3);
  EXPECT_EQ(undone["verdict"], "2");
  std::tie(status, undone) = undo("alice");
  ASSERT_EQ(status, 200);
  EXPECT_EQ(undone["material"], "KNK");
  EXPECT_TRUE(undone["verdict"].is_null());
  EXPECT_FALSE(stored("KNK", "alice"));
  std::tie(status, undone) = undo("alice");
  EXPECT_EQ(undone["material"], "KRRK");
  const auto [none, why] = undo("alice");
  EXPECT_EQ(none, 422);
  EXPECT_NE(why["error"].get<std::string>().find("nothing left to undo"), std::string::npos);
  EXPECT_EQ(stored("KNK", "bob")->verdict, Verdict::of(Score(5)));  // bob's own history is his
}

TEST_F(DraftsApiTest, RedoPutsBackWhatUndoTookUntilANewChange) {
  serve();
  ASSERT_EQ(put("KRRK", {{"reviewer", "alice"}, {"verdict", "1"}}).first, 200);
  ASSERT_EQ(put("KNK", {{"reviewer", "alice"}, {"verdict", "2"}}).first, 200);
  ASSERT_EQ(put("KNK", {{"reviewer", "alice"}, {"flagged", true}}).first, 200);
  ASSERT_EQ(undo("alice").first, 200);
  ASSERT_EQ(undo("alice").first, 200);
  auto [status, history] = get("/api/batches/1/changes?reviewer=alice");
  ASSERT_EQ(status, 200) << history.dump();
  ASSERT_EQ(history["undo"].size(), 1u);
  EXPECT_EQ(history["undo"][0]["material"], "KRRK");
  EXPECT_TRUE(history["undo"][0]["before"]["verdict"].is_null());
  EXPECT_EQ(history["undo"][0]["after"]["verdict"], "1");
  ASSERT_EQ(history["redo"].size(), 2u);
  EXPECT_EQ(history["redo"][0]["line"], 3);
  EXPECT_EQ(history["redo"][0]["after"]["verdict"], "2");
  EXPECT_EQ(history["redo"][1]["before"]["verdict"], "2");
  EXPECT_EQ(history["redo"][1]["after"]["flagged"], true);

  restart();
  auto [s1, redone] = step("redo", "alice", "r1");
  ASSERT_EQ(s1, 200) << redone.dump();
  EXPECT_EQ(redone["material"], "KNK");
  EXPECT_EQ(redone["verdict"], "2");
  EXPECT_EQ(redone["flagged"], false);
  EXPECT_EQ(step("redo", "alice", "r2").second["flagged"], true);
  const auto [none, why] = step("redo", "alice", "r3");
  EXPECT_EQ(none, 422);
  EXPECT_NE(why["error"].get<std::string>().find("nothing left to redo"), std::string::npos);
  // A new change after an undo ends what can be redone.
  ASSERT_EQ(undo("alice").first, 200);
  ASSERT_EQ(put("KCK", {{"reviewer", "alice"}, {"verdict", "3"}}).first, 200);
  EXPECT_EQ(step("redo", "alice", "r4").first, 422);
  EXPECT_EQ(stored("KNK", "alice"), (DraftState{Verdict::of(Score(2)), "", false}));
  EXPECT_TRUE(get("/api/batches/1/changes?reviewer=alice").second["redo"].empty());
}

TEST_F(DraftsApiTest, ARequestSentAgainIsAppliedOnce) {
  serve();
  const nlohmann::json answer{{"reviewer", "alice"}, {"verdict", "2"}, {"request", "a1"}};
  ASSERT_EQ(put("KNK", answer).first, 200);
  ASSERT_EQ(put("KCK", {{"reviewer", "alice"}, {"verdict", "4"}, {"request", "a2"}}).first, 200);
  // The answer to a1 was lost and the browser sends it again: one change, not two.
  auto [status, again] = put("KNK", answer);
  ASSERT_EQ(status, 200);
  EXPECT_EQ(again["verdict"], "2");
  EXPECT_EQ(changes_in_store(), 2);
  // An undo sent twice takes back one change, and answers again with the row it took back.
  auto [s1, first] = step("undo", "alice", "u1");
  ASSERT_EQ(s1, 200);
  EXPECT_EQ(first["material"], "KCK");
  auto [s2, second] = step("undo", "alice", "u1");
  ASSERT_EQ(s2, 200);
  EXPECT_EQ(second["material"], "KCK");
  EXPECT_TRUE(second["verdict"].is_null());
  EXPECT_EQ(stored("KNK", "alice")->verdict, Verdict::of(Score(2)));
  // So does a redo.
  ASSERT_EQ(step("redo", "alice", "r1").first, 200);
  ASSERT_EQ(step("redo", "alice", "r1").first, 200);
  EXPECT_EQ(stored("KCK", "alice")->verdict, Verdict::of(Score(4)));
  EXPECT_EQ(get("/api/batches/1/changes?reviewer=alice").second["undo"].size(), 2u);
  // An id is another reviewer's to use too; a bad id is refused.
  ASSERT_EQ(put("KNK", {{"reviewer", "bob"}, {"verdict", "7"}, {"request", "a1"}}).first, 200);
  EXPECT_EQ(stored("KNK", "bob")->verdict, Verdict::of(Score(7)));
  EXPECT_EQ(put("KNK", {{"reviewer", "bob"}, {"verdict", "1"}, {"request", "a b"}}).first, 400);
  EXPECT_EQ(put("KNK", {{"reviewer", "bob"}, {"verdict", "1"}, {"request", 5}}).first, 400);
  EXPECT_EQ(stored("KNK", "bob")->verdict, Verdict::of(Score(7)));
}

TEST_F(DraftsApiTest, EachReviewersTokenAnswersOnlyInTheirName) {
  ServeOptions options;
  options.tokens = {{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "alice"},
                    {"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "bob"}};
  serve(options);
  const httplib::Headers alice = {{"X-Egkb-Token", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}};
  EXPECT_EQ(send("GET", "/api/session", nullptr, alice).second["reviewer"], "alice");
  EXPECT_EQ(send("GET", "/api/session?token=bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb").second["reviewer"],
            "bob");
  // No token, a wrong one, or a request without Origin: nobody writes.
  EXPECT_EQ(put("KNK", {{"reviewer", "alice"}, {"verdict", "2"}}).first, 401);
  EXPECT_EQ(answer_of(client().Put("/api/batches/1/drafts/KNK",
                                   R"({"reviewer":"alice","verdict":"2"})", "application/json"))
                .first,
            401);
  // The token names the reviewer; a body naming another is refused.
  const auto [as_bob, why] = put("KNK", {{"reviewer", "bob"}, {"verdict", "2"}}, alice);
  EXPECT_EQ(as_bob, 403);
  // Issue 44, item 5: a name in quotes is never followed by a possessive ('alice''s).
  EXPECT_EQ(why["error"], "this link is for 'alice': it cannot answer as 'bob'");
  EXPECT_EQ(send("DELETE", "/api/batches/1/drafts/KNK?reviewer=bob", nullptr, alice).first, 403);
  EXPECT_EQ(send("POST", "/api/batches/1/submit", {{"reviewer", "bob"}}, alice).first, 403);
  EXPECT_EQ(send("POST", "/api/batches/1/undo", {{"reviewer", "bob"}}, alice).first, 403);
  EXPECT_FALSE(stored("KNK", "bob"));
  // Naming no one, or oneself, answers as the token's reviewer.
  EXPECT_EQ(put("KNK", {{"verdict", "2"}}, alice).second["reviewer"], "alice");
  EXPECT_EQ(put("KCK", {{"reviewer", "alice"}, {"verdict", "ok"}}, alice).first, 200);
  EXPECT_EQ(stored("KNK", "alice")->verdict, Verdict::of(Score(2)));
  EXPECT_EQ(send("POST", "/api/batches/1/undo", nlohmann::json::object(), alice).second["material"],
            "KCK");
}

TEST_F(DraftsApiTest, OnLoopbackWithoutTokensTheRequestNamesTheReviewer) {
  serve();
  EXPECT_TRUE(get("/api/session").second["reviewer"].is_null());
  EXPECT_EQ(put("KNK", {{"verdict", "2"}}).first, 400);  // a name is needed
  EXPECT_EQ(put("KNK", {{"reviewer", "carol"}, {"verdict", "2"}}).first, 200);
}

TEST_F(DraftsApiTest, ASubmittedBatchIsReadOnly) {
  serve();
  for (const char* m : {"KRRK", "KNK", "KCK", "KPK"}) {
    ASSERT_EQ(put(m, {{"reviewer", "alice"}, {"verdict", "ok"}}).first, 200);
  }
  ASSERT_EQ(put("KNK", {{"reviewer", "bob"}, {"flagged", true}}).first, 200);
  ASSERT_EQ(submit(1, {{"reviewer", "alice"}}).first, 200);
  for (const auto& [status, why] :
       {put("KNK", {{"reviewer", "alice"}, {"verdict", "3"}}),
        put("KNK", {{"reviewer", "bob"}, {"note", "late"}}), undo("alice"), undo("bob"),
        send("DELETE", "/api/batches/1/drafts/KNK?reviewer=alice")}) {
    EXPECT_EQ(status, 422);
    EXPECT_EQ(why["choice"], "submitted");
    EXPECT_NE(why["error"].get<std::string>().find("egkb review undo"), std::string::npos);
    EXPECT_EQ(why["error"].get<std::string>().find("store.sqlite"), std::string::npos)
        << "the app knows its store: " << why["error"];
  }
  EXPECT_EQ(stored("KNK", "alice")->verdict, Verdict::ok());
  EXPECT_EQ(stored("KNK", "bob"), (DraftState{std::nullopt, "", true}));
  // Taken back by `egkb review undo`, the batch takes answers again.
  ASSERT_EQ(run("review undo " + path("store.sqlite") + " 1").code, 0);
  EXPECT_EQ(put("KNK", {{"reviewer", "alice"}, {"verdict", "3"}}).first, 200);
}

TEST_F(DraftsApiTest, ASubmitWithOpenDisagreementsIsWarnedOf) {
  serve();
  for (const char* m : {"KRRK", "KNK", "KCK", "KPK"}) {
    ASSERT_EQ(put(m, {{"reviewer", "alice"}, {"verdict", "ok"}}).first, 200);
  }
  ASSERT_EQ(put("KNK", {{"reviewer", "bob"}, {"verdict", "2"}}).first, 200);
  ASSERT_EQ(put("KCK", {{"reviewer", "bob"}, {"verdict", "3"}}).first, 200);  // ok is 3: agrees
  const auto [status, why] = submit(1, {{"reviewer", "alice"}});
  EXPECT_EQ(status, 422);
  EXPECT_EQ(why["choice"], "accept disagreements");
  EXPECT_EQ(why["line"], 3);
  const std::string message = why["error"];
  EXPECT_NE(message.find("line 3 verdict: KNK: alice ok (3), bob 2"), std::string::npos) << message;
  EXPECT_EQ(message.find("KCK"), std::string::npos) << message;
  // The app names rows by their line, not as the command line names a sheet.
  EXPECT_EQ(message.find("as answered by"), std::string::npos) << message;
  EXPECT_EQ(message.rfind("1 row(s) answered otherwise", 0), 0u) << message;
  EXPECT_FALSE(store::batch_import(test::Reopened(path("store.sqlite")), BatchId(1)));
  const auto [accepted, result] =
      submit(1, {{"reviewer", "alice"}, {"accept_disagreements", true}});
  EXPECT_EQ(accepted, 200) << result.dump();
}

// Alice's and bob's ranks on batch 2 as in tests/review/agreement_test.cpp, whose hand
// computation gives kappa 10/13 (bob's ok stands for KRK's drawn 0); carol answered one row.
TEST_F(DraftsApiTest, AgreementGivesPercentAndWeightedKappaPerPair) {
  serve();
  const std::vector<std::pair<const char*, std::vector<const char*>>> answers = {
      {"alice", {"0", "0", "4", "9"}}, {"bob", {"ok", "1", "5", "7"}}};
  const char* rows[] = {"KRK", "KNK", "KCK", "KPK"};
  for (const auto& [name, said] : answers) {
    for (std::size_t i = 0; i < 4; ++i) {
      ASSERT_EQ(send("PUT", std::string("/api/batches/2/drafts/") + rows[i],
                     {{"reviewer", name}, {"verdict", said[i]}})
                    .first,
                200);
    }
  }
  ASSERT_EQ(
      send("PUT", "/api/batches/2/drafts/KNK", {{"reviewer", "carol"}, {"verdict", "1"}}).first,
      200);
  const auto [status, a] = get("/api/batches/2/agreement");
  ASSERT_EQ(status, 200) << a.dump();
  EXPECT_EQ(a["reviewers"], nlohmann::json::array({"alice", "bob", "carol"}));
  ASSERT_EQ(a["pairs"].size(), 3u);
  EXPECT_EQ(a["pairs"][0]["reviewers"], nlohmann::json::array({"alice", "bob"}));
  EXPECT_EQ(a["pairs"][0]["rows"], 4);
  EXPECT_EQ(a["pairs"][0]["same"], 1);
  EXPECT_DOUBLE_EQ(a["pairs"][0]["percent"].get<double>(), 25.0);
  EXPECT_NEAR(a["pairs"][0]["kappa"].get<double>(), 10.0 / 13.0, 1e-12);
  EXPECT_EQ(a["pairs"][2]["reviewers"], nlohmann::json::array({"bob", "carol"}));
  EXPECT_EQ(a["pairs"][2]["same"], 1);
  EXPECT_TRUE(a["pairs"][2]["kappa"].is_null());  // one row, one rank each: undefined
  // Alice's scores down, bob's across: KRK 0/0 (ok is the 0 drawn), KNK 0/1, KCK 4/5, KPK 9/7.
  const auto& confusion = a["pairs"][0]["confusion"];
  ASSERT_EQ(confusion.size(), 10u);
  EXPECT_EQ(confusion[0][0], 1);
  EXPECT_EQ(confusion[0][1], 1);
  EXPECT_EQ(confusion[4][5], 1);
  EXPECT_EQ(confusion[9][7], 1);
  // Fleiss by hand: rows' shares of agreeing pairs 1, 1/3, 0, 0, so P = 1/3; the nine answers'
  // scores 0 ×3, 1 ×2, 4, 5, 7, 9 once: Pe = 17/81; kappa = (27 − 17) / (81 − 17) = 10/64.
  EXPECT_EQ(a["rows_by_several"], 4);
  EXPECT_NEAR(a["fleiss_kappa"].get<double>(), 10.0 / 64.0, 1e-12);
  ASSERT_EQ(a["disagreements"].size(), 3u);
  EXPECT_EQ(a["disagreements"][0]["line"], 3);
  EXPECT_EQ(a["disagreements"][0]["material"], "KNK");
  EXPECT_EQ(a["disagreements"][0]["answers"],
            (nlohmann::json{{"alice", "0"}, {"bob", "1"}, {"carol", "1"}}));
  EXPECT_EQ(get("/api/batches/9/agreement").first, 404);
}

}  // namespace
}  // namespace egkb::test
