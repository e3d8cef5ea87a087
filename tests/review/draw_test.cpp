// Drawing a batch from a store as plan, then apply: the plan writes nothing, the apply records
// what was planned and publishes the sheet; rows an expert reviewed are left out when asked.
#include "review/draw.h"

#include <gtest/gtest.h>

#include <cmath>

#include "base/errors.h"
#include "store/batches.h"
#include "store/evidence.h"
#include "store/runs.h"
#include "synth/synthesise.h"
#include "tests/support/store_oracle.h"
#include "tests/support/temp_dir.h"

namespace egkb {
namespace {

class ReviewDraw : public test::TempDirTest {
 protected:
  // end59's noisy rows in a store, every third an expert's.
  void SetUp() override {
    TempDirTest::SetUp();
    kb_ = synthesise({"end59", 2, NoiseProfile::Paper, {}}).noisy;
    for (std::size_t i = 0; i < kb_.rows.size(); i += 3) {
      kb_.rows[i].source = Source::Expert;
      kb_.rows[i].invariable = true;
    }
    test::make_store(path("s.sqlite"), kb_);
  }

  static DrawRequest request(Design design, double p, bool exclude_reviewed) {
    DrawRequest r;
    r.spec.design = design;
    r.spec.size.p = p;
    r.spec.k = 3;
    r.seed = 4;
    r.exclude_reviewed = exclude_reviewed;
    return r;
  }

  KnowledgeBase kb_;
};

TEST_F(ReviewDraw, ThePlanWritesNothingAndTheApplyRecordsWhatWasPlanned) {
  const auto before = test::folder_files(dir_);
  Store store = Store::open(path("s.sqlite"));
  const DrawPlan plan = plan_draw(store, request(Design::Spread, 0.05, false));
  EXPECT_EQ(test::changed_files(before, test::folder_files(dir_)), "");
  const std::size_t n = kb_.rows.size();
  const auto wanted = static_cast<std::size_t>(std::ceil(0.05 * static_cast<double>(n)));
  ASSERT_EQ(plan.wanted, wanted);
  ASSERT_EQ(plan.batch.items.size(), wanted);
  ASSERT_EQ(plan.sheet.size(), wanted);
  for (const BatchItem& item : plan.batch.items)
    EXPECT_DOUBLE_EQ(item.probability, static_cast<double>(wanted) / static_cast<double>(n));

  const BatchId id = apply_draw(store, plan, {path("b.csv"), path("b.html")});
  EXPECT_TRUE(std::filesystem::exists(path("b.csv")));
  EXPECT_TRUE(std::filesystem::exists(path("b.html")));
  Store reread = Store::open(path("s.sqlite"));
  const Batch batch = store::batch(reread, id);
  EXPECT_EQ(batch.design, "spread");
  EXPECT_EQ(batch.population, n);
  ASSERT_EQ(batch.items.size(), wanted);
  for (std::size_t i = 0; i < wanted; ++i) {
    EXPECT_EQ(batch.items[i].key, plan.batch.items[i].key);
    EXPECT_DOUBLE_EQ(batch.items[i].probability, plan.batch.items[i].probability);
  }
  // Same seed, same rows.
  const DrawPlan again = plan_draw(reread, request(Design::Spread, 0.05, false));
  for (std::size_t i = 0; i < wanted; ++i)
    EXPECT_EQ(again.batch.items[i].key, plan.batch.items[i].key);
}

TEST_F(ReviewDraw, ExcludeReviewedDrawsFromTheUnreviewedRowsByEveryDesign) {
  std::size_t unreviewed = 0;
  for (const KbRow& row : kb_.rows) unreviewed += row.source != Source::Expert;
  const auto wanted = static_cast<std::size_t>(std::ceil(0.05 * static_cast<double>(unreviewed)));
  Store store = Store::open(path("s.sqlite"));
  // Evidence for every row, a rank off now and then, for the evidence design to draw by.
  store.write_apart([&](StoreWriter& w) {
    const RunId run = store::add_run(w, {.command = "evidence"});
    for (std::size_t i = 0; i < kb_.rows.size(); ++i) {
      EvidenceRecord r;
      r.key = kb_.rows[i].key;
      r.engine = "test";
      r.budget = "depth 1";
      r.score = Score((value(kb_.rows[i].score) + (i % 3 == 0)) % 10);
      r.expected = value(rank_of(r.score)) < 4 ? 0.5 : value(rank_of(r.score)) > 4 ? -0.5 : 0;
      r.low = r.expected - 0.05;
      r.high = r.expected + 0.05;
      store::put_evidence(w, run, r);
    }
  });
  std::size_t checked = 0;
  for (Design design : kDesigns) {
    const DrawPlan plan = plan_draw(store, request(design, 0.05, true));
    EXPECT_EQ(plan.batch.population, unreviewed) << design_name(design);
    EXPECT_EQ(plan.wanted, wanted) << design_name(design);
    for (const BatchItem& item : plan.batch.items) {
      EXPECT_NE(item.stratum, Source::Expert) << design_name(design);
      ++checked;
    }
    if (design == Design::Spread) {
      EXPECT_EQ(plan.batch.items.size(), wanted);
    }
    if (design == Design::DistanceK) {
      EXPECT_LE(plan.batch.items.size(), wanted);
      EXPECT_DOUBLE_EQ(
          plan.batch.items.front().probability,
          static_cast<double>(plan.batch.items.size()) / static_cast<double>(unreviewed))
          << "the share drawn, the n / N of the paper's estimate";
    }
  }
  EXPECT_GE(checked, 600u) << "drawn rows checked, every design";  // 638 when counted
}

TEST_F(ReviewDraw, NothingLeftToDrawIsRefused) {
  for (KbRow& row : kb_.rows) row.source = Source::Expert;
  test::make_store(path("all.sqlite"), kb_);
  Store store = Store::open(path("all.sqlite"));
  EXPECT_THROW(plan_draw(store, request(Design::Spread, 0.05, true)), InputError);
}

}  // namespace
}  // namespace egkb
