#include <fmt/format.h>
// The exact reducer against exhaustive search, on soft constraints, and on contradictions.
#include <gtest/gtest.h>

#include <map>

#include "base/errors.h"
#include "io/csv.h"
#include "lattice/material.h"
#include "reducer/exact.h"
#include "synth/synthesise.h"
#include "tests/support/random_kb.h"
#include "tests/support/small_problems.h"
#include "tests/support/xiangqi.h"

namespace egkb {
namespace {

using test::xq;

struct Solved {
  double objective;
  uint64_t inconsistent;
};

Solved solve(const KnowledgeBase& kb, const ExactOptions& options = {}) {
  const PreparedRepair prepared(kb, ReduceWeights::defaults(xq));
  const Reduction r = reduce_exact(prepared.problem(), {}, options, prepared.edge_dm());
  if (!options.soft) test::expect_sound(prepared.problem(), r.ranks, "exact", true);
  ConflictCounter counter(prepared.lattice());
  return {prepared.problem().objective(r.ranks), counter.count(r.ranks).inconsistent_nodes};
}

ExactOptions soft(double lambda) {
  ExactOptions options;
  options.soft = true;
  options.lambda = lambda;
  return options;
}

// Tiny lattices: every assignment of up to 4 mirror pairs (9^4 = 6561).
TEST(Exact, EqualsBruteForceOnTinyLattices) {
  std::mt19937_64 rng(5);
  int checked = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const KnowledgeBase kb = test::random_kb(rng, 2 + trial % 3, 2, 0.3);
    if (ScoredLattice::of(kb).lattice.size() > 8) continue;
    ++checked;
    EXPECT_DOUBLE_EQ(solve(kb).objective, test::brute_force_optimum(kb)) << "trial " << trial;
  }
  EXPECT_GE(checked, 20);  // passing having checked nothing would prove nothing
}

// Small lattices with invariable rows: up to 6 free mirror pairs (9^6 = 531441 assignments).
TEST(Exact, EqualsExhaustiveSearchOnSmallLatticesWithInvariableRows) {
  std::mt19937_64 rng(17);
  int checked = 0;
  for (int trial = 0; trial < 40 && checked < 8; ++trial) {
    const KnowledgeBase kb = test::noisy_truth_kb(rng, 7, 3, 0.6, 0.2);
    const ScoredLattice scored = ScoredLattice::of(kb);
    const RepairProblem p = RepairProblem::of(kb, scored, NodeWeights{});
    if (!test::searchable(p, 6)) continue;
    ++checked;
    EXPECT_DOUBLE_EQ(solve(kb).objective, test::brute_force_optimum(kb)) << "trial " << trial;
  }
  EXPECT_GE(checked, 5);
}

// Against every assignment of small lattices, with and without a prior: the repair reaches the
// least objective, lies between the lowest and the highest optimal repairs, and is mostly their
// middle (a half rounded toward 4). It is the middle of the extremes of the problem whose mirror
// links are folded into the costs, whose optimal set can be wider than the mirror-symmetric one
// the search walks (docs/reducers.md).
TEST(Exact, TakesTheMiddleOfTheOptimalRepairs) {
  std::mt19937_64 rng(23);
  std::uniform_int_distribution<int> quarter(0, 32);
  int checked = 0, ambiguous = 0, middles = 0, nodes = 0;
  for (int trial = 0; trial < 200 && checked < 15; ++trial) {
    const KnowledgeBase kb = test::noisy_truth_kb(rng, 7, 3, 0.6, 0.1);
    const PreparedRepair prepared(kb, ReduceWeights::defaults(xq));
    const RepairProblem& p = prepared.problem();
    const Lattice& lat = prepared.lattice();
    if (!test::searchable(p, 5)) continue;
    ++checked;
    // Priors in quarter ranks, mirror-symmetric: exact in the solver's capacity units.
    const std::vector<double> prior =
        test::symmetric_prior(lat, [&] { return quarter(rng) / 4.0; });
    for (double weight : {0.0, 0.25, 2.0}) {
      CostModel options;
      if (weight > 0) options.pulls.push_back({prior, weight});
      const std::vector<double> used = weight > 0 ? prior : std::vector<double>{};
      const Reduction r = reduce_exact(p, options, {}, prepared.edge_dm());
      const std::string what = fmt::format("trial {}, prior weight {}", trial, weight);
      test::expect_sound(p, r.ranks, what, true);
      const test::BruteForce truth = test::brute_force(kb, used, weight);
      EXPECT_NEAR(test::objective_with_prior(p, r.ranks, used, weight), truth.best, 1e-9) << what;
      for (NodeId u = 0; u < lat.size(); ++u) {
        const int twice = value(truth.lowest[u]) + value(truth.highest[u]);
        const int middle =
            twice % 2 == 0 ? twice / 2 : (twice > kMaxRank ? twice - 1 : twice + 1) / 2;
        ambiguous += truth.lowest[u] != truth.highest[u];
        middles += value(r.ranks[u]) == middle;
        ++nodes;
        EXPECT_GE(r.ranks[u], truth.lowest[u]) << what << ", node " << u;
        EXPECT_LE(r.ranks[u], truth.highest[u]) << what << ", node " << u;
      }
    }
  }
  EXPECT_GE(checked, 10);
  EXPECT_GT(ambiguous, 0) << "some of these problems have several optimal repairs";
  EXPECT_GE(middles, nodes * 95 / 100);
  RecordProperty("nodes_at_the_middle", middles);
  RecordProperty("nodes", nodes);
}

// Stored mirror pairs that disagree must meet whatever lambda is: the cheapest meeting point of
// two L1 data costs min(w1, w2) x their gap; a self-mirror row must move to rank 4.
double cost_of_aligning_mirror_pairs(const KnowledgeBase& kb) {
  std::map<Key, const KbRow*> by_key;
  for (const KbRow& row : kb.rows) by_key[row.key] = &row;
  const NodeWeights weights;
  double cost = 0;
  for (const auto& [key, row] : by_key) {
    const Key m = mirror_key(key, xq);
    if (m == key) {
      cost += std::abs(value(rank_of(row->score)) - 4) * weights.of(row->source);
      continue;
    }
    const auto it = by_key.find(m);
    if (m < key || it == by_key.end()) continue;
    const int gap =
        std::abs(value(rank_of(row->score)) - value(mirror(rank_of(it->second->score))));
    cost += gap * std::min(weights.of(row->source), weights.of(it->second->source));
  }
  return cost;
}

// Two families of materials that share no edge: the consistent one keeps every score without a
// cut, and the other is repaired as it would be alone.
TEST(Exact, AComponentWithoutConflictKeepsItsScores) {
  const std::string settled = "KRK,2\nKRRK,1\nKKR,7\nKKRR,8\n";
  const std::string conflicted = "KNK,1\nKNNK,3\nKKN,7\nKKNN,5\n";
  const KnowledgeBase both = parse_csv("material,score\n" + settled + conflicted, "both", {});
  const KnowledgeBase alone = parse_csv("material,score\n" + conflicted, "alone", {});
  const PreparedRepair whole(both, ReduceWeights::defaults(xq));
  const PreparedRepair part(alone, ReduceWeights::defaults(xq));
  const Reduction r = reduce_exact(whole.problem(), {}, {}, {});
  const Reduction r_alone = reduce_exact(part.problem(), {}, {}, {});
  const Lattice& lat = whole.lattice();
  std::size_t kept = 0, repaired_alone = 0;
  for (NodeId u = 0; u < lat.size(); ++u) {
    const std::string m = format_material(lat.material(u), xq);
    if (m.find('R') != std::string::npos) {
      ++kept;
      EXPECT_EQ(r.ranks[u], whole.problem().ranks[u]) << m;
    } else {
      ++repaired_alone;
      const NodeId same = *part.lattice().find(lat.key(u));
      EXPECT_EQ(r.ranks[u], r_alone.ranks[same]) << m;
    }
  }
  EXPECT_EQ(kept, 4u) << "materials of the consistent family checked";
  EXPECT_EQ(repaired_alone, 4u) << "materials of the conflicted family checked";
  EXPECT_GT(whole.problem().objective(r.ranks), 0);
  ConflictCounter counter(lat);
  EXPECT_EQ(counter.count(r.ranks).inconsistent_nodes, 0u);
}

// The halves a cut leaves are solved on two cores at once: the repair is the one of one core.
TEST(Exact, TwoCoresGiveTheRepairOfOne) {
  for (const uint64_t seed : {1, 2}) {
    const Synthesis synth = synthesise({.preset = "end65", .seed = seed, .rate = 0.35});
    const PreparedRepair prepared(synth.noisy, ReduceWeights::defaults(xq));
    ExactOptions one, two;
    one.threads = 1;
    two.threads = 2;
    const Reduction alone = reduce_exact(prepared.problem(), {}, one, prepared.edge_dm());
    const Reduction shared = reduce_exact(prepared.problem(), {}, two, prepared.edge_dm());
    EXPECT_EQ(alone.ranks, shared.ranks) << "seed " << seed;
    ConflictCounter counter(prepared.lattice());
    EXPECT_EQ(counter.count(shared.ranks).inconsistent_nodes, 0u);
  }
}

TEST(Exact, SoftModeSpansNoRepairToTheHardOne) {
  std::mt19937_64 rng(23);
  const KnowledgeBase kb = test::noisy_truth_kb(rng, 200, 5, 0.35, 0.0);
  const Solved hard = solve(kb);
  const Solved stiff = solve(kb, soft(1000.0));
  const Solved loose = solve(kb, soft(1e-4));
  EXPECT_EQ(hard.inconsistent, 0u);
  EXPECT_EQ(stiff.inconsistent, 0u);
  EXPECT_DOUBLE_EQ(stiff.objective, hard.objective);
  EXPECT_DOUBLE_EQ(loose.objective, cost_of_aligning_mirror_pairs(kb))
      << "penalties too small to pay for more";
  EXPECT_GT(loose.inconsistent, 0u);
  const Solved middle = solve(kb, soft(0.2));
  EXPECT_LE(middle.objective, hard.objective);
  EXPECT_GE(middle.objective, loose.objective);
}

TEST(Exact, ContradictingInvariableRowsAreNamed) {
  KnowledgeBase kb;
  for (const auto& [text, score] : {std::pair{"KRK", 0}, {"KRRK", 9}, {"KRKN", 5}}) {
    kb.rows.push_back(
        {key_of(parse_material(text, xq), xq), Score(score), Source::Expert, true, {}, 0});
  }
  try {
    solve(kb);
    FAIL() << "no error";
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("contradict"), std::string::npos) << what;
    EXPECT_NE(what.find("KRK"), std::string::npos) << what;
    EXPECT_NE(what.find("KRRK"), std::string::npos) << what;
  }
}

}  // namespace
}  // namespace egkb
