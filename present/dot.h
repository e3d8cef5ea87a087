// Graphviz DOT of one node's neighbourhood, in the style of the paper's Fig. 2: scores in the
// nodes, inconsistent edges crossed and red.
#pragma once

#include <iosfwd>
#include <optional>
#include <span>

#include "lattice/neighbourhood.h"

namespace egkb {

// `scores` holds every node's score, so the same neighbourhood can be drawn before and after a
// repair.
// `ambiguous` (empty, or one per node) marks the nodes whose optimal range holds more than one
// rank, filled in yellow with the range, ranks low..high, beside the score.
struct NodeRange {
  Rank low, high;
};
void write_neighbourhood_dot(std::ostream& out, const Lattice& lattice,
                             std::span<const Score> scores, NodeId centre,
                             const std::vector<Neighbour>& neighbours,
                             std::span<const std::optional<NodeRange>> ambiguous = {});

}  // namespace egkb
