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
  for (Design design : kDesigns) {
    SimulationOptions options;
    options.method = Method::Exact;
    options.sample.design = design;
    options.sample.size.p = 0.05;
    options.sample.k = 3;
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

// An expert who slips: the answers a review import would refuse are given again, so every round's
// repair holds all verdicts, and only answers that broke the rules changed.
TEST(Simulate, SlippedAnswersTheRulesRefuseAreGivenAgain) {
  SynthOptions synth;
  synth.preset = "end59";
  const Synthesis s = synthesise(synth);
  SimulationOptions options;
  options.method = Method::Exact;
  options.sample.design = Design::DistanceK;
  options.sample.size.p = 0.2;
  options.sample.k = 2;
  options.expert_error = 0.3;
  options.rounds = 4;
  const auto rounds = simulate(s.truth, s.noisy, options);
  ASSERT_EQ(rounds.size(), 4u);
  std::size_t again = 0;
  for (const RoundReport& r : rounds) {
    EXPECT_EQ(r.inconsistent_after_repair, 0u);
    EXPECT_LE(r.answered_again, r.sampled);
    again += r.answered_again;
  }
  EXPECT_GT(again, 0u) << "a 30% slip rate on a fifth of the rows breaks the rules somewhere";
  options.expert_error = 0;
  for (const RoundReport& r : simulate(s.truth, s.noisy, options)) EXPECT_EQ(r.answered_again, 0u);
}

}  // namespace
}  // namespace egkb
