// Graphviz DOT of one node's neighbourhood, in the style of the paper's Fig. 2: scores in the
// nodes, inconsistent edges crossed and red.
#pragma once

#include <iosfwd>
#include <span>

#include "lattice/neighbourhood.h"

namespace egkb {

// `scores` holds every node's score, so the same neighbourhood can be drawn before and after a
// repair.
void write_neighbourhood_dot(std::ostream& out, const Lattice& lattice,
                             std::span<const Score> scores, NodeId centre,
                             const std::vector<Neighbour>& neighbours);

}  // namespace egkb
