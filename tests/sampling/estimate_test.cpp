#include "sampling/estimate.h"

#include <gtest/gtest.h>

#include "lattice/material.h"
#include "lattice/random.h"
#include "sampling/hss.h"
#include "tests/support/xiangqi.h"

namespace egkb {
namespace {

TEST(Estimate, WilsonIntervalOfTwoInTen) {
  std::vector<Observation> sample(10, {Score(0), Score(0), 1});
  sample[0].verdict = Score(1);         // D = 1
  sample[1] = {Score(1), Score(7), 1};  // D = 5, inverted
  const ErrorEstimate e = estimate_simple(sample, {100});
  EXPECT_DOUBLE_EQ(e.errors, 20);
  EXPECT_DOUBLE_EQ(e.d1, 10);
  EXPECT_DOUBLE_EQ(e.d_ge4, 10);
  EXPECT_DOUBLE_EQ(e.inverted, 10);
  EXPECT_DOUBLE_EQ(e.rate, 0.2);
  EXPECT_NEAR(e.low, 0.0567, 1e-4);  // Wilson's 95% interval for 2 of 10
  EXPECT_NEAR(e.high, 0.5098, 1e-4);
}

// A base of 20,000 rows with 15% wrong; 200 samples of each design; the 95% interval must
// cover the true error count in at least 90% of them.
class Coverage : public ::testing::Test {
 protected:
  void SetUp() override {
    Random random(77);
    for (int i = 0; i < kRows; ++i) {
      const bool wrong = random.chance(0.15);
      rows_.push_back({Score(2), wrong ? Score(3) : Score(2), 1});
      truth_ += wrong;
    }
  }
  static constexpr int kRows = 20000;
  std::vector<Observation> rows_;
  double truth_ = 0;
};

TEST_F(Coverage, WilsonCoversTheTruthForSimpleSamples) {
  Random random(8);
  int covered = 0;
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<std::size_t> index(rows_.size());
    for (std::size_t i = 0; i < index.size(); ++i) index[i] = i;
    random.shuffle(index);
    std::vector<Observation> sample;
    for (int i = 0; i < 695; ++i) sample.push_back(rows_[index[static_cast<std::size_t>(i)]]);
    const ErrorEstimate e = estimate_simple(sample, {rows_.size()});
    covered += e.low * kRows <= truth_ && truth_ <= e.high * kRows;
  }
  EXPECT_GE(covered, 180);
}

// Two strata with different error rates, the clean one sampled at a third of its share, as
// distance-k does with manual rows: post-stratification removes the bias and keeps coverage.
TEST(Estimate, StrataSampledUnevenlyAreWeighedBack) {
  Random random(31);
  std::vector<Observation> clean, dirty;
  for (int i = 0; i < 6000; ++i)
    clean.push_back({Score(2), random.chance(0.04) ? Score(3) : Score(2), 1, Source::Manual});
  for (int i = 0; i < 14000; ++i)
    dirty.push_back({Score(2), random.chance(0.16) ? Score(3) : Score(2), 1, Source::Generated});
  double truth = 0;
  for (const auto* rows : {&clean, &dirty}) {
    for (const Observation& o : *rows) truth += o.score != o.verdict;
  }
  int covered = 0, naive_covered = 0;
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<Observation> sample;
    for (int i = 0; i < 200; ++i) sample.push_back(clean[random.below(clean.size())]);
    for (int i = 0; i < 1300; ++i) sample.push_back(dirty[random.below(dirty.size())]);
    const ErrorEstimate e = estimate_simple(sample, {clean.size(), dirty.size()});
    covered += e.low * 20000 <= truth && truth <= e.high * 20000;
    std::vector<Observation> pooled = sample;
    for (Observation& o : pooled) o.stratum = Source::Manual;
    const ErrorEstimate naive = estimate_simple(pooled, {20000});
    naive_covered += naive.low * 20000 <= truth && truth <= naive.high * 20000;
  }
  EXPECT_GE(covered, 180);
  EXPECT_LT(naive_covered, 100) << "without strata the same samples are biased";
}

// Five reviewed rows in a line, KPK .. KPPPPPK (one pawn apart; their mirrors are farther), the
// first wrong, each drawn with probability 0.1 from 50 rows. With one neighbour (ties
// included) the neighbourhoods are {1,2}, {2,1,3}, {3,2,4}, {4,3,5}, {5,4}; y/p is 10 for the
// first row and 0 elsewhere, so the local variance is 2 (10 - 5)^2 + 3/2 (0 - 10/3)^2 = 66.67
// and the share 0.2 has variance 66.67 / 50^2: an effective sample of 6 for Wilson's interval.
TEST(Estimate, SpreadVarianceIsTheLocalMeanOfNearestReviewedRows) {
  using test::xq;
  std::vector<Observation> sample;
  for (const char* m : {"KPK", "KPPK", "KPPPK", "KPPPPK", "KPPPPPK"})
    sample.push_back({Score(2), Score(2), 0.1, Source::Manual, key_of(parse_material(m, xq), xq)});
  sample[0].verdict = Score(3);
  const ErrorEstimate e = estimate_spread(sample, 50, xq, 1);
  EXPECT_DOUBLE_EQ(e.errors, 10);
  EXPECT_DOUBLE_EQ(e.d1, 10);
  EXPECT_DOUBLE_EQ(e.rate, 0.2);
  const double n = 6, z = 1.959963984540054, p = 0.2;
  const double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
  const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n);
  EXPECT_NEAR(e.low, centre - half, 1e-9);
  EXPECT_NEAR(e.high, centre + half, 1e-9);
  // No error found: the interval is Wilson's for the sample's own size, not a point.
  sample[0].verdict = Score(2);
  const ErrorEstimate none = estimate_spread(sample, 50, xq, 1);
  EXPECT_EQ(none.errors, 0);
  EXPECT_GT(none.high, 0.3);
}

TEST_F(Coverage, HorvitzThompsonCoversTheTruthForRiskWeightedSamples) {
  // Uneven probabilities, higher for the wrong rows as a risk model would make them.
  std::vector<double> p(rows_.size());
  for (std::size_t i = 0; i < p.size(); ++i)
    p[i] = rows_[i].score != rows_[i].verdict ? 0.08 : 0.025;
  HybridSampler sampler(p);
  Random random(9);
  int covered = 0;
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<Observation> sample;
    for (std::size_t i : sampler.draw(random))
      sample.push_back({rows_[i].score, rows_[i].verdict, p[i]});
    const ErrorEstimate e = estimate_horvitz_thompson(sample, rows_.size());
    covered += e.low * kRows <= truth_ && truth_ <= e.high * kRows;
  }
  EXPECT_GE(covered, 180);
}

}  // namespace
}  // namespace egkb
