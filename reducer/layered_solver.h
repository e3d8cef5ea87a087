// The relaxation of a repair with any costs, solved by one min-cut on a layered graph (Ishikawa,
// PAMI 2003): each free node is a chain of 8 vertices, vertex t on the source side meaning rank
// >= t, chained so a rank is a prefix; each lattice edge joins the same layer of its two ends.
// A node's cost then needs no convexity: its steps are the unary terms of its layers. The
// minimal and maximal minimum cuts give the lowest and highest optimal ranks of every node.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "reducer/threshold_solver.h"

namespace egkb {

struct RankRange {
  std::vector<Rank> low;   // the lowest optimal rank of every node (a fixed node's own)
  std::vector<Rank> high;  // and the highest
};

// The most nodes egkb lays out in one layered graph: about 4 KB each, so the largest fits in
// 2 GB. A base whose conflicted part is larger needs a convex cost.
constexpr std::size_t kMostLayeredNodes = 500000;

// Solves the relaxation on `free_nodes` (every other node is fixed in `problem` or settled at
// its rank in `settled`), one layered graph per connected group of them. nullopt when the fixed
// nodes leave no consistent choice. Throws InputError when a group exceeds kMostLayeredNodes.
std::optional<RankRange> layered_optimal_ranks(const RepairProblem& problem,
                                               const RepairCosts& costs,
                                               const ExactOptions& options,
                                               std::span<const float> edge_dm,
                                               std::span<const NodeId> free_nodes,
                                               std::span<const Rank> settled);

}  // namespace egkb
