#include "board/game_rules.h"

#include <cassert>

namespace egkb {

const GameRules& rules_of(const PieceSet& pieces) {
  if (&pieces == &PieceSet::chess()) return chess_rules();
  assert(&pieces == &PieceSet::xiangqi());
  return xiangqi_rules();
}

std::string fen_placement(const Position& p, char (*letter_of)(char piece)) {
  std::string out;
  for (int r = p.ranks() - 1; r >= 0; --r) {
    int gap = 0;
    for (int f = 0; f < p.files(); ++f) {
      const char c = p.at({f, r});
      if (c == kEmpty) {
        ++gap;
        continue;
      }
      if (gap > 0) out += std::to_string(gap);
      gap = 0;
      out += letter_of(c);
    }
    if (gap > 0) out += std::to_string(gap);
    if (r > 0) out += '/';
  }
  return out;
}

}  // namespace egkb
