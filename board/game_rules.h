// What a game allows a position to be: where each piece may stand, when a king is in check, and
// how the engines write it (docs/design.md section 4b). Xiangqi and chess, the two piece sets egkb
// knows; a position's pieces use the set's canonical letters (board/position.h).
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "board/position.h"
#include "lattice/piece_set.h"

namespace egkb {

class GameRules {
 public:
  virtual ~GameRules() = default;

  int files() const { return files_; }
  int ranks() const { return ranks_; }
  // The squares a piece of `side` whose canonical letter is `letter` may stand on (the king's
  // included), in a fixed order.
  const std::vector<Square>& placement(Side side, char letter) const;
  // Whether the king of `side` is attacked: by a piece of the other side, or by the other king
  // (xiangqi: on an open file between them; chess: next to it).
  virtual bool in_check(const Position& p, Side side) const = 0;
  // The position as the engines read it: FEN, xiangqi's as Fairy-Stockfish reads it (ranks from
  // black's back rank, red upper case and `w`), with no castling or en passant rights.
  std::string fen(const Position& p) const;
  // The position a FEN describes: its board, written as fen() writes it or with the piece set's
  // own letters and aliases (xiangqi G or A for a guard, M, B or E for a minister, N or H for a
  // horse), and its side to move (`w`, `r` or `b`); later fields are ignored. Throws InputError
  // (field FEN) saying what is wrong: the ranks or files, a letter, the kings, a piece on a point
  // it may not stand on. Whether the position is legal is legal()'s to say.
  Position parse_fen(std::string_view fen) const;

  // Legal: every piece on a square of its placement (the sampler's doing) and the side not to
  // move not in check.
  bool legal(const Position& p) const { return !in_check(p, opposite(p.to_move())); }
  Position empty_position(Side to_move) const { return Position(files_, ranks_, to_move); }

 protected:
  // A game of `letters` (the king's first) on a board of files by ranks: `placeable` says where
  // a piece may stand, `engine_letter` how the engines write a piece (its case kept),
  // `read_letter` the canonical letter of a letter read in a FEN (its case kept; 0 for none).
  GameRules(int files, int ranks, std::string_view letters,
            bool (*placeable)(Side side, char letter, Square s), char (*engine_letter)(char),
            char (*read_letter)(char));

 private:
  int files_;
  int ranks_;
  std::string letters_;
  char (*engine_letter_)(char);
  char (*read_letter_)(char);
  bool (*placeable_)(Side side, char letter, Square s);
  std::array<std::vector<std::vector<Square>>, 2> placement_;  // by side, then letter's place
};

const GameRules& xiangqi_rules();
const GameRules& chess_rules();
// The rules of a built-in piece set.
const GameRules& rules_of(const PieceSet& pieces);

}  // namespace egkb
