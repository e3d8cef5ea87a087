// The xiangqi board and where each kind of piece may stand: the geometry every other part of the
// solver shares. Squares are numbered rank * 9 + file, rank 0 being red's back rank (rank 1 in
// the usual names) and file 0 the a-file.
#pragma once

#include <cstdint>
#include <vector>

namespace xiangqi_retrograde {

constexpr int kFiles = 9;
constexpr int kRanks = 10;
constexpr int kSquares = kFiles * kRanks;

enum class Colour : uint8_t { red = 0, black = 1 };
constexpr Colour opponent(Colour c) {
  return c == Colour::red ? Colour::black : Colour::red;
}
constexpr int index(Colour c) {
  return static_cast<int>(c);
}

// In egkb's order K R N C P G M, so that a material's text is written by walking the enum.
enum class Kind : uint8_t { king = 0, rook, horse, cannon, pawn, guard, minister };
constexpr int kKinds = 7;
constexpr int index(Kind k) {
  return static_cast<int>(k);
}
constexpr bool is_attacker(Kind k) {
  return k == Kind::rook || k == Kind::horse || k == Kind::cannon || k == Kind::pawn;
}

constexpr int square(int file, int rank) {
  return rank * kFiles + file;
}
constexpr int file_of(int sq) {
  return sq % kFiles;
}
constexpr int rank_of(int sq) {
  return sq / kFiles;
}
constexpr bool on_board(int file, int rank) {
  return file >= 0 && file < kFiles && rank >= 0 && rank < kRanks;
}

// Red's half is ranks 0..4, black's 5..9: the river runs between.
constexpr bool on_own_side(Colour c, int sq) {
  return c == Colour::red ? rank_of(sq) <= 4 : rank_of(sq) >= 5;
}
constexpr bool across_river(Colour c, int sq) {
  return !on_own_side(c, sq);
}
constexpr bool in_palace(Colour c, int sq) {
  const int f = file_of(sq), r = rank_of(sq);
  return f >= 3 && f <= 5 && (c == Colour::red ? r <= 2 : r >= 7);
}

// The squares a piece of this colour and kind may stand on: the position population (kings and
// guards in their palace on their own points, ministers on their 7 points, pawns only where a
// pawn can get to). Ascending.
const std::vector<int>& placement_squares(Colour c, Kind k);
bool may_stand_on(Colour c, Kind k, int sq);

// K R N C P G M, as egkb writes materials.
char kind_letter(Kind k);

}  // namespace xiangqi_retrograde
