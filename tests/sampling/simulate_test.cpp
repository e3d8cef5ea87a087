#include "sampling/simulate.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "lattice/fixed_ranks.h"
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

// A real game's truth can break the piece rule (KCCKGGMM is 0.208 solved, KCCKGMM 0.108: the
// guard more screens red's cannons). Both truths cannot stand as verdicts: a review import
// refuses them, and the exact repair stopped on "invariable nodes contradict each other". The
// simulated expert answers in the batch's order, each within what the earlier answers leave.
TEST(Simulate, TruthsThatBreakThePieceRuleAreAnsweredSoTheRepairHoldsThemAll) {
  SynthOptions synth;
  synth.preset = "end59";
  Synthesis s = synthesise(synth);
  const ScoredLattice scored = ScoredLattice::of(s.truth);
  const Lattice& lat = scored.lattice;
  const std::vector<uint8_t> every(lat.size(), 1);
  bool broken = false;
  for (NodeId u = 0; u < lat.size() && !broken; ++u) {
    for (EdgeIndex e = lat.out_offsets()[u]; e < lat.out_offsets()[u + 1] && !broken; ++e) {
      const NodeId v = lat.out_targets()[e];
      if (scored.row_of[v] == ScoredLattice::kImplied || v == lat.mirror(u)) continue;
      KbRow& row = s.truth.rows[scored.row_of[v]];
      const Score kept = row.score;
      // Two ranks off the material it links to, as KCCKGGMM is off KCCKGMM: the two contradict
      // each other, not a row its own mirror.
      for (const int step : {2, -2}) {
        const int candidate = value(scored.ranks()[u]) + step;
        if (candidate < 0 || candidate > kMaxRank) continue;
        row.score = score_of(Rank(candidate), kept);
        const auto found = fixed_contradictions(lat, every, ScoredLattice::of(s.truth).ranks(), 1);
        broken = found.size() == 1 && std::minmax(found[0].low, found[0].high) == std::minmax(u, v);
        if (broken) break;
      }
      if (!broken) row.score = kept;
    }
  }
  ASSERT_TRUE(broken) << "no edge of end59 could be broken";
  SimulationOptions options;
  options.method = Method::Exact;
  options.sample.design = Design::Active;
  options.sample.size.p = 1.0;
  options.rounds = 1;
  const auto rounds = simulate(s.truth, s.noisy, options);
  ASSERT_EQ(rounds.size(), 1u);
  EXPECT_EQ(rounds[0].inconsistent_after_repair, 0u);
  EXPECT_GE(rounds[0].answered_again, 1u);
  EXPECT_LE(rounds[0].truth_after.errors, rounds[0].answered_again)
      << "every row reviewed: only the answers given against the truth stay off it";
}

}  // namespace
}  // namespace egkb
