// What a game allows a position to be: where each piece may stand, when a king is in check, and
// how the engines write it (DESIGN.md section 4b). Xiangqi and chess, the two piece sets egkb
// knows; a position's pieces use the set's canonical letters (board/position.h).
#pragma once

#include <string>
#include <vector>

#include "board/position.h"
#include "lattice/piece_set.h"

namespace egkb {

class GameRules {
 public:
  virtual ~GameRules() = default;

  virtual int files() const = 0;
  virtual int ranks() const = 0;
  // The squares a piece of `side` whose canonical letter is `letter` may stand on (the king's
  // included), in a fixed order.
  virtual const std::vector<Square>& placement(Side side, char letter) const = 0;
  // Whether the king of `side` is attacked: by a piece of the other side, or by the other king
  // (xiangqi: on an open file between them; chess: next to it).
  virtual bool in_check(const Position& p, Side side) const = 0;
  // The position as the engines read it: FEN, xiangqi's as Fairy-Stockfish reads it (ranks from
  // black's back rank, red upper case and `w`).
  virtual std::string fen(const Position& p) const = 0;

  // Legal: every piece on a square of its placement (the sampler's doing) and the side not to
  // move not in check.
  bool legal(const Position& p) const { return !in_check(p, opposite(p.to_move())); }
  Position empty_position(Side to_move) const { return Position(files(), ranks(), to_move); }
};

const GameRules& xiangqi_rules();
const GameRules& chess_rules();
// The rules of a built-in piece set.
const GameRules& rules_of(const PieceSet& pieces);

// FEN's piece placement, rank by rank from the last, with `letter_of` mapping each occupant to
// the engine's letter; shared by both games.
std::string fen_placement(const Position& p, char (*letter_of)(char piece));

}  // namespace egkb
