// Small repair problems with a known consistent truth, for the reducer tests.
#pragma once

#include <functional>
#include <random>
#include <span>
#include <string>

#include "lattice/knowledge_base.h"
#include "reducer/problem.h"

namespace egkb::test {

// `size` stored xiangqi materials with at most `max_extra` non-king pieces, scored by the
// synthetic truth model, then a share `noise` of rows moved by 1..4 ranks; about
// `invariable_share` of the rows are invariable and keep their true score (so they never
// contradict each other). `truth` receives the true scores.
KnowledgeBase noisy_truth_kb(std::mt19937_64& rng, std::size_t size, int max_extra, double noise,
                             double invariable_share, KnowledgeBase* truth = nullptr);

// Whether brute_force can search the problem and it is worth a test: at most `most_pairs` mirror
// pairs the invariable rows leave free (9 ranks each), and at least 4 edges.
bool searchable(const RepairProblem& problem, std::size_t most_pairs);

// A mirror-symmetric prior: each pair's lower node at `draw()`, its mirror at the mirrored rank,
// a node that is its own mirror at 4.
std::vector<double> symmetric_prior(const Lattice& lattice, const std::function<double()>& draw);

// What every repair must hold, whatever its method: fixed nodes keep their ranks, no mirror pair
// is out of step, and, when `consistent`, no conflict is left. Reports failures as `what`.
void expect_sound(const RepairProblem& problem, std::span<const Rank> ranks,
                  const std::string& what, bool consistent);

// The objective of the exact repair with a prior: the data's weighted L1 cost plus
// prior_weight x |rank - prior| once per mirror pair (at its lower node).
double objective_with_prior(const RepairProblem& problem, std::span<const Rank> ranks,
                            std::span<const double> prior, double prior_weight);

// Brute force over all mirror-consistent rank assignments that break no edge of the problem's
// lattice (every edge but those solved rows break between them), fixed nodes held: the
// least objective, and the componentwise lowest and highest of the assignments reaching it.
// Feasible for a handful of mirror pairs only.
struct BruteForce {
  double best;
  std::vector<Rank> lowest, highest;
};
BruteForce brute_force(const KnowledgeBase& kb, std::span<const double> prior = {},
                       double prior_weight = 0);
double brute_force_optimum(const KnowledgeBase& kb);
// The same under any objective of a mirror-symmetric assignment.
using Objective = std::function<double(const RepairProblem&, std::span<const Rank>)>;
BruteForce brute_force(const KnowledgeBase& kb, const Objective& objective);

// A repair's cost as docs/design.md section 3 states it, written apart from reducer/cost.h: each
// stored row's weight times its shape's cost of the move (l1 |d|, trunc2 min(|d|, 2), trunc3
// min(|d|, 3), l0 [d != 0], sqrt sqrt|d|), plus |d|/64 of its weight for the shapes that are not
// l1.
double shaped_objective(const RepairProblem& problem, std::span<const Rank> ranks,
                        const std::string& shape);

}  // namespace egkb::test
