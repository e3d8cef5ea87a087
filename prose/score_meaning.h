// What a score says about the game, in the words of the set's sides.
#pragma once

#include <string>

#include "lattice/piece_set.h"

namespace egkb {

// The meaning of a score from the first side's point of view: "red wins", "white has a slight
// advantage", "either side can win".
std::string score_meaning(const PieceSet& pieces, Score s);

}  // namespace egkb
