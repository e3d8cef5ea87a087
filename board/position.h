// A board position as an engine reads it: which piece stands on each square and who moves. The
// pieces are written with their piece set's canonical letters (xiangqi K R N C P G M, chess
// K Q R B N P), upper case for red (white), lower case for black, so a position is plain data
// that any rule or printer reads the same way.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "lattice/types.h"

namespace egkb {

// A square by file and rank, both from 0: file 0 is a, rank 0 is red's (white's) back rank.
struct Square {
  int file = 0;
  int rank = 0;
  friend bool operator==(Square, Square) = default;
};

constexpr char kEmpty = '.';

// The letter of a piece of `side` whose canonical (upper-case) letter is `letter`.
constexpr char piece_letter(Side side, char letter) {
  return side == Side::Red ? letter : static_cast<char>(letter - 'A' + 'a');
}
constexpr Side side_of(char piece) {
  return piece >= 'a' ? Side::Black : Side::Red;
}
constexpr char kind_letter(char piece) {
  return piece >= 'a' ? static_cast<char>(piece - 'a' + 'A') : piece;
}

class Position {
 public:
  // The largest board: xiangqi's 9 files by 10 ranks.
  static constexpr int kMaxSquares = 90;

  Position(int files, int ranks, Side to_move);

  int files() const { return files_; }
  int ranks() const { return ranks_; }
  Side to_move() const { return to_move_; }
  bool on_board(Square s) const {
    return s.file >= 0 && s.file < files_ && s.rank >= 0 && s.rank < ranks_;
  }
  char at(Square s) const { return cells_[index(s)]; }
  void put(Square s, char piece) { cells_[index(s)] = piece; }
  // Where the king of `side` stands; every position has one of each.
  Square king(Side side) const;

  friend bool operator==(const Position&, const Position&) = default;

 private:
  std::size_t index(Square s) const { return static_cast<std::size_t>(s.rank * files_ + s.file); }

  int files_;
  int ranks_;
  Side to_move_;
  std::array<char, kMaxSquares> cells_;
};

// The same position with the sides swapped: each piece changes colour and moves to the mirrored
// rank, and the other side moves. It is a position of the mirror material, and its result for the
// side to move is the same.
Position mirrored(const Position& p);

// A move in UCI's notation (e2e4, a10a9, e7e8q) as the same move of the mirrored position on a
// board of `ranks`: each square's rank turned over, its file kept.
std::string mirrored_move(std::string_view move, int ranks);

// The board as text for a terminal, the last rank first: canonical letters, red's upper case, '.'
// for an empty square, the ranks numbered and the files lettered.
std::string diagram(const Position& p);

}  // namespace egkb
