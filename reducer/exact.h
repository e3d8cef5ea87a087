// The optimal repair: minimise sum of w x |new rank - data rank| under every lattice constraint
// and mirror symmetry (weighted L1 isotonic regression), by threshold decomposition into
// min-cut problems solved with Boost.Graph's Boykov-Kolmogorov max-flow.
#pragma once

#include <span>

#include "reducer/problem.h"
#include "reducer/reduction.h"

namespace egkb {

struct ExactOptions {
  // Edges become penalties of lambda x Dm per rank of violation instead of hard constraints.
  bool soft = false;
  double lambda = 1.0;
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
