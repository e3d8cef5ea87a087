#include "sampling/simulate.h"

#include <gtest/gtest.h>

#include "synth/synthesise.h"

namespace egkb {
namespace {

TEST(Simulate, ReviewRoundsLowerTheTrueErrorsAndRepeatForASeed) {
  SynthOptions synth;
  synth.preset = "end59";
  const Synthesis s = synthesise(synth);
  const ErrorCounts noisy = compare_to_truth(s.noisy, s.truth);
  for (Design design : {Design::DistanceK, Design::Hss}) {
    SimulationOptions options;
    options.method = Method::Exact;
    options.design = design;
    options.p = 0.05;
    options.k = 3;
    const auto rounds = simulate(s.truth, s.noisy, options);
    ASSERT_EQ(rounds.size(), 3u);
    for (const RoundReport& r : rounds) {
      EXPECT_EQ(r.inconsistent_after_repair, 0u);
      EXPECT_GT(r.sampled, 0u);
      EXPECT_EQ(r.estimate.sample, r.sampled);
    }
    EXPECT_LT(rounds.back().truth.errors, rounds.front().truth.errors) << "answers are facts";
    EXPECT_LT(rounds.front().truth.errors, noisy.errors);
    const auto again = simulate(s.truth, s.noisy, options);
    EXPECT_EQ(again.back().truth, rounds.back().truth);
    EXPECT_EQ(again.back().sampled, rounds.back().sampled);
  }
}

}  // namespace
}  // namespace egkb
