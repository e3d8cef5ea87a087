// The relaxation of a repair whose costs are convex, solved one threshold at a time: for each
// t, which nodes end at rank >= t is a min-cut problem, and with convex costs the cuts nest.
// Partitioned (Stout): the cut at the middle threshold splits the nodes into two independent
// problems, so a node takes part in about log2(9) cuts instead of 8, and an idle core takes one
// half. Each cut is the maximal minimum cut, so the result is the relaxation's highest optimum;
// its lowest is the mirror image of it (the relaxation is mirror-symmetric), or, where a part of
// the problem is not, the minimal cuts'.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "reducer/cost.h"
#include "reducer/cut_spaces.h"
#include "reducer/exact_options.h"

namespace egkb {

// The highest optimal rank of every node (a fixed node's own rank), or nullopt when the fixed
// nodes leave no consistent choice. `costs` must be convex on every free node.
std::optional<std::vector<Rank>> highest_optimal_ranks(const RepairProblem& problem,
                                                       const RepairCosts& costs,
                                                       const ExactOptions& options,
                                                       std::span<const float> edge_dm,
                                                       CutSpaces& spaces);

enum class Optimum { Lowest, Highest };

// The lowest or highest optimum with only `variables` free, every other node at its rank in
// `settled`; `costs` convex on the variables. nullopt when every cut is infinite (the fixed
// nodes are not checked first, as highest_optimal_ranks checks them).
std::optional<std::vector<Rank>> optimal_ranks_of(
    const RepairProblem& problem, const RepairCosts& costs, const ExactOptions& options,
    std::span<const float> edge_dm, std::span<const NodeId> variables,
    std::span<const Rank> settled, Optimum which, CutSpaces& spaces);

}  // namespace egkb
