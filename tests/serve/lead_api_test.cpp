// Three reviewers and a lead on one batch, with the rows assigned two reviewers each: the lead
// settles each disagreement, only the lead submits, and every reviewer's answer, skip, note and
// seconds are kept beside the verdicts and in the exported sheet.
#include <gtest/gtest.h>

#include "store/batches.h"
#include "store/store.h"
#include "tests/serve/serve_fixture.h"
#include "tests/support/reopened.h"
#include "tests/support/store_oracle.h"

namespace egkb::test {
namespace {

// Batch 1 draws KRRK (1), KNK (3), KCK (3) and KPK (4), sheet lines 2 to 5.
class LeadApiTest : public ServeTest {
 protected:
  void SetUp() override {
    ServeTest::SetUp();
    make_store(kSmallXiangqiCsv, {{"KRRK", "KNK", "KCK", "KPK"}});
    ServeOptions options;
    options.roles = {"lead", {"alice", "bob", "carol"}, 2};
    serve(options);
  }
  void answer(const std::string& material, const nlohmann::json& body) const {
    const auto [status, reply] = send("PUT", "/api/batches/1/drafts/" + material, body);
    ASSERT_EQ(status, 200) << reply.dump();
  }
};

TEST_F(LeadApiTest, RowsAreAssignedTwoReviewersEachInTurn) {
  const auto [status, batch] = get("/api/batches/1");
  ASSERT_EQ(status, 200);
  EXPECT_EQ(batch["lead"], "lead");
  EXPECT_EQ(batch["overlap"], 2);
  const std::vector<std::vector<std::string>> expected = {
      {"alice", "bob"}, {"carol", "alice"}, {"bob", "carol"}, {"alice", "bob"}};
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(batch["items"][i]["assigned"].get<std::vector<std::string>>(), expected[i]) << i;
  }
}

TEST_F(LeadApiTest, TheLeadSettlesEachDisagreementAndTheExportHoldsEveryAnswer) {
  answer("KRRK", {{"reviewer", "alice"}, {"verdict", "1"}, {"seconds", 12.4}});
  answer("KRRK", {{"reviewer", "bob"}, {"verdict", "ok"}, {"seconds", 3}});  // ok: the 1 drawn
  answer("KNK", {{"reviewer", "carol"}, {"verdict", "2"}});
  answer("KNK", {{"reviewer", "alice"}, {"verdict", "3"}, {"seconds", 20}});
  answer("KCK", {{"reviewer", "bob"}, {"verdict", "4"}, {"note", "a slow win; it takes long"}});
  answer("KCK", {{"reviewer", "carol"}, {"verdict", "4"}});
  answer("KPK", {{"reviewer", "alice"}, {"verdict", "6"}});
  answer("KPK", {{"reviewer", "alice"}, {"skipped", true}, {"seconds", 2}});  // clears the 6
  answer("KPK", {{"reviewer", "bob"}, {"verdict", "5"}});

  // Fleiss' kappa over KRRK {1, 1}, KNK {3, 2}, KCK {4, 4} (KPK has one answer): P = 2/3,
  // shares 1: 2/6, 2: 1/6, 3: 1/6, 4: 2/6, Pe = 10/36, kappa = (2/3 − 5/18) / (13/18) = 7/13.
  const auto [a_status, agreement] = get("/api/batches/1/agreement");
  ASSERT_EQ(a_status, 200);
  EXPECT_NEAR(agreement["fleiss_kappa"].get<double>(), 7.0 / 13.0, 1e-12);
  ASSERT_EQ(agreement["times"].size(), 2u);  // carol's answers came without seconds
  EXPECT_EQ(agreement["times"][0]["reviewer"], "alice");
  EXPECT_EQ(agreement["times"][0]["rows"], 3);
  EXPECT_NEAR(agreement["times"][0]["seconds"].get<double>(), 34.4, 1e-9);
  EXPECT_NEAR(agreement["times"][0]["median_seconds"].get<double>(), 12.4, 1e-9);
  // Issue 44, item 7: the batch gives each reviewer's median too, for the time left.
  EXPECT_NEAR(get("/api/batches/1").second["median_seconds"]["alice"].get<double>(), 12.4, 1e-9);

  // Each row says what the rules decide of it, in the batch and in a change's answer: KNK (alice
  // 3, carol 2) differs and is not settled, KRRK (alice 1, bob ok for the 1 drawn) is.
  const auto [b_status, batch] = get("/api/batches/1");
  ASSERT_EQ(b_status, 200);
  EXPECT_EQ(batch["items"][0]["disagree"], false);
  EXPECT_EQ(batch["items"][0]["settled"], true);
  EXPECT_EQ(batch["items"][0]["scores"], nlohmann::json({{"alice", 1}, {"bob", 1}}));
  EXPECT_EQ(batch["items"][1]["disagree"], true);
  EXPECT_EQ(batch["items"][1]["settled"], false);
  EXPECT_EQ(batch["items"][1]["answerers"], nlohmann::json({"carol", "alice", "lead"}));
  EXPECT_EQ(batch["items"][1]["symbols"], nlohmann::json({"帥傌", "將"}));

  // Only the lead submits.
  const auto [not_lead, why_not] = submit(1, {{"reviewer", "alice"}});
  EXPECT_EQ(not_lead, 403);
  EXPECT_NE(why_not["error"].get<std::string>().find("lead is the lead reviewer"),
            std::string::npos)
      << why_not.dump();
  // KNK is answered differently and the lead has not answered it: refused, whatever the boxes.
  const auto [open, why] =
      submit(1, {{"reviewer", "lead"}, {"accept_disagreements", true}, {"partial", true}});
  EXPECT_EQ(open, 422);
  EXPECT_EQ(why["line"], 3);
  EXPECT_EQ(why["lines"], nlohmann::json({3})) << "every row it names, for the app to link";
  EXPECT_NE(why["error"].get<std::string>().find("line 3 verdict: KNK: alice 3, carol 2"),
            std::string::npos)
      << why.dump();
  EXPECT_FALSE(store::batch_import(test::Reopened(path("store.sqlite")), BatchId(1)));

  const auto [settling, settled] =
      send("PUT", "/api/batches/1/drafts/KNK",
           {{"reviewer", "lead"}, {"verdict", "2"}, {"note", "the knight holds"}});
  ASSERT_EQ(settling, 200) << settled.dump();
  EXPECT_EQ(settled["item"]["settled"], true) << "the lead's answer settles the row";
  EXPECT_EQ(settled["item"]["disagree"], true);
  const auto [status, result] = submit(1, {{"reviewer", "lead"}});
  ASSERT_EQ(status, 200) << result.dump();
  const std::optional<BatchImport> import =
      store::batch_import(test::Reopened(path("store.sqlite")), BatchId(1));
  ASSERT_TRUE(import);
  EXPECT_EQ(import->reviewer, "lead");
  Store store = Store::open(path("store.sqlite"));
  const PieceSet& pieces = store.pieces();
  const auto verdict_of = [&](const char* m) {
    return value(import->verdicts.at(key_of(parse_material(m, pieces), pieces)));
  };
  EXPECT_EQ(verdict_of("KRRK"), 1);  // alice 1 and bob's ok agree
  EXPECT_EQ(verdict_of("KNK"), 2);   // the lead's
  EXPECT_EQ(verdict_of("KCK"), 4);   // bob and carol agree
  EXPECT_EQ(verdict_of("KPK"), 5);   // bob alone answered; alice skipped
  EXPECT_EQ(query_number(path("store.sqlite"), "SELECT count(*) FROM verdict_answers"), 9);

  const Outcome exported = run("review export " + path("store.sqlite") + " 1 --out -");
  ASSERT_EQ(exported.code, 0) << exported.err;
  const std::string& csv = exported.out;
  EXPECT_NE(csv.find(",\"alice: 1, 12 s; bob: ok, 3 s\"\n"), std::string::npos) << csv;
  EXPECT_NE(csv.find(",\"alice: 3, 20 s; carol: 2; lead: 2, \"\"the knight holds\"\"\"\n"),
            std::string::npos)
      << csv;
  EXPECT_NE(csv.find(",\"bob: 4, \"\"a slow win; it takes long\"\"; carol: 4\"\n"),
            std::string::npos)
      << csv;
  EXPECT_NE(csv.find(",\"alice: skip, 2 s; bob: 5\"\n"), std::string::npos) << csv;
}

TEST_F(LeadApiTest, ASkipAndAVerdictExcludeEachOther) {
  answer("KNK", {{"reviewer", "alice"}, {"verdict", "2"}});
  auto [status, draft] =
      send("PUT", "/api/batches/1/drafts/KNK", {{"reviewer", "alice"}, {"skipped", true}});
  ASSERT_EQ(status, 200);
  EXPECT_TRUE(draft["verdict"].is_null());
  EXPECT_EQ(draft["skipped"], true);
  std::tie(status, draft) =
      send("PUT", "/api/batches/1/drafts/KNK", {{"reviewer", "alice"}, {"verdict", "5"}});
  EXPECT_EQ(draft["verdict"], "5");
  EXPECT_EQ(draft["skipped"], false);
  // Undo takes the verdict back to the skip.
  std::tie(status, draft) = send("POST", "/api/batches/1/undo", {{"reviewer", "alice"}});
  ASSERT_EQ(status, 200);
  EXPECT_TRUE(draft["verdict"].is_null());
  EXPECT_EQ(draft["skipped"], true);
  for (const nlohmann::json& bad :
       {nlohmann::json(-1), nlohmann::json(3601), nlohmann::json("5")}) {
    const auto [refused, why] = send("PUT", "/api/batches/1/drafts/KNK",
                                     {{"reviewer", "alice"}, {"verdict", "1"}, {"seconds", bad}});
    EXPECT_EQ(refused, 400) << bad;
    EXPECT_EQ(why["field"], "seconds");
  }
  EXPECT_EQ(query_number(path("store.sqlite"), "SELECT count(*) FROM row_times"), 0);
}

// A reviewer changes only the rows assigned to them (issue 40, item 7): carol's answer, note,
// flag, skip or removal on KRRK (line 2, alice's and bob's) is refused naming the row and whose
// it is, and nothing is written; the lead answers any row.
TEST_F(LeadApiTest, AReviewerChangesOnlyTheRowsAssignedToThem) {
  for (const nlohmann::json& change :
       {nlohmann::json{{"verdict", "1"}}, nlohmann::json{{"note", "mine"}},
        nlohmann::json{{"flagged", true}}, nlohmann::json{{"skipped", true}}}) {
    nlohmann::json body = change;
    body["reviewer"] = "carol";
    const auto [status, why] = send("PUT", "/api/batches/1/drafts/KRRK", body);
    EXPECT_EQ(status, 403) << change;
    EXPECT_EQ(why["line"], 2) << why.dump();
    EXPECT_EQ(why["error"],
              "KRRK (line 2) is assigned to alice and bob, not to carol: each reviewer answers "
              "the rows assigned to them");
  }
  const auto [removed, why] = send("DELETE", "/api/batches/1/drafts/KRRK?reviewer=carol");
  EXPECT_EQ(removed, 403) << why.dump();
  EXPECT_EQ(query_number(path("store.sqlite"), "SELECT count(*) FROM draft_changes"), 0);
  answer("KNK", {{"reviewer", "carol"}, {"verdict", "3"}});
  answer("KRRK", {{"reviewer", "lead"}, {"verdict", "1"}});
  EXPECT_EQ(query_number(path("store.sqlite"), "SELECT count(*) FROM drafts"), 2);
}

// A blind review with each reviewer's token (issue 44, item 1): before bob answers KRRK, neither
// his page (the batch), nor the agreement, nor the answer to a change of another row shows
// alice's answer or note to it; once he answers, his answer's row shows hers. The lead sees all.
class BlindApiTest : public ServeTest {
 protected:
  void SetUp() override {
    ServeTest::SetUp();
    make_store(kSmallXiangqiCsv, {{"KRRK", "KNK", "KCK", "KPK"}});
    ServeOptions options;
    options.roles = {"lead", {"alice", "bob", "carol"}, 2, true};
    options.tokens = {{std::string(32, 'a'), "alice"},
                      {std::string(32, 'b'), "bob"},
                      {std::string(32, 'l'), "lead"}};
    serve(options);
  }
  static httplib::Headers as(char who) { return {{"X-Egkb-Token", std::string(32, who)}}; }
};

TEST_F(BlindApiTest, NoOtherAnswerIsShownBeforeTheReviewerAnswersTheRow) {
  ASSERT_EQ(send("PUT", "/api/batches/1/drafts/KRRK", {{"verdict", "1"}, {"note", "hers"}}, as('a'))
                .first,
            200);
  const auto krrk_of = [&](char who) {
    return send("GET", "/api/batches/1", nullptr, as(who)).second["items"][0];
  };
  const nlohmann::json before = krrk_of('b');
  EXPECT_EQ(before["drafts"], nlohmann::json::object()) << before.dump();
  EXPECT_EQ(before["notes"], nlohmann::json::object());
  EXPECT_EQ(before["revisions"], nlohmann::json::object());
  EXPECT_EQ(krrk_of('l')["drafts"], nlohmann::json({{"alice", "1"}})) << "the lead sees all";
  EXPECT_EQ(krrk_of('a')["drafts"], nlohmann::json({{"alice", "1"}}));
  // Another reviewer's name in the query is refused, as in a change.
  EXPECT_EQ(send("GET", "/api/batches/1?reviewer=lead", nullptr, as('b')).first, 403);
  // bob's change of another row answers that row alone as he sees it.
  const auto [changed, reply] =
      send("PUT", "/api/batches/1/drafts/KPK", {{"verdict", "4"}}, as('b'));
  ASSERT_EQ(changed, 200);
  EXPECT_EQ(reply["item"]["drafts"], nlohmann::json({{"bob", "4"}}));
  const auto [a_status, agreement] = get("/api/batches/1/agreement?token=" + std::string(32, 'b'));
  ASSERT_EQ(a_status, 200);
  EXPECT_EQ(agreement["blind"], true);
  EXPECT_EQ(agreement["reviewers"], nlohmann::json({"bob"})) << agreement.dump();
  // Once bob answers KRRK, the answer's row holds alice's answer and note, and so does his page.
  const auto [answered, row] =
      send("PUT", "/api/batches/1/drafts/KRRK", {{"verdict", "3"}}, as('b'));
  ASSERT_EQ(answered, 200);
  EXPECT_EQ(row["item"]["drafts"], nlohmann::json({{"alice", "1"}, {"bob", "3"}}));
  EXPECT_EQ(row["item"]["notes"], nlohmann::json({{"alice", "hers"}}));
  EXPECT_EQ(row["item"]["disagree"], true);
  EXPECT_EQ(krrk_of('b')["drafts"], row["item"]["drafts"]);
  EXPECT_EQ(send("GET", "/api/session", nullptr, as('b')).second["blind"], true);
}

}  // namespace
}  // namespace egkb::test
