// The index of one xiangqi material's placements. The kings are one digit: the 45 pairs left
// when a mirror down the e-file is taken out (red's king on the d-file, or on the e-file with
// black's on the d- or e-file); every other group of identical pieces (one side, one kind) is a
// combination of its placement points, ranked in colexicographic order, so two identical pieces
// are one entry whichever is named first. The digits make a mixed-radix number, the kings the
// slowest. An entry stands for its placement and that placement's mirror, except when both kings
// stand on the e-file: then the mirror is an entry of its own (an entry "on the axis"), and the
// entry stands for itself alone. Entries that are no position (two pieces on a point) or no legal
// one stay in the table, marked illegal, so that a move's entry is simple arithmetic.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "board/xiangqi_board.h"
#include "lattice/material.h"

namespace egkb::solve {

using xiangqi::Board;
using xiangqi::Kind;

constexpr int kMostOfAKind = 5;  // pawns; two of every other kind
constexpr int kMostPieces = 32;
constexpr int kKingPairs = 45;

struct PieceGroup {
  Side side;
  Kind kind;
  int count;  // pieces in the group
  int first;  // the group's first piece in Placement::point
  const std::vector<int>* points;
  std::array<int8_t, xiangqi::kPoints> slot_of;  // a point's place in *points, -1 where it may not
  uint64_t combinations;                         // C(points, count): the digit's radix
  uint64_t stride;                               // the digit's weight in the index
  // combination rank -> slots, ascending (built only for groups of more than one piece)
  std::vector<std::array<uint8_t, kMostOfAKind>> slots_of_rank;
};

// One piece somewhere, as a FEN or a capture hands a placement to an index.
struct PlacedPiece {
  Side side;
  Kind kind;
  int point;
};

// A decoded entry: the board, and each piece's point with the pieces listed group by group after
// the kings (red's king is piece 0, black's piece 1).
struct Placement : Board {
  std::array<int8_t, kMostPieces> point{};
  std::array<int8_t, xiangqi::kPoints> piece_at{};    // -1 empty
  std::array<uint64_t, 2 * xiangqi::kKinds> digit{};  // each group's, as decoded
  int pieces = 0;
};

// Whether the placement is in the index as it is (kings on the left half, or both on the e-file)
// rather than as its mirror; and whether its kings are both on the e-file.
constexpr bool canonical_kings(int red_king, int black_king) {
  const int rf = xiangqi::file_of(red_king), bf = xiangqi::file_of(black_king);
  return rf < 4 || (rf == 4 && bf <= 4);
}
constexpr bool on_axis(int red_king, int black_king) {
  return xiangqi::file_of(red_king) == 4 && xiangqi::file_of(black_king) == 4;
}

class PositionIndex {
 public:
  // Throws InputError (field MATERIAL) when the material has more pieces of a kind than points.
  explicit PositionIndex(const Material& m);

  uint64_t size() const { return size_; }
  // The size without building the index.
  static uint64_t size_of(const Material& m);
  const Material& material() const { return material_; }
  int pieces() const { return pieces_; }
  const std::vector<PieceGroup>& groups() const { return groups_; }
  const PieceGroup& group_of_piece(int piece) const { return groups_[group_of_piece_[piece]]; }
  // The group of pieces of that side and kind, or -1.
  int group_of(Side s, Kind k) const {
    return group_of_kind_[xiangqi::index(s)][xiangqi::index(k)];
  }
  uint64_t king_stride() const { return king_stride_; }

  // Fills `p`; false when two pieces share a point (no position).
  bool decode(uint64_t index, Placement& p) const;
  // The entry after piece `piece` (not a king) of `p` goes to the empty point `to`.
  uint64_t after_move(uint64_t index, const Placement& p, int piece, int to) const;
  // The entry of a placement of exactly this material's pieces, its kings canonical.
  uint64_t encode(std::span<const PlacedPiece> pieces) const;
  // The entry of `p` with piece `piece` moved to `to` (a king may move): mirrored when the kings
  // would not be canonical, or when asked (kings moved onto the axis: the mirror is an entry of
  // its own).
  uint64_t after_any_move(uint64_t index, const Placement& p, int piece, int to,
                          bool mirror = false) const;
  // The entry in this index, of a material one piece smaller than `larger`'s, of `p` (decoded
  // by `larger`) after its piece `piece` takes the piece on `to`.
  uint64_t after_capture(const PositionIndex& larger, const Placement& p, int piece, int to) const;
  // How many placements an entry stands for: 2, or 1 on the axis.
  static int weight(int red_king, int black_king) { return on_axis(red_king, black_king) ? 1 : 2; }

 private:
  uint64_t rank_of_slots(const PieceGroup& g, std::array<uint8_t, kMostOfAKind> slots) const;
  // The entry of a placement given by each piece's point; mirrored first if `mirror`.
  uint64_t encode_points(const std::array<int8_t, kMostPieces>& points, bool mirror) const;

  Material material_;
  std::vector<PieceGroup> groups_;  // every group but the kings
  std::array<uint8_t, kMostPieces> group_of_piece_{};
  std::array<std::array<int8_t, xiangqi::kKinds>, 2> group_of_kind_{};
  int pieces_ = 2;
  uint64_t king_stride_ = 1;
  uint64_t size_ = 1;
};

// The king pairs: entry digit -> points, and back (-1 for a pair that is not canonical).
struct KingPairs {
  std::array<std::array<int8_t, 2>, kKingPairs> points;
  std::array<std::array<int8_t, xiangqi::kPoints>, xiangqi::kPoints> digit;
};
const KingPairs& king_pairs();

}  // namespace egkb::solve
