// The review rules against solved rows: a verdict other than a solved row's score, or one its
// bounds rule out, is refused naming the counts; one that agrees confirms the row and changes
// nothing; the edges solved rows break between them bind no verdict.
#include <gtest/gtest.h>

#include "base/errors.h"
#include "io/csv.h"
#include "lattice/material.h"
#include "review/rules.h"
#include "store/batches.h"
#include "store/solved_rows.h"
#include "tests/support/sheets.h"
#include "tests/support/store_oracle.h"
#include "tests/support/temp_dir.h"
#include "tests/support/xiangqi.h"

namespace egkb {
namespace {

using test::key;
using test::xq;

// KNKM's real expected result, 0.151 (score 3), and KNMKM's, 0.142 (score 4).
SolvedMaterial solved(const char* material, uint64_t red_to_move_wins) {
  return {{key(material),
           {{ToMove::Red, red_to_move_wins, 0, 1000 - red_to_move_wins, 0, 0},
            {ToMove::Black, 0, 0, 1000, 0, 0}},
           0},
          SolveRules::Exact,
          std::nullopt,
          std::nullopt};
}

class SolvedRules : public test::TempDirTest {
 protected:
  // KNKM and KNMKM solved after a batch drew every row as generated.
  void SetUp() override {
    TempDirTest::SetUp();
    const KnowledgeBase kb = parse_csv(
        "material,score\nKNKM,2\nKNMKM,2\nKNMMKM,2\nKNK,2\nKNGMMKM,1\nKKM,4\n", "kb.csv", {});
    test::make_store(store(), kb);
    Batch batch{BatchId(), "distance-k", 1, "{}", kb.rows.size(), "", {}};
    for (const KbRow& row : kb.rows) batch.items.push_back({row.key, row.score, 1.0, row.source});
    Store s = Store::open(store());
    s.write([&](StoreWriter& w) { store::add_batch(w, batch); });
    Store t = Store::open(store());
    record_solved(t, std::vector{solved("KNKM", 302), solved("KNMKM", 284)});
  }

  std::string store() const { return path("s.sqlite"); }

  FilledSheet sheet(const std::vector<std::pair<const char*, int>>& verdicts) const {
    return test::filled_sheet_of(verdicts);
  }

  // The refusal's text, "" when the sheet passes. Rows solved since the draw are stale.
  std::string refusal(const FilledSheet& f) {
    Store s = Store::open(store());
    try {
      plan_review(s, f, {true, true, false});
    } catch (const InputError& e) {
      return e.what();
    }
    return "";
  }
};

TEST_F(SolvedRules, AVerdictOtherThanTheSolvedScoreNamesTheCounts) {
  const std::string why = refusal(sheet({{"KNKM", 2}}));
  EXPECT_NE(why.find("line 2 verdict: the verdict 2 contradicts KNKM, solved 3 (red to move "
                     "wins 302, draws 698, loses 0; black to move wins 0, draws 1000, loses 0; "
                     "exact)"),
            std::string::npos)
      << why;
  EXPECT_NE(refusal(sheet({{"KNKM", 4}})), "") << "the same rank's other score is refused too";
}

// KNMMKM is KNMKM with a red minister more: at most rank 4, whatever the expert says.
TEST_F(SolvedRules, AVerdictTheSolvedRowsRuleOutIsRefusedWithTheirCounts) {
  const std::string why = refusal(sheet({{"KNMMKM", 6}}));
  EXPECT_NE(why.find("KNMKM, solved 4 (red to move wins 284"), std::string::npos) << why;
  EXPECT_NE(refusal(sheet({{"KNGMMKM", 7}})), "")
      << "a red guard and minister more: still at most 4";
}

// KNKM is KKM with a red horse more, so KKM ranks at least 3. Through the settled edge KNMKM's
// 4 would raise that to 4; it binds nothing, so a verdict of 3 passes.
TEST_F(SolvedRules, TheSettledEdgeBindsNoVerdict) {
  EXPECT_EQ(refusal(sheet({{"KKM", 3}, {"KNK", 3}, {"KNMMKM", 4}})), "");
  EXPECT_NE(refusal(sheet({{"KKM", 2}})), "") << "KNKM's 3 bounds it";
  EXPECT_NE(refusal(sheet({{"KNK", 4}})), "") << "KNKM is KNK with a black minister more";
}

// A verdict that agrees with the solved row confirms it: the row stays solved.
TEST_F(SolvedRules, AnAgreeingVerdictChangesNothing) {
  Store s = Store::open(store());
  const ReviewPlan plan = plan_review(s, sheet({{"KNKM", 3}, {"KNK", 1}}), {true, true, false});
  ASSERT_EQ(plan.verdicts.size(), 2u);
  EXPECT_EQ(plan.verdicts[0].after, plan.verdicts[0].before);
  EXPECT_EQ(plan.verdicts[0].after.source, Source::Solved);
  EXPECT_EQ(plan.verdicts[1].after.source, Source::Expert);
  apply_review(s, plan, "ann", {});
  const auto nodes = test::stored_nodes(store());
  EXPECT_EQ(nodes.at(static_cast<int64_t>(key("KNKM"))).source, "solved");
  EXPECT_EQ(nodes.at(static_cast<int64_t>(key("KNK"))).source, "expert");
  EXPECT_EQ(test::replayed_history(store()), nodes);
}

}  // namespace
}  // namespace egkb
