#include "prose/material_words.h"

#include <fmt/format.h>

namespace egkb {

std::string describe_material(const Material& m, const PieceSet& pieces) {
  std::string text;
  for (Side side : {Side::Red, Side::Black}) {
    const std::string& name = pieces.side_name(side);
    text += fmt::format("{}{}{}: K", side == Side::Red ? "" : " · ",
                        static_cast<char>(name[0] - 'a' + 'A'), name.substr(1));
    for (PieceKind k : pieces.kinds()) {
      for (int i = 0; i < m.count(side, k); ++i) {
        text += ' ';
        text += pieces.kind(k).letter;
      }
    }
  }
  return text;
}

}  // namespace egkb
