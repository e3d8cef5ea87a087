// Random legal positions of a material (`egkb positions`, docs/design.md section 4b): uniform over
// the legal positions, each piece uniform on the squares its kind may stand on and the whole
// placement drawn again on a collision or an illegal position, so every legal position is as
// likely as any other. Position i has red to move when i is even, so any even count is half each
// side to move. Each position depends only on the seed, the material and its number: a search
// stopped early or resumed sees the same positions.
#pragma once

#include <cstdint>
#include <vector>

#include "board/game_rules.h"
#include "lattice/material.h"

namespace egkb {

class PositionSampler {
 public:
  // How many placements one position may take before the material is refused.
  static constexpr uint64_t kMostTries = 200000;

  // Throws InputError (field MATERIAL) when the material cannot stand on the board: more pieces
  // of a kind than the squares it may use, or more pieces than squares.
  PositionSampler(const Material& material, const PieceSet& pieces);

  // Position number `index` for `seed`. Throws InputError when kMostTries placements found no
  // legal one.
  Position draw(uint64_t seed, uint64_t index) const;

  const GameRules& rules() const { return rules_; }

 private:
  struct Piece {
    Side side;
    char letter;
    const std::vector<Square>* squares;
  };

  const GameRules& rules_;
  std::vector<Piece> pieces_;  // kings first
  Key key_;
  std::string material_text_;
};

// Side to move of position `index`: red for even numbers.
constexpr Side side_to_move(uint64_t index) {
  return index % 2 == 0 ? Side::Red : Side::Black;
}

}  // namespace egkb
