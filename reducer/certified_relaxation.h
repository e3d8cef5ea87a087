// Step 1 of the certified solver (reducer/exact.h): the relaxation, the mirror equality dropped
// and each node given its mirror's costs, mirrored. Its lowest and highest optima are the range
// of every node, and its value at the lowest is the lower bound the certificate starts from.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "reducer/cost.h"
#include "reducer/exact_options.h"
#include "reducer/layered_solver.h"

namespace egkb {

// What every step of the certified solver reads.
struct CertifiedInputs {
  const RepairProblem& problem;
  const RepairCosts& costs;
  const ExactOptions& options;
  std::span<const float> edge_dm;
  CutSpaces& spaces;  // every cut's working memory
};

// Convex costs: the threshold cuts (reducer/threshold_solver.h) give the highest optimum, and the
// lowest is its mirror image because the relaxation is mirror-symmetric. nullopt when the fixed
// nodes leave no consistent choice.
std::optional<RankRange> threshold_range(const RepairProblem& problem, const RepairCosts& costs,
                                         const ExactOptions& options,
                                         std::span<const float> edge_dm, CutSpaces& spaces);

// Any costs: the layered cuts (reducer/layered_solver.h) on the free nodes that need solving.
std::optional<RankRange> layered_range(const CertifiedInputs& in);

// The free nodes layered_range() solves: every one, or when nothing pulls the repair from the
// data (RepairCosts::data_is_cheapest) those of the components with a conflict.
std::vector<NodeId> layered_free_nodes(const RepairProblem& problem, bool data_is_cheapest);

// The relaxation's value of an assignment in cost units: every free node's steps up to its rank
// and, in soft mode, every edge's penalty for each rank it is broken by.
Capacity relaxed_value(const CertifiedInputs& in, std::span<const Rank> ranks);

// The part of relaxed_value() that depends on `nodes` alone (`in_nodes` flags them), when no
// edge joins them to another node that changes: probing compares branches on one group by it.
Capacity relaxed_value_in(const CertifiedInputs& in, std::span<const Rank> ranks,
                          std::span<const NodeId> nodes, std::span<const uint8_t> in_nodes);

}  // namespace egkb
