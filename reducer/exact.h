// The optimal repair: minimise sum of w x |new rank - data rank| under every lattice constraint
// and mirror symmetry (weighted L1 isotonic regression), optionally plus a prior term
// lambda x |new rank - prior rank| per mirror pair, by threshold decomposition into min-cut
// problems solved with Boost.Graph's Boykov-Kolmogorov max-flow. Every node's cost is convex in
// its rank, which is what lets one cut per threshold find the optimum.
//
// Among equally good repairs the result is fixed by the problem, not by the flow: the highest
// optimal ranks (from the maximal minimum cuts) and the lowest (their mirror image) are both
// computed, and each node takes their middle, a half rounded toward 4. The middle of two optimal
// solutions of a convex problem is optimal, and rounding toward 4 keeps it optimal and
// mirror-symmetric (docs/reducers.md).
#pragma once

#include <span>
#include <vector>

#include "reducer/problem.h"
#include "reducer/reduction.h"

namespace egkb {

struct ExactOptions {
  // Edges become penalties of lambda x Dm per rank of violation instead of hard constraints.
  bool soft = false;
  double lambda = 1.0;
  // A rank per node that a repair is drawn toward (reducer/material_prior.h), mirror-symmetric;
  // empty for none. Its weight counts once per mirror pair, whether one or both are stored.
  std::vector<double> prior;
  double prior_weight = 0;
  // Cores the solve may use (0: every core): once a cut splits the nodes, the two halves are
  // independent problems. The result is the same for any number.
  unsigned threads = 0;
};

// Throws InputError naming two invariable nodes when they contradict each other (hard mode).
// `edge_dm` (Dm per edge index) is used by soft mode only.
Reduction reduce_exact(const RepairProblem& problem, const ExactOptions& options,
                       std::span<const float> edge_dm);

// The same on the nodes not fixed in `problem`, returning nullopt when the fixed nodes leave no
// consistent choice (used to finish a greedy run on the region it left inconsistent).
std::optional<std::vector<Rank>> solve_exact(const RepairProblem& problem,
                                             const ExactOptions& options,
                                             std::span<const float> edge_dm);

}  // namespace egkb
