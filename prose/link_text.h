// A link of a node's neighbourhood as the neighbour lists of `show`, the sheets and the review
// app name it.
#pragma once

#include <string>

#include "lattice/neighbourhood.h"

namespace egkb {

// "-C black" (the neighbour has black's cannon less), "+R red" (one red rook more), "mirror".
std::string link_text(const PieceSet& pieces, const Neighbour& nb);

}  // namespace egkb
