// A change carries the revision of the row it was made on (issue 40, item 1): a change made on
// an older state, as a closed tab's queue delivered late, is refused with the row as it stands
// and never applied over a newer answer; an undo or a redo is refused on another row or
// revision; a browser's queue arrives in one request, each change applied in order on its own
// revision and once per id.
#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>

#include "tests/serve/serve_fixture.h"
#include "tests/support/store_oracle.h"

namespace egkb::test {
namespace {

// Batch 1 draws KRRK, KNK, KCK and KPK, sheet lines 2 to 5.
class RevisionApiTest : public ServeTest {
 protected:
  void SetUp() override {
    ServeTest::SetUp();
    make_store(kSmallXiangqiCsv, {{"KRRK", "KNK", "KCK", "KPK"}});
    serve();
  }
  std::pair<int, nlohmann::json> put(const std::string& material, nlohmann::json body) const {
    body["reviewer"] = "alice";
    return send("PUT", "/api/batches/1/drafts/" + material, body);
  }
  std::pair<int, nlohmann::json> step(const std::string& what, nlohmann::json body) const {
    body["reviewer"] = "alice";
    return send("POST", "/api/batches/1/" + what, body);
  }
  // The verdicts alice's changes of a row gave, in order ('-' for none), as the store's history
  // holds them, taken back or not.
  std::string history(const std::string& material) const {
    SQLite::Database db(path("store.sqlite"), SQLite::OPEN_READONLY);
    SQLite::Statement q(
        db,
        "SELECT coalesce(c.verdict, '-') FROM draft_changes c JOIN nodes n ON "
        "n.key = c.key WHERE n.material = ? AND c.reviewer = 'alice' ORDER BY c.id");
    q.bind(1, material);
    std::string said;
    while (q.executeStep()) said += q.getColumn(0).getString();
    return said;
  }
};

// The case: a closed tab had queued 6 for line 3, made when it was unanswered; the new
// tab answered 0 there; the 6 arrives late and is refused, so the history holds the 0 alone.
TEST_F(RevisionApiTest, AChangeMadeOnAnOlderRevisionIsRefusedWithTheRowAsItStands) {
  const auto [status, newer] = put("KNK", {{"verdict", "0"}, {"revision", 0}});
  ASSERT_EQ(status, 200) << newer.dump();
  const int64_t revision = newer["revision"];
  EXPECT_GT(revision, 0);
  const auto [late, why] = put("KNK", {{"verdict", "6"}, {"revision", 0}, {"request", "t1-6"}});
  EXPECT_EQ(late, 412) << why.dump();
  EXPECT_EQ(why["field"], "revision");
  EXPECT_EQ(why["line"], 3);
  EXPECT_EQ(why["draft"]["verdict"], "0") << "the refusal carries the row as it stands";
  EXPECT_EQ(why["draft"]["revision"], revision);
  EXPECT_EQ(why["item"]["drafts"], nlohmann::json({{"alice", "0"}})) << "and the batch's row";
  EXPECT_EQ(newer["item"]["revisions"], nlohmann::json({{"alice", revision}}));
  EXPECT_EQ(history("KNK"), "0");
  // Refused, the request id is not spent: the same change made on the newer revision applies.
  const auto [again, applied] =
      put("KNK", {{"verdict", "6"}, {"revision", revision}, {"request", "t1-6"}});
  EXPECT_EQ(again, 200) << applied.dump();
  EXPECT_GT(applied["revision"].get<int64_t>(), revision);
  EXPECT_EQ(history("KNK"), "06");
  // A change without a revision is applied on any, as before.
  EXPECT_EQ(put("KNK", {{"verdict", "5"}}).first, 200);
  // The batch names each reviewer's revision of each row changed.
  const auto [read, batch] = get("/api/batches/1");
  ASSERT_EQ(read, 200);
  EXPECT_EQ(batch["items"][1]["revisions"]["alice"],
            query_number(path("store.sqlite"), "SELECT max(id) FROM draft_changes"));
  EXPECT_TRUE(batch["items"][0]["revisions"].empty());
  EXPECT_EQ(put("KNK", {{"verdict", "5"}, {"revision", -1}}).first, 400);
}

TEST_F(RevisionApiTest, UndoAndRedoAreRefusedOnAnotherRowOrRevision) {
  const int64_t first = put("KRRK", {{"verdict", "1"}}).second["revision"];
  const int64_t second = put("KNK", {{"verdict", "2"}}).second["revision"];
  // Undo was made when KRRK's change was the latest: now KNK's is, and nothing is undone.
  auto [status, reply] = step("undo", {{"material", "KRRK"}, {"revision", first}});
  EXPECT_EQ(status, 412) << reply.dump();
  EXPECT_EQ(reply["draft"]["material"], "KRRK");
  EXPECT_EQ(history("KNK"), "2");
  EXPECT_EQ(query_number(path("store.sqlite"), "SELECT count(*) FROM draft_changes WHERE undone"),
            0);
  std::tie(status, reply) = step("undo", {{"material", "KNK"}, {"revision", second}});
  EXPECT_EQ(status, 200) << reply.dump();
  EXPECT_TRUE(reply["verdict"].is_null());
  EXPECT_EQ(reply["revision"], 0) << "no change of KNK stands";
  // Redo made on the row before the undo is stale; made on the row as the undo left it, it puts
  // the 2 back at its revision.
  EXPECT_EQ(step("redo", {{"material", "KNK"}, {"revision", second}}).first, 412);
  std::tie(status, reply) = step("redo", {{"material", "KNK"}, {"revision", 0}});
  EXPECT_EQ(status, 200) << reply.dump();
  EXPECT_EQ(reply["verdict"], "2");
  EXPECT_EQ(reply["revision"], second);
  EXPECT_EQ(step("undo", {{"revision", second}}).first, 400) << "a revision names its row";
}

TEST_F(RevisionApiTest, AQueueOfChangesArrivesInOneRequestEachOnItsOwnRevision) {
  const nlohmann::json changes = {
      {{"kind", "put"}, {"material", "KRRK"}, {"verdict", "1"}, {"revision", 0}, {"request", "a"}},
      {{"kind", "put"}, {"material", "KNK"}, {"verdict", "2"}, {"revision", 0}, {"request", "b"}},
      {{"kind", "put"}, {"material", "KCK"}, {"verdict", "3"}, {"revision", 7}, {"request", "c"}},
      {{"kind", "jump"}, {"request", "d"}},
      {{"kind", "put"}, {"material", "KPK"}, {"flagged", true}, {"seconds", 2}, {"request", "e"}},
      {{"kind", "undo"}, {"request", "f"}}};
  const auto [status, reply] =
      send("POST", "/api/batches/1/changes", {{"reviewer", "alice"}, {"changes", changes}});
  ASSERT_EQ(status, 200) << reply.dump();
  std::vector<int> statuses;
  for (const auto& r : reply["results"]) statuses.push_back(r["status"]);
  EXPECT_EQ(statuses, (std::vector<int>{200, 200, 412, 400, 200, 200}));
  EXPECT_EQ(reply["results"][2]["draft"]["material"], "KCK");
  EXPECT_EQ(reply["results"][5]["material"], "KPK") << "the undo took back the flag, the latest";
  // Each answer that names a row carries it as the batch lists it, after the request's changes:
  // KRRK answered, KCK as it stood when its change was refused, KPK's flag taken back.
  EXPECT_EQ(reply["results"][0]["item"]["drafts"], nlohmann::json({{"alice", "1"}}));
  EXPECT_EQ(reply["results"][0]["item"]["line"], 2);
  EXPECT_EQ(reply["results"][2]["item"]["material"], "KCK");
  EXPECT_TRUE(reply["results"][2]["item"]["drafts"].empty());
  EXPECT_FALSE(reply["results"][3].contains("item")) << "a refusal naming no row";
  EXPECT_TRUE(reply["results"][5]["item"]["flagged"].empty());
  EXPECT_EQ(reply["results"][4]["item"], reply["results"][5]["item"]) << "as the request left it";
  EXPECT_EQ(history("KRRK") + history("KNK") + history("KCK"), "12");
  // Sent again (the answer lost): each change applied is answered as repeated, none twice.
  const auto [again, repeated] =
      send("POST", "/api/batches/1/changes", {{"reviewer", "alice"}, {"changes", changes}});
  ASSERT_EQ(again, 200);
  EXPECT_EQ(repeated["results"][0]["repeated"], true);
  EXPECT_EQ(repeated["results"][5]["repeated"], true);
  EXPECT_EQ(query_number(path("store.sqlite"), "SELECT count(*) FROM draft_changes"), 3);
  EXPECT_EQ(query_number(path("store.sqlite"), "SELECT sum(seconds) FROM row_times"), 2);
  // The list itself: a batch the store lacks, and no changes or too many, are refused whole.
  EXPECT_EQ(
      send("POST", "/api/batches/9/changes", {{"reviewer", "alice"}, {"changes", changes}}).first,
      404);
  EXPECT_EQ(send("POST", "/api/batches/1/changes", {{"reviewer", "alice"}, {"changes", {}}}).first,
            400);
  const nlohmann::json many(ReviewApi::kMostChanges + 1, changes[0]);
  EXPECT_EQ(
      send("POST", "/api/batches/1/changes", {{"reviewer", "alice"}, {"changes", many}}).first,
      400);
}

}  // namespace
}  // namespace egkb::test
