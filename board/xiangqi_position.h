// A Position (letters, board/position.h) as the fast xiangqi board (piece codes) and back.
#pragma once

#include "board/position.h"
#include "board/xiangqi_board.h"

namespace egkb {

xiangqi::Board xiangqi_board(const Position& p);
Position xiangqi_position(const xiangqi::Board& b, Side to_move);

}  // namespace egkb
