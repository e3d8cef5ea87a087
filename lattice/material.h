// A material combination: how many pieces of each kind each side has (kings implied).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "lattice/piece_set.h"
#include "lattice/types.h"

namespace egkb {

struct Material {
  std::array<ByKind<uint8_t>, 2> counts{};

  uint8_t& count(Side s, PieceKind kind) { return counts[static_cast<size_t>(s)][kind]; }
  uint8_t count(Side s, PieceKind kind) const { return counts[static_cast<size_t>(s)][kind]; }
  // Pieces on the board, kings included: the lattice level plus 2.
  int piece_count() const;

  friend bool operator==(const Material&, const Material&) = default;
};

// Parses "KCCKHCPGG" or "KRPvKR": red's pieces from its K, then black's from its K. Any order
// inside a side; aliases accepted. Throws MaterialParseError naming the column and what was
// expected.
Material parse_material(std::string_view text, const PieceSet& pieces);

// The canonical text: kinds in the set's order (xiangqi K R N C P G M), aliases normalised.
std::string format_material(const Material& m, const PieceSet& pieces);
// The same written to `out`, which holds kMaxMaterialText bytes; returns the length. For loops
// over millions of rows, where a string per row costs more than the text.
constexpr std::size_t kMaxMaterialText = 3 + 2 * kMaxKinds * 255;
std::size_t write_material(const Material& m, const PieceSet& pieces, char* out);

Material mirror(const Material& m);

// The lattice distance (docs/design.md section 4): how many pieces to add or take away to turn
// one material into the other, a mirror pair one place: min(L1(a, b), L1(m(a), b)) over the
// counts. Each material as a plain array, its `kinds` red counts then its `kinds` black ones, as
// the spread design's nearest-neighbour scan keeps them.
inline int lattice_distance(const uint8_t* a, const uint8_t* b, int kinds) {
  int same = 0, mirrored = 0;
  for (int c = 0; c < kinds; ++c) {
    const int red = a[c], black = a[c + kinds];
    same += std::abs(red - b[c]) + std::abs(black - b[c + kinds]);
    mirrored += std::abs(black - b[c]) + std::abs(red - b[c + kinds]);
  }
  return std::min(same, mirrored);
}
int lattice_distance(const Material& a, const Material& b);

Key key_of(const Material& m, const PieceSet& pieces);
// The canonical text of the material a key stands for.
std::string material_text(Key key, const PieceSet& pieces);
Material material_of(Key key, const PieceSet& pieces);
Key mirror_key(Key key, const PieceSet& pieces);

}  // namespace egkb
