// The relaxation of a repair whose costs are convex, solved one threshold at a time: for each
// t, which nodes end at rank >= t is a min-cut problem, and with convex costs the cuts nest.
// Partitioned (Stout): the cut at the middle threshold splits the nodes into two independent
// problems, so a node takes part in about log2(9) cuts instead of 8, and an idle core takes one
// half. Each cut is the maximal minimum cut, so the result is the relaxation's highest optimum;
// its lowest is the mirror image of it (the relaxation is mirror-symmetric).
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "reducer/cost.h"

namespace egkb {

struct ExactOptions {
  // Edges become penalties of lambda x Dm per rank of violation instead of hard constraints.
  bool soft = false;
  double lambda = 1.0;
  // Cores the solve may use (0: every core). The result is the same for any number.
  unsigned threads = 0;
  // Costs that are not convex: the most branches probing solves per group of open pairs (0: no
  // probing, the completion alone).
  std::size_t most_probes = 256;
  // Costs that are not convex: the most nodes one layered graph may hold (lower in tests, which
  // cannot build a base that large). About 4 KB a node, so the largest fits in 2 GB; a base whose
  // conflicted part is larger needs a convex cost. A fixed bound rather than one read from the
  // machine's memory: which costs validation may choose, and so the repair of a base, must not
  // depend on the machine it runs on (docs/reducers.md).
  std::size_t most_layered_nodes = 500000;
};

// The highest optimal rank of every node (a fixed node's own rank), or nullopt when the fixed
// nodes leave no consistent choice. `costs` must be convex on every free node.
std::optional<std::vector<Rank>> highest_optimal_ranks(const RepairProblem& problem,
                                                       const RepairCosts& costs,
                                                       const ExactOptions& options,
                                                       std::span<const float> edge_dm);

}  // namespace egkb
