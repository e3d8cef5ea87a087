// An index of the placements of one material: each group of identical pieces (one colour, one
// kind) is a combination of its placement squares, ranked in colexicographic order, so two
// identical pieces are one position whichever is called first. The groups' ranks are the digits
// of a mixed-radix number. Indices that are no position (two pieces on a point) or no legal one
// (kings facing, the side not to move in check) stay in the table, marked illegal: 30 to 60% of
// it in the shipped materials, a byte each, so that a move's index is simple arithmetic.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "tools/xiangqi_retrograde/board.h"
#include "tools/xiangqi_retrograde/material.h"
#include "tools/xiangqi_retrograde/rules.h"

namespace xiangqi_retrograde {

constexpr int kMostOfAKind = 5;  // pawns; two of every other kind
constexpr int kMostPieces = 32;

struct PieceGroup {
  Colour colour;
  Kind kind;
  int count;  // pieces in the group
  int first;  // the group's first piece in Position::square
  const std::vector<int>* squares;
  std::array<int8_t, kSquares> slot_of;  // a square's place in *squares, -1 where it may not stand
  uint64_t combinations;                 // C(squares, count): the digit's radix
  uint64_t stride;                       // the digit's weight in the index
  // combination rank -> slots, ascending (built only for groups of more than one piece)
  std::vector<std::array<uint8_t, kMostOfAKind>> slots_of_rank;
};

// One piece somewhere, as a capture's result is handed to the table of a smaller material.
struct PlacedPiece {
  Colour colour;
  Kind kind;
  int square;
};

// A decoded index: the board, and each piece's square with the pieces listed group by group
// (red's king is piece 0, black's piece 1).
struct Position : Board {
  std::array<int8_t, kMostPieces> square{};
  std::array<int8_t, kSquares> piece_at{};  // -1 empty
  int pieces = 0;
};

class PositionIndex {
 public:
  explicit PositionIndex(const Material& m);

  uint64_t size() const { return size_; }
  // The size without building the index (no tables of combinations).
  static uint64_t size_of(const Material& m);
  const Material& material() const { return material_; }
  const std::vector<PieceGroup>& groups() const { return groups_; }
  const PieceGroup& group_of_piece(int piece) const { return groups_[group_of_piece_[piece]]; }

  // Fills `p`; false when two pieces share a square (no position).
  bool decode(uint64_t index, Position& p) const;
  // The index after piece `piece` of `p` goes to the empty square `to` (not a capture).
  uint64_t after_move(uint64_t index, const Position& p, int piece, int to) const;
  // The index of any placement of exactly this material's pieces.
  uint64_t encode(std::span<const PlacedPiece> pieces) const;

 private:
  uint64_t rank_of_slots(const PieceGroup& g, std::array<uint8_t, kMostOfAKind> slots) const;

  Material material_;
  std::vector<PieceGroup> groups_;
  std::array<uint8_t, kMostPieces> group_of_piece_{};
  std::array<std::array<int8_t, kKinds>, 2> group_of_kind_{};
  uint64_t size_ = 1;
};

}  // namespace xiangqi_retrograde
