// The review app and solved rows: a node shows its counts and the bounds solved rows put on it,
// and a submit whose verdict contradicts a solved row is refused (422) naming the counts.
#include <gtest/gtest.h>

#include "tests/serve/serve_fixture.h"
#include "tests/support/store_oracle.h"

namespace egkb {
namespace {

class SolvedApiTest : public test::ServeTest {
 protected:
  // KNKM, KNMKM and KNMMKM drawn as generated rows, then KNKM (0.151: 3) and KNMKM (0.142: 4)
  // solved.
  void SetUp() override {
    ServeTest::SetUp();
    make_store("material,score\nKNKM,2\nKNMKM,2\nKNMMKM,6\n", {{"KNKM", "KNMKM", "KNMMKM"}});
    write("counts.csv",
          "material,rtm_win,rtm_draw,rtm_loss,btm_win,btm_draw,btm_loss\n"
          "KNKM,302,698,0,0,1000,0\nKNMKM,284,716,0,0,1000,0\n");
    ASSERT_EQ(
        run("import " + path("store.sqlite") + " " + path("counts.csv") + " --from-counts --solved")
            .code,
        0);
    serve();
  }
};

TEST_F(SolvedApiTest, ANodeShowsItsCountsAndTheBoundsSolvedRowsPutOnIt) {
  const auto [status, knkm] = get("/api/nodes/KNKM");
  ASSERT_EQ(status, 200);
  EXPECT_EQ(knkm["source"], "solved");
  EXPECT_EQ(knkm["solved"]["rules"], "exact");
  EXPECT_EQ(knkm["solved"]["red_to_move"]["win"], 302);
  EXPECT_EQ(knkm["bounds"]["settled"][0]["material"], "KNMKM");
  const auto bounds = get("/api/nodes/KNMMKM").second["bounds"];
  ASSERT_EQ(bounds["from_neighbours"].size(), 1u) << bounds.dump();
  EXPECT_EQ(bounds["from_neighbours"][0]["material"], "KNMKM");
  EXPECT_EQ(bounds["from_neighbours"][0]["text"], "at least a draw for red");
}

TEST_F(SolvedApiTest, ASubmitThatContradictsASolvedRowIsRefusedNamingTheCounts) {
  ASSERT_EQ(put_draft(1, "KNKM", "1", "alice").first, 200);
  ASSERT_EQ(put_draft(1, "KNMMKM", "4", "alice").first, 200);
  const auto before = test::stored_nodes(path("store.sqlite"));
  const auto [status, why] =
      submit(1, {{"reviewer", "alice"}, {"partial", true}, {"accept_stale", true}});
  EXPECT_EQ(status, 422);
  EXPECT_NE(why["error"].get<std::string>().find(
                "the verdict 1 contradicts KNKM, solved 3 (red to move wins 302, draws 698"),
            std::string::npos)
      << why.dump();
  EXPECT_EQ(test::stored_nodes(path("store.sqlite")), before);
  ASSERT_EQ(put_draft(1, "KNKM", "3", "alice").first, 200);
  const auto [taken, result] =
      submit(1, {{"reviewer", "alice"}, {"partial", true}, {"accept_stale", true}});
  EXPECT_EQ(taken, 200) << result.dump();
  const auto after = test::stored_nodes(path("store.sqlite"));
  EXPECT_EQ(after, test::replayed_history(path("store.sqlite")));
  int solved = 0;
  for (const auto& [key, node] : after) solved += node.source == "solved";
  EXPECT_EQ(solved, 2) << "KNKM confirmed stays solved";
}

}  // namespace
}  // namespace egkb
