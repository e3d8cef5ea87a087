// The solved values of one material: for each index and side to move, illegal or the result for
// the side to move under the Asian rules when only one side can attack (repetition is a draw, a
// side with no legal move loses).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "tools/xiangqi_retrograde/position_index.h"

namespace xiangqi_retrograde {

// One byte a position. While solving, values from kUndecided up count the moves not yet known
// to lose for the mover (kUndecided + n); a solved table holds only the first four.
enum Value : uint8_t { kIllegal = 0, kWin = 1, kLoss = 2, kDraw = 3, kUndecided = 4 };

constexpr int kNoPly = 255;

struct Counts {
  uint64_t win = 0, draw = 0, loss = 0;
  uint64_t legal() const { return win + draw + loss; }
  friend bool operator==(const Counts&, const Counts&) = default;
};

struct Table {
  explicit Table(const Material& m) : index(m) {}

  PositionIndex index;
  std::array<std::vector<uint8_t>, 2> value;  // by the colour to move
  std::array<Counts, 2> counts;               // by the colour to move, from its view
  // Filled only when asked for (SolveOptions::keep_plies): plies to the end of the line, a mate
  // or a capture that decides; kNoPly for draws and illegal positions.
  std::array<std::vector<uint8_t>, 2> plies;

  uint8_t probe(std::span<const PlacedPiece> pieces, Colour to_move) const {
    return value[xiangqi_retrograde::index(to_move)][index.encode(pieces)];
  }
};

}  // namespace xiangqi_retrograde
