// The review rules against a store built in the test: each refusal, and what passes.
#include "review/rules.h"

#include <gtest/gtest.h>

#include "base/errors.h"
#include "io/csv.h"
#include "lattice/fixed_ranks.h"
#include "lattice/material.h"
#include "store/batches.h"
#include "tests/support/sheets.h"
#include "tests/support/store_oracle.h"
#include "tests/support/temp_dir.h"
#include "tests/support/xiangqi.h"

namespace egkb {
namespace {

using test::key;
using test::xq;

class ReviewRules : public test::TempDirTest {
 protected:
  // A store of `csv` with one batch that drew `drawn` as they are stored.
  void make(const std::string& csv, const std::vector<const char*>& drawn) {
    const KnowledgeBase kb = parse_csv(csv, "kb.csv", {});
    test::make_store(path("s.sqlite"), kb);
    Batch batch{BatchId(), "distance-k", 1, "{}", kb.rows.size(), "", {}};
    for (const char* m : drawn) {
      for (const KbRow& row : kb.rows) {
        if (row.key == key(m)) batch.items.push_back({row.key, row.score, 1.0, row.source});
      }
    }
    Store s = Store::open(path("s.sqlite"));
    s.write([&](StoreWriter& w) { store::add_batch(w, batch); });
  }

  FilledSheet sheet(const std::vector<std::pair<const char*, int>>& verdicts) const {
    return test::filled_sheet_of(verdicts);
  }

  std::string refusal(const FilledSheet& f, ReviewOptions options = {}) {
    Store s = Store::open(path("s.sqlite"));
    try {
      plan_review(s, f, options);
    } catch (const InputError& e) {
      return e.what();
    }
    return "";
  }
};

// Invariable rows that contradict each other by the hundred must not hide a verdict's fault.
TEST_F(ReviewRules, AnImpossibleVerdictIsFoundAmongOldContradictions) {
  std::string csv = "material,score,source\nKGKG,4,generated\n";
  for (const char* base : {"KPK", "KPPK", "KPPPK", "KCK", "KCCK", "KNK", "KNNK", "KRK", "KRRK",
                           "KRNK", "KRCK", "KNCK"}) {
    csv += std::string(base) + ",9,expert\n";
    for (const char* black : {"GGMM", "GGM", "GMM", "GG", "MM", "GM", "G", "M"}) {
      std::string m(base);
      csv += m + black + ",0,expert\n";  // black gains a piece and red turns to win: impossible
    }
  }
  make(csv, {"KGKG"});
  const KnowledgeBase kb = parse_csv(csv, "kb.csv", {});
  const ScoredLattice scored = ScoredLattice::of(kb);
  std::vector<uint8_t> fixed(scored.lattice.size());
  for (NodeId n = 0; n < fixed.size(); ++n) fixed[n] = !scored.lattice.implied(n);
  fixed[*scored.lattice.find(key("KGKG"))] = 0;
  ASSERT_GE(fixed_contradictions(scored.lattice, fixed, scored.ranks(), 1000).size(), 100u);
  EXPECT_NE(refusal(sheet({{"KGKG", 0}}), {true, false, false}).find("its own mirror"),
            std::string::npos);
  EXPECT_EQ(refusal(sheet({{"KGKG", 5}}), {true, false, false}), "")
      << "the old contradictions are not the sheet's";
}

TEST_F(ReviewRules, VerdictsContradictingEachOtherAreNamedByLine) {
  make("material,score\nKRK,0\nKRPK,0\nKK,4\n", {"KRK", "KRPK"});
  const std::string why = refusal(sheet({{"KRK", 3}, {"KRPK", 6}}));
  EXPECT_NE(why.find("the verdict 6 for KRPK (line 3)"), std::string::npos) << why;
  EXPECT_NE(why.find("the verdict 3 for KRK (line 2)"), std::string::npos) << why;
}

TEST_F(ReviewRules, APlanCarriesEveryVerdictAsAnInvariableExpertRow) {
  make("material,score,weight\nKRK,1,2.5\nKNK,1,\n", {"KRK", "KNK"});
  Store s = Store::open(path("s.sqlite"));
  const ReviewPlan plan = plan_review(s, sheet({{"KRK", 0}, {"KNK", 1}}), {});
  ASSERT_EQ(plan.verdicts.size(), 2u);
  EXPECT_EQ(plan.verdicts[0].after, (NodeState{Score(0), Source::Expert, true, 2.5}));
  EXPECT_EQ(plan.verdicts[1].before.score, plan.verdicts[1].after.score);
  const ReviewResult planned = planned_result(plan);
  const ReviewResult r = apply_review(s, plan, "ada", {});
  EXPECT_EQ(r.verdicts, 2u);
  EXPECT_EQ(r.rescored, 1u);
  EXPECT_EQ(r.confirmed, 1u);
  EXPECT_EQ(planned.verdicts, r.verdicts) << "a dry run counts what the import applies";
  EXPECT_EQ(planned.rescored, r.rescored);
  EXPECT_EQ(planned.confirmed, r.confirmed);
  EXPECT_EQ(test::replayed_history(path("s.sqlite")), test::stored_nodes(path("s.sqlite")));
}

}  // namespace
}  // namespace egkb
