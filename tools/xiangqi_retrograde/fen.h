// Fairy-Stockfish's xiangqi FEN of a position, for checking the solver against the engine:
// ranks from black's back rank (rank 10) down to red's, red in capitals, K A B N R C P (its
// advisor and elephant are our guard and minister), "w" when red is to move.
#pragma once

#include <string>

#include "tools/xiangqi_retrograde/rules.h"

namespace xiangqi_retrograde {

std::string fairy_stockfish_fen(const Board& b, Colour to_move);

}  // namespace xiangqi_retrograde
