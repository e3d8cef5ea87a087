// An independent solver for the tests of solve/: every position of a material and of everything
// captures lead to, enumerated one by one on a plain board of letters, its moves found by walking
// the board, and its value by iterating to a fixed point (a position is won when some move
// reaches a position lost for the opponent, lost when every move reaches one won for the
// opponent or there is no move; what never settles is a draw, every repetition drawing). Then
// each decided position's distance by iterating again: plies to the end of the line, a mate or
// the first capture, the winner taking the shortest, the loser the longest; and whether the
// winner mates in exactly those plies whatever the loser does. It shares no code with solve/ or
// board/: its rules are written again from the description.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace xiangqi_brute_force {

enum class Result : uint8_t { win, draw, loss };

// A piece is a letter, red's upper case, black's lower: K R N C P G M. A square is a name
// "a1".."i10", held as (file 0..8, rank 0..9).
struct Piece {
  char letter;
  int file, rank;
};

struct Position {
  std::string material;  // "KRKG"
  std::vector<Piece> pieces;
  bool red_to_move;
  Result result = Result::draw;
  int distance = 0;          // decided positions only
  bool forced_mate = false;  // decided positions only
};

struct Counts {
  uint64_t win = 0, draw = 0, loss = 0;
};

struct Solution {
  std::vector<Position> positions;  // every legal position of every material solved
  // by material text ("KRK"), [0] red to move, [1] black to move, from the side to move's view
  std::unordered_map<std::string, std::array<Counts, 2>> counts;
};

// `material` as "KCGKGG": red's K and pieces, then black's K and pieces.
Solution solve(const std::string& material);

}  // namespace xiangqi_brute_force
