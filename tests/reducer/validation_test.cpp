// Validation chooses the prior's weight and the cost by rows held out of the base: the prior
// where the base is close to additive piece values, none where it is not, and the same choice
// for the same seed.
#include "reducer/validation.h"

#include <gtest/gtest.h>

#include "synth/synthesise.h"

namespace egkb {
namespace {

TEST(Validation, APriorThatDescribesTheBaseIsChosen) {
  const Synthesis synth = synthesise({.preset = "endall", .seed = 3, .rate = 0.35});
  const Validation v = validate(synth.noisy, {});
  EXPECT_GT(v.chosen.prior_weight, 0) << "the additive truth's base";
  ASSERT_EQ(v.scores.size(), 4u);
  EXPECT_FALSE(v.expert_rows);
  EXPECT_EQ(v.folds, 2u);
  EXPECT_GT(v.held_out, synth.noisy.rows.size() / 3) << "two folds of five, mirror pairs whole";
}

TEST(Validation, APriorThatDoesNotDescribeTheBaseIsNotChosen) {
  const Synthesis synth = synthesise(
      {.preset = "endall", .seed = 3, .rate = 0.35, .truth_model = TruthKind::Interplay});
  const Validation v = validate(synth.noisy, {});
  EXPECT_EQ(v.chosen.prior_weight, 0) << "a truth far from additive piece values";
}

TEST(Validation, TheSameSeedChoosesAlike) {
  const Synthesis synth = synthesise({.preset = "end59", .seed = 2, .rate = 0.35});
  const Validation a = validate(synth.noisy, {});
  const Validation b = validate(synth.noisy, {});
  EXPECT_EQ(a.chosen, b.chosen);
  ASSERT_EQ(a.scores.size(), b.scores.size());
  for (std::size_t i = 0; i < a.scores.size(); ++i)
    EXPECT_DOUBLE_EQ(a.scores[i].error, b.scores[i].error);
}

// Where a base holds enough expert rows, they are the ones held out: they are the truth.
TEST(Validation, ExpertRowsAreHeldOutFirst) {
  Synthesis synth = synthesise({.preset = "end59", .seed = 4, .rate = 0.35});
  std::size_t experts = 0;
  for (std::size_t i = 0; i < synth.noisy.rows.size(); i += 10, ++experts) {
    KbRow& row = synth.noisy.rows[i];
    row.source = Source::Expert;
    row.invariable = true;
  }
  ASSERT_GE(experts, 50u);
  const Validation v = validate(synth.noisy, {});
  EXPECT_TRUE(v.expert_rows);
  EXPECT_LE(v.held_out, 2 * experts);  // an expert row and its stored mirror, at most
}

}  // namespace
}  // namespace egkb
