#include "lattice/material.h"

#include <fmt/format.h>

#include <algorithm>

#include "base/errors.h"
#include "base/text.h"

namespace egkb {

namespace {

// Builds the parse error for the character at `pos` (0-based).
MaterialParseError error_at(std::string_view text, size_t pos, const std::string& message) {
  return MaterialParseError(std::string(text), pos + 1, message);
}

}  // namespace

int Material::piece_count() const {
  int n = 2;
  for (const auto& side : counts) {
    for (uint8_t c : side.values) n += c;
  }
  return n;
}

Material parse_material(std::string_view text, const PieceSet& pieces) {
  Material m;
  if (text.empty()) throw error_at(text, 0, "empty material; expected red's 'K'");
  if (text[0] != 'K') {
    throw error_at(
        text, 0,
        fmt::format("expected 'K' (red's king) first, got '{}'", printable(text.substr(0, 1))));
  }
  Side side = Side::Red;
  bool separated = false;
  for (size_t pos = 1; pos < text.size(); ++pos) {
    const char c = text[pos];
    if (c == 'v') {
      if (side == Side::Black || separated) {
        throw error_at(text, pos, fmt::format("unexpected '{}': black's pieces already began", c));
      }
      if (pos + 1 >= text.size() || text[pos + 1] != 'K') {
        throw error_at(text, pos + 1, fmt::format("expected 'K' (black's king) after '{}'", c));
      }
      separated = true;
      continue;
    }
    if (c == 'K') {
      if (side == Side::Black) {
        throw error_at(text, pos, "a third 'K': a material has exactly one king per side");
      }
      side = Side::Black;
      continue;
    }
    const std::optional<PieceKind> kind = pieces.kind_of(c);
    if (!kind) {
      const std::string_view reason = pieces.rejection(c);
      if (!reason.empty()) throw error_at(text, pos, std::string(reason));
      throw error_at(
          text, pos,
          fmt::format("unknown piece '{}'; expected one of {} ({} pieces)",
                      printable(text.substr(pos, 1)), pieces.expected_letters(), pieces.name()));
    }
    uint8_t& count = m.count(side, *kind);
    if (count >= pieces.kind(*kind).max) {
      throw error_at(text, pos,
                     fmt::format("too many {}s for {}: at most {}", pieces.kind(*kind).name,
                                 pieces.side_name(side), pieces.kind(*kind).max));
    }
    ++count;
  }
  if (side == Side::Red) {
    throw error_at(text, text.size(), "expected 'K' (black's king): a material names both sides");
  }
  return m;
}

std::string format_material(const Material& m, const PieceSet& pieces) {
  char text[kMaxMaterialText];
  return std::string(text, write_material(m, pieces, text));
}

std::size_t write_material(const Material& m, const PieceSet& pieces, char* out) {
  char* at = out;
  for (Side side : {Side::Red, Side::Black}) {
    if (side == Side::Black && pieces.separator() != '\0') *at++ = pieces.separator();
    *at++ = 'K';
    for (PieceKind k : pieces.kinds())
      at = std::fill_n(at, m.count(side, k), pieces.kind(k).letter);
  }
  return static_cast<std::size_t>(at - out);
}

Material mirror(const Material& m) {
  Material r;
  r.counts[0] = m.counts[1];
  r.counts[1] = m.counts[0];
  return r;
}

int lattice_distance(const Material& a, const Material& b) {
  // Kinds beyond a set's own hold no piece in either, so every set's materials fit kMaxKinds.
  std::array<uint8_t, 2 * kMaxKinds> flat_a{}, flat_b{};
  for (PieceKind k : KindRange(kMaxKinds)) {
    for (Side s : {Side::Red, Side::Black}) {
      const auto at = static_cast<std::size_t>(static_cast<int>(s) * kMaxKinds + kind_index(k));
      flat_a[at] = a.count(s, k);
      flat_b[at] = b.count(s, k);
    }
  }
  return lattice_distance(flat_a.data(), flat_b.data(), kMaxKinds);
}

Key key_of(const Material& m, const PieceSet& pieces) {
  Key red = 0;
  Key black = 0;
  for (PieceKind k : pieces.kinds()) {
    red += m.count(Side::Red, k) * pieces.side_stride(k);
    black += m.count(Side::Black, k) * pieces.side_stride(k);
  }
  return red * pieces.side_key_count() + black;
}

std::string material_text(Key key, const PieceSet& pieces) {
  return format_material(material_of(key, pieces), pieces);
}

Material material_of(Key key, const PieceSet& pieces) {
  Material m;
  Key side_keys[2] = {key / pieces.side_key_count(), key % pieces.side_key_count()};
  for (int s = 0; s < 2; ++s) {
    for (PieceKind k : pieces.kinds()) {
      m.counts[static_cast<size_t>(s)][k] =
          static_cast<uint8_t>(side_keys[s] / pieces.side_stride(k) % (pieces.kind(k).max + 1));
    }
  }
  return m;
}

Key mirror_key(Key key, const PieceSet& pieces) {
  const Key n = pieces.side_key_count();
  return (key % n) * n + key / n;
}

}  // namespace egkb
