// Graphviz DOT of one node's neighbourhood, in the style of the paper's Fig. 2: scores in the
// nodes, inconsistent edges crossed and red.
#pragma once

#include <iosfwd>

#include "lattice/knowledge_base.h"
#include "lattice/neighbourhood.h"

namespace egkb {

void write_neighbourhood_dot(std::ostream& out, const ScoredLattice& kb, NodeId centre,
                             const std::vector<Neighbour>& neighbours);

}  // namespace egkb
