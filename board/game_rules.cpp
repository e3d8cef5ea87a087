#include "board/game_rules.h"

#include <cassert>

namespace egkb {

GameRules::GameRules(int files, int ranks, std::string_view letters,
                     bool (*placeable)(Side side, char letter, Square s),
                     char (*engine_letter)(char))
    : files_(files), ranks_(ranks), letters_(letters), engine_letter_(engine_letter) {
  for (Side side : {Side::Red, Side::Black}) {
    for (char letter : letters_) {
      auto& squares = placement_[static_cast<std::size_t>(side)].emplace_back();
      for (int r = 0; r < ranks; ++r) {
        for (int f = 0; f < files; ++f) {
          if (placeable(side, letter, {f, r})) squares.push_back({f, r});
        }
      }
    }
  }
}

const std::vector<Square>& GameRules::placement(Side side, char letter) const {
  const auto at = letters_.find(letter);
  assert(at != std::string::npos);
  return placement_[static_cast<std::size_t>(side)][at];
}

std::string GameRules::fen(const Position& p) const {
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
      out += engine_letter_(c);
    }
    if (gap > 0) out += std::to_string(gap);
    if (r > 0) out += '/';
  }
  return out + (p.to_move() == Side::Red ? " w" : " b") + " - - 0 1";
}

const GameRules& rules_of(const PieceSet& pieces) {
  if (&pieces == &PieceSet::chess()) return chess_rules();
  assert(&pieces == &PieceSet::xiangqi());
  return xiangqi_rules();
}

}  // namespace egkb
