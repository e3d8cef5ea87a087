// The active design on a synthetic base with a known truth: its census finds errors more often
// than random rows do, and its Horvitz-Thompson estimate stays unbiased and covers the truth,
// however the census was chosen.
#include "sampling/active.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>

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
      observations.push_back({row.score, verdict, sample.probability[j], 0});
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

}  // namespace
}  // namespace egkb
