// A material combination: how many pieces of each kind each side has (kings implied).
#pragma once

#include <array>
#include <cstdint>
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

Key key_of(const Material& m, const PieceSet& pieces);
// The canonical text of the material a key stands for.
std::string material_text(Key key, const PieceSet& pieces);
Material material_of(Key key, const PieceSet& pieces);
Key mirror_key(Key key, const PieceSet& pieces);

}  // namespace egkb
