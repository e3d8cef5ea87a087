#include "tests/support/small_problems.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "lattice/conflicts.h"
#include "reducer/problem.h"
#include "synth/truth_model.h"
#include "tests/support/random_kb.h"

namespace egkb::test {

void expect_sound(const RepairProblem& problem, std::span<const Rank> ranks,
                  const std::string& what, bool consistent) {
  const Lattice& lat = *problem.lattice;
  ConflictCounter counter(lat);
  const ConflictSummary summary = counter.count(ranks);
  EXPECT_EQ(summary.mirror_conflicts, 0u) << what << ": a mirror pair out of step";
  if (consistent) {
    EXPECT_EQ(summary.inconsistent_nodes, 0u) << what;
  }
  for (NodeId u = 0; u < lat.size(); ++u) {
    if (problem.fixed[u]) {
      ASSERT_EQ(ranks[u], problem.ranks[u]) << what << ": a fixed node changed";
    }
  }
}

KnowledgeBase noisy_truth_kb(std::mt19937_64& rng, std::size_t size, int max_extra, double noise,
                             double invariable_share, KnowledgeBase* truth) {
  static const TruthModel model;
  KnowledgeBase kb = random_kb(rng, size, max_extra, 0.2);
  std::bernoulli_distribution wrong(noise), fixed(invariable_share), manual(0.3);
  std::uniform_int_distribution<int> shift(1, 4);
  for (KbRow& row : kb.rows) row.score = model.score(row.key);
  if (truth) *truth = kb;
  for (KbRow& row : kb.rows) {
    row.source = manual(rng) ? Source::Manual : Source::Generated;
    if (fixed(rng)) {
      row.invariable = true;
      continue;
    }
    if (!wrong(rng)) continue;
    const int r = value(rank_of(row.score));
    const int d = shift(rng);
    const int to = r + d <= kMaxRank && (r - d < 0 || rng() % 2) ? r + d : r - d;
    row.score = score_of(Rank(to), row.score);
  }
  return kb;
}

bool searchable(const RepairProblem& problem, std::size_t most_pairs) {
  const Lattice& lat = *problem.lattice;
  std::size_t free_pairs = 0;
  for (NodeId u = 0; u < lat.size(); ++u) free_pairs += !problem.fixed[u] && lat.mirror(u) > u;
  return free_pairs <= most_pairs && lat.edge_count() >= 4;
}

std::vector<double> symmetric_prior(const Lattice& lattice, const std::function<double()>& draw) {
  std::vector<double> prior(lattice.size(), 4.0);
  for (NodeId u = 0; u < lattice.size(); ++u) {
    if (lattice.mirror(u) <= u) continue;
    prior[u] = draw();
    prior[lattice.mirror(u)] = kMaxRank - prior[u];
  }
  return prior;
}

double objective_with_prior(const RepairProblem& problem, std::span<const Rank> ranks,
                            std::span<const double> prior, double prior_weight) {
  double sum = problem.objective(ranks);
  if (prior.empty()) return sum;
  for (NodeId u = 0; u < ranks.size(); ++u) {
    if (problem.lattice->mirror(u) >= u && !std::isnan(prior[u])) {
      sum += prior_weight * std::abs(value(ranks[u]) - prior[u]);
    }
  }
  return sum;
}

double brute_force_optimum(const KnowledgeBase& kb) {
  return brute_force(kb).best;
}

BruteForce brute_force(const KnowledgeBase& kb, std::span<const double> prior,
                       double prior_weight) {
  return brute_force(kb, [&](const RepairProblem& p, std::span<const Rank> ranks) {
    return objective_with_prior(p, ranks, prior, prior_weight);
  });
}

double shaped_objective(const RepairProblem& problem, std::span<const Rank> ranks,
                        const std::string& shape) {
  double sum = 0;
  for (NodeId u = 0; u < ranks.size(); ++u) {
    const int d = std::abs(value(ranks[u]) - value(problem.ranks[u]));
    double cost = d;
    if (shape == "trunc2") cost = std::min(d, 2);
    if (shape == "trunc3") cost = std::min(d, 3);
    if (shape == "l0") cost = d > 0;
    if (shape == "sqrt") cost = std::sqrt(d);
    if (shape != "l1") cost += d / 64.0;
    sum += problem.weight[u] * cost;
  }
  return sum;
}

BruteForce brute_force(const KnowledgeBase& kb, const Objective& objective) {
  const ScoredLattice scored = ScoredLattice::of(kb);
  const RepairProblem p = RepairProblem::of(kb, scored, NodeWeights{});
  // The problem's lattice: without the edges solved rows break between them, which no repair
  // keeps (lattice/fixed_ranks.h, settled_edges); the KB's own without solved rows.
  const Lattice& lat = *p.lattice;
  // One free variable per mirror pair (its lower id); a self-mirror node is held at 4.
  std::vector<NodeId> free;
  for (NodeId u = 0; u < lat.size(); ++u) {
    if (!p.fixed[u] && lat.mirror(u) >= u && lat.mirror(u) != u) free.push_back(u);
  }
  std::vector<Rank> ranks = p.ranks;
  for (NodeId u = 0; u < lat.size(); ++u) {
    if (!p.fixed[u] && lat.mirror(u) == u) ranks[u] = kBalancedRank;
  }
  ConflictCounter counter(lat);
  BruteForce result{std::numeric_limits<double>::infinity(), {}, {}};
  const auto combinations = static_cast<uint64_t>(std::pow(9, free.size()));
  for (uint64_t c = 0; c < combinations; ++c) {
    uint64_t digits = c;
    for (NodeId u : free) {
      ranks[u] = Rank(digits % 9);
      ranks[lat.mirror(u)] = mirror(ranks[u]);
      digits /= 9;
    }
    if (counter.count(ranks).inconsistent_nodes != 0) continue;
    const double cost = objective(p, ranks);
    if (cost < result.best - 1e-9) {
      result = {cost, ranks, ranks};
    } else if (cost <= result.best + 1e-9) {
      for (NodeId u = 0; u < lat.size(); ++u) {
        result.lowest[u] = std::min(result.lowest[u], ranks[u]);
        result.highest[u] = std::max(result.highest[u], ranks[u]);
      }
    }
  }
  return result;
}

}  // namespace egkb::test
