// The relaxation of a repair with any costs, solved by one min-cut on a layered graph (Ishikawa,
// PAMI 2003): each free node is a chain of 8 vertices, vertex t on the source side meaning rank
// >= t, chained so a rank is a prefix; each lattice edge joins the same layer of its two ends.
// A node's cost then needs no convexity: its steps are the unary terms of its layers. The
// minimal and maximal minimum cuts give the lowest and highest optimal ranks of every node.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "base/errors.h"
#include "reducer/cost.h"
#include "reducer/exact_options.h"

namespace egkb {

struct RankRange {
  std::vector<Rank> low;   // the lowest optimal rank of every node (a fixed node's own)
  std::vector<Rank> high;  // and the highest
};

// Thrown when a group of linked free nodes is larger than ExactOptions::most_layered_nodes:
// validation leaves the cost out and says so with these figures.
class LayeredGraphTooLarge : public InputError {
 public:
  LayeredGraphTooLarge(std::size_t nodes, std::size_t most);
  std::size_t nodes() const { return nodes_; }
  std::size_t most() const { return most_; }

 private:
  std::size_t nodes_, most_;
};

// Solves the relaxation on `free_nodes` (every other node is fixed in `problem` or settled at
// its rank in `settled`), one layered graph per connected group of them. nullopt when the fixed
// nodes leave no consistent choice. Throws LayeredGraphTooLarge when a group exceeds
// options.most_layered_nodes.
std::optional<RankRange> layered_optimal_ranks(const RepairProblem& problem,
                                               const RepairCosts& costs,
                                               const ExactOptions& options,
                                               std::span<const float> edge_dm,
                                               std::span<const NodeId> free_nodes,
                                               std::span<const Rank> settled);

}  // namespace egkb
