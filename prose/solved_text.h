// A solved material in words: its counts, its rules, and the bounds it puts on its neighbours,
// as `show`, `review import` and the review app give them.
#pragma once

#include <string>

#include "lattice/solved.h"

namespace egkb {

// "red to move wins 1204, draws 86, loses 0; black to move wins 0, draws 90, loses 1200", the
// wins and losses the 50-move rule makes draws counted as draws (as the score counts them).
std::string counts_text(const PieceSet& pieces, const PositionCounts& counts);

// "KNKM, solved 3 (red to move wins ...; exact)"
std::string solved_text(const PieceSet& pieces, const SolvedMaterial& solved, Score score);

// What a rank bound says of the game from red's side, `at_most` for rank <= `rank` (red does at
// least this well), else rank >= `rank`: "at least a draw for red", "red wins", "black has a
// clear advantage or better".
std::string bound_text(const PieceSet& pieces, Rank rank, bool at_most);

}  // namespace egkb
