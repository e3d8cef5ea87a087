// The xiangqi board as the fast code sees it (move generation, solving): 90 points numbered
// rank * 9 + file, rank 0 being red's back rank (rank 1 in the usual names) and file 0 the
// a-file; each point holds 0 or a piece code. Where each kind may stand lives here once, for the
// random positions, the index of a solved material and the FEN reader alike.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "lattice/piece_kind.h"
#include "lattice/types.h"

namespace egkb::xiangqi {

constexpr int kFiles = 9;
constexpr int kRanks = 10;
constexpr int kPoints = kFiles * kRanks;

// The king and the piece set's kinds, in egkb's order K R N C P G M: kind k of PieceSet::xiangqi()
// is Kind(k + 1).
enum class Kind : uint8_t { king = 0, rook, horse, cannon, pawn, guard, minister };
constexpr int kKinds = 7;
constexpr int index(Kind k) {
  return static_cast<int>(k);
}
constexpr int index(Side s) {
  return static_cast<int>(s);
}
constexpr Kind kind_of(PieceKind k) {
  return static_cast<Kind>(kind_index(k) + 1);
}
constexpr PieceKind piece_kind_of(Kind k) {
  return PieceKind(index(k) - 1);
}
// Chariot, horse, cannon and pawn: the pieces that can cross the river and attack.
constexpr bool is_attacker(Kind k) {
  return k == Kind::rook || k == Kind::horse || k == Kind::cannon || k == Kind::pawn;
}
// K R N C P G M.
char kind_letter(Kind k);

constexpr int point(int file, int rank) {
  return rank * kFiles + file;
}
constexpr int file_of(int p) {
  return p % kFiles;
}
constexpr int rank_of(int p) {
  return p / kFiles;
}
constexpr bool on_board(int file, int rank) {
  return file >= 0 && file < kFiles && rank >= 0 && rank < kRanks;
}
// The point seen in a mirror down the e-file (file f -> 8 - f).
constexpr int mirrored_file(int p) {
  return point(kFiles - 1 - file_of(p), rank_of(p));
}

// Red's half is ranks 0..4, black's 5..9: the river runs between.
constexpr bool on_own_side(Side s, int p) {
  return s == Side::Red ? rank_of(p) <= 4 : rank_of(p) >= 5;
}
constexpr bool in_palace(Side s, int p) {
  const int f = file_of(p), r = rank_of(p);
  return f >= 3 && f <= 5 && (s == Side::Red ? r <= 2 : r >= 7);
}

// Where a piece of this side and kind may stand: kings and guards in their palace on their own
// points, ministers on their 7 points, pawns only where a pawn can get to (files a c e g i of its
// own ranks 4 and 5, or across the river), chariots, horses and cannons anywhere.
bool may_stand_on(Side s, Kind k, int p);
// Those points, ascending.
const std::vector<int>& placement_points(Side s, Kind k);

// A point's content: 0 empty, else 1 + side * 7 + kind.
using Cell = uint8_t;
constexpr Cell kEmpty = 0;
constexpr Cell cell_of(Side s, Kind k) {
  return static_cast<Cell>(1 + index(s) * kKinds + index(k));
}
constexpr Side cell_side(Cell c) {
  return c > kKinds ? Side::Black : Side::Red;
}
constexpr Kind cell_kind(Cell c) {
  return static_cast<Kind>((c - 1) % kKinds);
}

struct Board {
  std::array<Cell, kPoints> cell{};
};

}  // namespace egkb::xiangqi
