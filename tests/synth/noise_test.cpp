#include "synth/noise.h"

#include <gtest/gtest.h>

#include <map>
#include <sstream>

#include "io/csv.h"
#include "lattice/compare.h"
#include "lattice/conflicts.h"
#include "lattice/material.h"
#include "synth/synthesise.h"
#include "tests/support/chess.h"

namespace egkb {
namespace {

// Errors of the rows of one provenance.
ErrorCounts errors_of(const Synthesis& s, Source source) {
  ErrorCounts c;
  for (std::size_t i = 0; i < s.truth.rows.size(); ++i) {
    if (s.truth.rows[i].source == source) c.add(s.truth.rows[i].score, s.noisy.rows[i].score);
  }
  return c;
}

double percent(uint64_t part, uint64_t whole) {
  return 100.0 * static_cast<double>(part) / static_cast<double>(whole);
}

const Synthesis& endall(NoiseProfile profile) {
  static std::map<NoiseProfile, Synthesis> cache;
  auto it = cache.find(profile);
  if (it == cache.end()) {
    SynthOptions options;
    options.preset = "endall";
    options.seed = 11;
    options.noise = profile;
    it = cache.emplace(profile, synthesise(options)).first;
  }
  return it->second;
}

// A profile's targets in percent: the error rate, then shares of the errors.
struct Mix {
  double rate, d1, d2, d3, d_ge4, inverted;
};

// Every figure within 2 points of its target, as the issue asks.
void expect_mix(const ErrorCounts& c, const Mix& want) {
  EXPECT_NEAR(percent(c.errors, c.size), want.rate, 2.0);
  EXPECT_NEAR(percent(c.d1, c.errors), want.d1, 2.0);
  EXPECT_NEAR(percent(c.d2, c.errors), want.d2, 2.0);
  EXPECT_NEAR(percent(c.d3, c.errors), want.d3, 2.0);
  EXPECT_NEAR(percent(c.d_ge4, c.errors), want.d_ge4, 2.0);
  EXPECT_NEAR(percent(c.inverted, c.errors), want.inverted, 2.0);
  EXPECT_EQ(c.d0, 0u);
}

constexpr Mix kPaper{35.0, 74.0, 9.0, 10.0, 7.0, 4.0};
constexpr Mix kEnd65{6.5, 81.5, 15.8, 2.2, 0.5, 7.3};

TEST(Noise, PaperProfileMeetsTable3MixOnGeneratedRows) {
  expect_mix(errors_of(endall(NoiseProfile::Paper), Source::Generated), kPaper);
}

TEST(Noise, ManualRowsGetTheEnd65Mix) {
  expect_mix(errors_of(endall(NoiseProfile::Paper), Source::Manual), kEnd65);
  expect_mix(errors_of(endall(NoiseProfile::Manual), Source::Generated), kEnd65);
}

TEST(Noise, ClusteredShiftsWholeRegionsByOneOrTwoRanks) {
  const Synthesis& s = endall(NoiseProfile::Clustered);
  const ErrorCounts c = errors_of(s, Source::Generated);
  EXPECT_NEAR(percent(c.errors, c.size), 20.0, 2.0);
  EXPECT_EQ(c.d3 + c.d_ge4, 0u);
  EXPECT_GT(c.d2, 0u);
  // Shifted together, the errors are far less visible per wrong row than independent ones.
  auto inconsistent_per_error = [](const Synthesis& syn) {
    const ScoredLattice scored = ScoredLattice::of(syn.noisy);
    ConflictCounter counter(scored.lattice);
    const ErrorCounts e = compare_to_truth(syn.noisy, syn.truth);
    return static_cast<double>(counter.count(scored.ranks()).inconsistent_nodes) /
           static_cast<double>(e.errors);
  };
  EXPECT_LT(inconsistent_per_error(s), 0.8 * inconsistent_per_error(endall(NoiseProfile::Paper)));
}

TEST(Noise, NoneIsTheTruth) {
  const Synthesis& s = endall(NoiseProfile::None);
  EXPECT_EQ(compare_to_truth(s.noisy, s.truth).errors, 0u);
}

TEST(Noise, MirrorPairsStayInStepButForAFew) {
  const Synthesis& s = endall(NoiseProfile::Paper);
  const PieceSet& xq = *s.noisy.pieces;
  std::map<Key, Score> score;
  for (const KbRow& row : s.noisy.rows) score[row.key] = row.score;
  std::size_t pairs = 0, disagree = 0;
  for (const auto& [key, sc] : score) {
    const Key m = mirror_key(key, xq);
    if (m <= key) continue;
    ++pairs;
    disagree += rank_of(score.at(m)) != mirror(rank_of(sc));
  }
  EXPECT_EQ(pairs, 31644u) << "endall's mirror pairs compared";
  EXPECT_GT(disagree, pairs / 300);
  EXPECT_LT(disagree, pairs / 50);
}

TEST(Noise, AppliesToBasesThatStoreOneOrientation) {
  const KnowledgeBase truth = test::chess_data();
  Random random(3);
  const ErrorCounts c =
      compare_to_truth(add_noise(truth, NoiseProfile::Paper, 0.35, random), truth);
  EXPECT_NEAR(percent(c.errors, c.size), 35.0, 1.0);
  EXPECT_NEAR(percent(c.d1, c.errors), 74.0, 3.0);
}

TEST(Noise, RateOverridesTheProfileDefault) {
  SynthOptions options;
  options.preset = "end64";
  options.rate = 0.10;
  const Synthesis s = synthesise(options);
  const ErrorCounts c = compare_to_truth(s.noisy, s.truth);
  EXPECT_NEAR(percent(c.errors, c.size), 10.0, 1.5);
}

std::string csv_of(const KnowledgeBase& kb) {
  std::ostringstream out;
  write_csv(kb, out);
  return out.str();
}

TEST(Noise, SameSeedSameFilesOtherSeedOtherNoise) {
  SynthOptions options;
  options.preset = "end59";
  options.seed = 5;
  const Synthesis a = synthesise(options);
  const Synthesis b = synthesise(options);
  EXPECT_EQ(csv_of(a.truth), csv_of(b.truth));
  EXPECT_EQ(csv_of(a.noisy), csv_of(b.noisy));
  options.seed = 6;
  const Synthesis c = synthesise(options);
  EXPECT_EQ(csv_of(a.truth), csv_of(c.truth));
  EXPECT_NE(csv_of(a.noisy), csv_of(c.noisy));
}

}  // namespace
}  // namespace egkb
