// The active design on a synthetic base with a known truth: its census finds errors more often
// than random rows do, and its Horvitz-Thompson estimate stays unbiased and covers the truth,
// however the census was chosen.
#include "sampling/active.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "lattice/neighbourhood.h"
#include "reducer/reduce.h"
#include "sampling/estimate.h"
#include "synth/synthesise.h"

namespace egkb {
namespace {

TEST(Active, CensusFindsMoreErrorsAndTheEstimateStaysUnbiased) {
  SynthOptions synth;
  synth.preset = "end59";
  const Synthesis s = synthesise(synth);
  std::map<Key, Score> truth;
  for (const KbRow& row : s.truth.rows) truth[row.key] = row.score;
  double wrong = 0;
  for (const KbRow& row : s.noisy.rows) wrong += row.score != truth.at(row.key);

  const std::vector<double> risk = active_risk(s.noisy, s.noisy);
  constexpr int kDraws = 300;
  constexpr std::size_t kWanted = 80;
  double total = 0, census_wrong = 0, census_rows = 0, drawn_wrong = 0, drawn_rows = 0;
  int covered = 0;
  for (int seed = 1; seed <= kDraws; ++seed) {
    Random random(static_cast<uint64_t>(seed));
    const ActiveSample sample = sample_active(s.noisy, risk, kWanted, 0.5, random);
    ASSERT_EQ(sample.census, kWanted / 2);
    std::vector<Observation> observations;
    for (std::size_t j = 0; j < sample.rows.size(); ++j) {
      const KbRow& row = s.noisy.rows[sample.rows[j]];
      const Score verdict = truth.at(row.key);
      observations.push_back({row.score, verdict, sample.probability[j], Source::Manual});
      const bool is_wrong = row.score != verdict;
      (j < sample.census ? census_wrong : drawn_wrong) += is_wrong;
      (j < sample.census ? census_rows : drawn_rows) += 1;
    }
    const ErrorEstimate e = estimate_horvitz_thompson(observations, s.noisy.rows.size());
    total += e.errors;
    const double n = static_cast<double>(s.noisy.rows.size());
    covered += e.low * n <= wrong && wrong <= e.high * n;
  }
  EXPECT_GT(census_wrong / census_rows, 1.5 * drawn_wrong / drawn_rows)
      << "the census is where the errors are";
  // Unbiased: the mean of 300 estimates within 4% of the truth (their standard error is ~1%).
  EXPECT_NEAR(total / kDraws, wrong, 0.04 * wrong);
  EXPECT_GE(covered, kDraws * 85 / 100);
  RecordProperty("mean_estimate", static_cast<int>(std::lround(total / kDraws)));
  RecordProperty("true_errors", static_cast<int>(wrong));
  RecordProperty("covered_of_300", covered);
}

// The census leads with what the exact repair left open; the estimate over a census led so stays
// unbiased.
TEST(Active, TheCensusLeadsWithTheRowsARepairLeftOpen) {
  const Synthesis s = synthesise({.preset = "end59", .seed = 3, .rate = 0.35});
  ReduceRequest request;
  request.method = Method::Exact;
  const ReduceOutcome repaired = reduce_kb(s.noisy, request);
  const KnowledgeBase& kb = repaired.result;
  const RowRanges ranges{repaired.row_low, repaired.row_high};
  ASSERT_GT(repaired.ambiguous_rows, 10u);
  const std::vector<std::size_t> order = ambiguity_order(kb, ranges, {});
  ASSERT_FALSE(order.empty());
  for (std::size_t i : order) EXPECT_LT(ranges.low[i], ranges.high[i]) << "only open rows";
  // The order lists each open row once.
  std::vector<std::size_t> sorted = order;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(std::adjacent_find(sorted.begin(), sorted.end()), sorted.end());
  EXPECT_EQ(order.size(), repaired.ambiguous_rows);

  std::map<Key, Score> truth;
  for (const KbRow& row : s.truth.rows) truth[row.key] = row.score;
  double wrong = 0;
  for (const KbRow& row : kb.rows) wrong += row.score != truth.at(row.key);
  const std::vector<double> risk = active_risk(kb, s.noisy);
  double total = 0, squares = 0;
  constexpr int kDraws = 300;
  for (int seed = 1; seed <= kDraws; ++seed) {
    Random random(static_cast<uint64_t>(seed));
    const ActiveSample sample = sample_active(kb, risk, 60, 0.5, random, {}, ranges);
    EXPECT_EQ(sample.rows.front(), order.front());
    std::vector<Observation> observations;
    for (std::size_t j = 0; j < sample.rows.size(); ++j) {
      const KbRow& row = kb.rows[sample.rows[j]];
      observations.push_back({row.score, truth.at(row.key), sample.probability[j], Source::Manual});
    }
    const double e = estimate_horvitz_thompson(observations, kb.rows.size()).errors;
    total += e;
    squares += e * e;
  }
  // Unbiased: the mean of the draws within four of its standard errors of the truth.
  const double mean = total / kDraws;
  const double error = std::sqrt((squares / kDraws - mean * mean) / kDraws);
  EXPECT_NEAR(mean, wrong, 4 * error) << "over " << kDraws << " draws";
}

}  // namespace
}  // namespace egkb
