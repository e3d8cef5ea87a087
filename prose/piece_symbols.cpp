#include "prose/piece_symbols.h"

namespace egkb {

namespace {

// A set's symbols by the canonical letter, the king's first; red's (white's) then black's.
struct SetSymbols {
  std::string_view set;
  std::string_view letters;
  std::array<std::array<std::string_view, 7>, 2> symbols;
};

constexpr std::array<SetSymbols, 2> kSymbols{{
    {"xiangqi",
     "KRNCPGM",
     {{{"帥", "俥", "傌", "炮", "兵", "仕", "相"}, {"將", "車", "馬", "砲", "卒", "士", "象"}}}},
    {"chess", "KQRBNP", {{{"♔", "♕", "♖", "♗", "♘", "♙"}, {"♚", "♛", "♜", "♝", "♞", "♟"}}}},
}};

}  // namespace

std::string_view piece_symbol(const PieceSet& pieces, Side side, std::optional<PieceKind> kind) {
  const char letter = kind ? pieces.kind(*kind).letter : 'K';
  for (const SetSymbols& s : kSymbols) {
    if (s.set != pieces.name()) continue;
    const std::size_t at = s.letters.find(letter);
    return at == std::string_view::npos ? std::string_view()
                                        : s.symbols[static_cast<std::size_t>(side)][at];
  }
  return {};
}

std::array<std::string, 2> material_symbols(const Material& m, const PieceSet& pieces) {
  std::array<std::string, 2> text;
  for (Side side : {Side::Red, Side::Black}) {
    std::string& t = text[static_cast<std::size_t>(side)];
    t = piece_symbol(pieces, side, std::nullopt);
    for (PieceKind k : pieces.kinds()) {
      for (int i = 0; i < m.count(side, k); ++i) t += piece_symbol(pieces, side, k);
    }
  }
  return text;
}

}  // namespace egkb
