// An independent reading of the FEN `egkb positions` prints: the board parsed back, every piece
// checked against square lists written out by hand, and check found by generating the moves of
// the side to move (could one of them take the other king?), not by looking out from the king as
// board/ does.
#pragma once

#include <map>
#include <string>

namespace egkb::test {

struct FenReading {
  std::string problem;         // empty when the position is legal
  std::map<char, int> pieces;  // FEN letter -> how many stand on the board
  char to_move = '?';          // 'w' or 'b'
};

FenReading read_xiangqi_fen(const std::string& fen);
FenReading read_chess_fen(const std::string& fen);

}  // namespace egkb::test
