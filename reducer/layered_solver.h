// The relaxation of a repair with any costs, solved by one min-cut on a layered graph (Ishikawa,
// PAMI 2003): each free node is a chain of 8 vertices, vertex t on the source side meaning rank
// >= t, chained so a rank is a prefix; each lattice edge joins the same layer of its two ends.
// A node's cost then needs no convexity: its steps are the unary terms of its layers. The
// minimal and maximal minimum cuts give the lowest and highest optimal ranks of every node.
//
// Only the layers an optimum may cross are laid out. Two convex costs bound the node's own: one
// whose steps are the least of its steps from there up, which lets a node rise more cheaply than
// its own cost does, one with the greatest of its steps from there down, which lets it fall more
// cheaply. The constraints make the feasible ranks a lattice and the costs' sum is submodular, so
// by Topkis' monotonicity theorem every optimum lies at or below the first's highest optimum and
// at or above the second's lowest: two threshold solves (one, by the mirror image, when the
// problem is mirror-symmetric). A node whose bounds meet is settled; the others get a vertex for
// each threshold between their bounds. On endall with trunc2 that is about one vertex a node
// instead of eight, and the ranges are those of the full layered graph, whose optima are the same
// (docs/reducers.md, "Layering what a convex solve leaves open").
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "base/errors.h"
#include "reducer/cost.h"
#include "reducer/cut_spaces.h"
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
// options.most_layered_nodes (a bound on the linked free nodes, not on the layers laid out).
// The most free nodes linked together among `free_nodes`: what LayeredGraphTooLarge compares with
// ExactOptions::most_layered_nodes.
std::size_t most_linked_nodes(const Lattice& lattice, std::span<const NodeId> free_nodes);

std::optional<RankRange> layered_optimal_ranks(const RepairProblem& problem,
                                               const RepairCosts& costs,
                                               const ExactOptions& options,
                                               std::span<const float> edge_dm,
                                               std::span<const NodeId> free_nodes,
                                               std::span<const Rank> settled, CutSpaces& spaces);

}  // namespace egkb
