// The evidence design on a synthetic base with a known truth and evidence that is right most of
// the time: disagreement measured as hand-checked, the census of the rows the evidence disputes
// finding errors far more often than the rows drawn, and the estimate unbiased and covering the
// truth however wrong the evidence is.
#include "sampling/evidence_design.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "sampling/dispatch.h"
#include "synth/synthesise.h"

namespace egkb {
namespace {

TEST(EvidenceDesign, DisagreementIsTheRanksBetweenTheRowAndTheIntervalThenItsCentre) {
  // Expected 0.8 (score 1) with interval 0.72..0.95 reaches ranks 0..1.
  EXPECT_EQ(evidence_gap(Rank(1), 0.8, 0.72, 0.95), (EvidenceGap{0, 0}));
  EXPECT_EQ(evidence_gap(Rank(0), 0.8, 0.72, 0.95), (EvidenceGap{0, 1}));
  EXPECT_EQ(evidence_gap(Rank(4), 0.8, 0.72, 0.95), (EvidenceGap{3, 3}));
  // A draw's interval -0.1..0.1 is rank 4 alone; a red-winning row is 4 ranks from it.
  EXPECT_EQ(evidence_gap(Rank(0), 0.0, -0.1, 0.1), (EvidenceGap{4, 4}));
  EXPECT_EQ(evidence_gap(Rank(8), 0.0, -0.1, 0.1), (EvidenceGap{4, 4}));
  // As far, but surer: the narrow interval leads.
  EXPECT_EQ(evidence_gap(Rank(4), 0.5, 0.1, 0.9), (EvidenceGap{0, 2}));
  EXPECT_LT(evidence_gap(Rank(4), 0.5, 0.1, 0.9), evidence_gap(Rank(4), 0.5, 0.46, 0.55));
}

// A base with its truth, and evidence that gives the truth's expected result for all but
// `wrong_share` of the rows (those get a neighbouring rank's, as an engine errs), each with an
// interval of +-0.1.
struct Case {
  Synthesis s;
  std::map<Key, Score> truth;
  RowEvidence evidence;
  double wrong = 0;
};

double centre_of(Score s) {
  static const double centre[] = {0.95, 0.8, 0.57, 0.3, 0.07, -0.07, -0.3, -0.57, -0.8, -0.95};
  return centre[value(s)];
}

Case make_case(double wrong_share) {
  SynthOptions synth;
  synth.preset = "end59";
  Case c{synthesise(synth), {}, {}, 0};
  for (const KbRow& row : c.s.truth.rows) c.truth[row.key] = row.score;
  Random random(9);
  for (const KbRow& row : c.s.noisy.rows) {
    const Score t = c.truth.at(row.key);
    c.wrong += row.score != t;
    int s = value(t);
    if (random.chance(wrong_share)) s = s == 0 ? 1 : s == 9 ? 8 : s + (random.chance(0.5) ? 1 : -1);
    const double e = centre_of(Score(s));
    c.evidence.expected.push_back(e);
    c.evidence.low.push_back(std::max(-1.0, e - 0.1));
    c.evidence.high.push_back(std::min(1.0, e + 0.1));
    c.evidence.present.push_back(1);
  }
  return c;
}

TEST(EvidenceDesign, TheCensusIsWhereTheEvidenceDisputesAndItFindsTheErrors) {
  const Case c = make_case(0.1);
  Random random(1);
  const CensusSample sample = sample_evidence(c.s.noisy, c.evidence, 60, 0.9, random);
  ASSERT_EQ(sample.census, 54u);
  double census_wrong = 0;
  for (std::size_t j = 0; j < sample.census; ++j) {
    const KbRow& row = c.s.noisy.rows[sample.rows[j]];
    EXPECT_EQ(sample.probability[j], 1.0);
    EXPECT_GT(evidence_gap(rank_of(row.score), c.evidence.expected[sample.rows[j]],
                           c.evidence.low[sample.rows[j]], c.evidence.high[sample.rows[j]])
                  .expected,
              0);
    census_wrong += row.score != c.truth.at(row.key);
  }
  const double base_rate = c.wrong / static_cast<double>(c.s.noisy.rows.size());
  EXPECT_GT(census_wrong / 54, 2 * base_rate);
  for (std::size_t j = sample.census; j < sample.rows.size(); ++j) {
    EXPECT_LT(sample.probability[j], 1.0);
  }
}

// Over `draws` batches of 60 rows drawn by `design` (the evidence design with `census_share` of
// the batch a census): the mean estimate of the errors, the mean width of its 95% interval, and
// how often the interval covered the truth.
struct IntervalFigures {
  double errors = 0, width = 0;
  int covered = 0;
};
IntervalFigures interval_figures(const Case& c, Design design, double census_share, int draws) {
  const double n = static_cast<double>(c.s.noisy.rows.size());
  IntervalFigures figures;
  for (int seed = 1; seed <= draws; ++seed) {
    Random random(static_cast<uint64_t>(seed));
    DrawSpec spec;
    spec.design = design;
    spec.size.rows = 60;
    spec.census_share = census_share;
    const DrawnRows drawn = draw_rows(c.s.noisy, c.s.noisy, spec, {}, random, {}, c.evidence);
    std::vector<Observation> observations;
    for (std::size_t j = 0; j < drawn.rows.size(); ++j) {
      const KbRow& row = c.s.noisy.rows[drawn.rows[j]];
      observations.push_back({row.score, c.truth.at(row.key), drawn.probability[j], row.source});
    }
    const ErrorEstimate e =
        estimate_errors(design, observations, drawn.population, drawn.strata, *c.s.noisy.pieces);
    figures.errors += e.errors / draws;
    figures.width += (e.high - e.low) / draws;
    figures.covered += e.low * n <= c.wrong && c.wrong <= e.high * n;
  }
  return figures;
}

TEST(EvidenceDesign, TheEstimateIsUnbiasedAndCoversTheTruthHoweverWrongTheEvidence) {
  for (const double evidence_wrong : {0.1, 0.6}) {
    for (const double census_share : {kEvidenceCensusShare, 0.9}) {
      const Case c = make_case(evidence_wrong);
      constexpr int kDraws = 1000;
      const IntervalFigures f = interval_figures(c, Design::Evidence, census_share, kDraws);
      // Unbiased: the mean of 1000 estimates within 3% of the truth (with half the batch a
      // census their standard error is under 1%; with 90%, 2%).
      EXPECT_NEAR(f.errors, c.wrong, 0.03 * c.wrong)
          << "evidence wrong " << evidence_wrong << ", census " << census_share;
      EXPECT_GE(f.covered, kDraws * 90 / 100)
          << "evidence wrong " << evidence_wrong << ", census " << census_share;
    }
  }
}

TEST(EvidenceDesign, TheDefaultCensusLeavesEnoughDrawnRowsForAnIntervalNoWiderThanActives) {
  // Issue 41: with 90% of the batch a census, the few rows drawn outside it gave an interval
  // wider than the active design's; the default share leaves enough of them. Both designs keep
  // their census share's own estimator (Clopper-Pearson on the rest, Horvitz-Thompson).
  constexpr int kDraws = 300;
  for (const double evidence_wrong : {0.1, 0.3}) {
    const Case c = make_case(evidence_wrong);
    const IntervalFigures active = interval_figures(c, Design::Active, kActiveCensusShare, kDraws);
    const IntervalFigures chosen =
        interval_figures(c, Design::Evidence, kEvidenceCensusShare, kDraws);
    const IntervalFigures wide = interval_figures(c, Design::Evidence, 0.9, kDraws);
    EXPECT_LE(chosen.width, active.width) << "evidence wrong " << evidence_wrong;
    EXPECT_GT(wide.width, active.width) << "evidence wrong " << evidence_wrong;
    EXPECT_GE(chosen.covered, kDraws * 94 / 100) << "evidence wrong " << evidence_wrong;
  }
}

TEST(EvidenceDesign, RowsWithoutEvidenceAreNeverInTheCensus) {
  Case c = make_case(0.1);
  for (std::size_t i = 0; i < c.evidence.present.size(); i += 2) c.evidence.present[i] = 0;
  Random random(3);
  const CensusSample sample = sample_evidence(c.s.noisy, c.evidence, 100, 1.0, random);
  EXPECT_EQ(sample.census, 100u) << "census rows checked: all that were asked for";
  for (std::size_t j = 0; j < sample.census; ++j) EXPECT_EQ(sample.rows[j] % 2, 1u);
}

}  // namespace
}  // namespace egkb
