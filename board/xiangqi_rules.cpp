// Xiangqi: 9 files by 10 ranks, red's palace on files d..f of ranks 1..3, the river between
// ranks 5 and 6 (docs/design.md section 4b).
#include <array>
#include <cstdlib>

#include "board/game_rules.h"

namespace egkb {

namespace {

constexpr int kFiles = 9;
constexpr int kRanks = 10;

// Red's rank of a square seen from `side`'s own back rank.
constexpr int own_rank(Side side, int rank) {
  return side == Side::Red ? rank : kRanks - 1 - rank;
}

bool in_palace(Side side, Square s) {
  const int r = own_rank(side, s.rank);
  return s.file >= 3 && s.file <= 5 && r <= 2;
}

bool placeable(Side side, char letter, Square s) {
  const int r = own_rank(side, s.rank);
  switch (letter) {
    case 'K':
      return in_palace(side, s);
    case 'G':  // the palace's corners and centre
      return in_palace(side, s) && (s.file + r) % 2 == 1;
    case 'M':  // the seven points a minister reaches, its own side of the river
      return r <= 4 && r % 2 == 0 && s.file % 2 == 0 && (s.file + r) % 4 == 2;
    case 'P':  // its own side only where it starts (files a c e g i) or one step on; never behind
      return r >= 5 || (r >= 3 && s.file % 2 == 0);
    default:  // R N C
      return true;
  }
}

char engine_letter(char piece) {
  switch (kind_letter(piece)) {
    case 'G':
      return piece_letter(side_of(piece), 'A');
    case 'M':
      return piece_letter(side_of(piece), 'B');
    default:
      return piece;
  }
}

class XiangqiRules final : public GameRules {
 public:
  XiangqiRules() : GameRules(kFiles, kRanks, "KRNCPGM", placeable, engine_letter) {}

  bool in_check(const Position& p, Side side) const override {
    const Square k = p.king(side);
    const Side enemy = opposite(side);
    // Lines: the first piece a chariot (or, along the file, the other king), the second a cannon.
    constexpr std::array<Square, 4> kLines = {{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}};
    for (const Square d : kLines) {
      int seen = 0;
      for (Square s{k.file + d.file, k.rank + d.rank}; p.on_board(s);
           s = {s.file + d.file, s.rank + d.rank}) {
        const char c = p.at(s);
        if (c == kEmpty) continue;
        ++seen;
        if (seen == 1 && (c == piece_letter(enemy, 'R') || c == piece_letter(enemy, 'K'))) {
          return true;
        }
        if (seen == 2) {
          if (c == piece_letter(enemy, 'C')) return true;
          break;
        }
      }
    }
    // A horse gives check when the point beside it, toward the king along its long leg, is free.
    constexpr std::array<Square, 8> kJumps = {
        {{1, 2}, {-1, 2}, {1, -2}, {-1, -2}, {2, 1}, {-2, 1}, {2, -1}, {-2, -1}}};
    for (const Square j : kJumps) {
      const Square h{k.file + j.file, k.rank + j.rank};
      if (!p.on_board(h) || p.at(h) != piece_letter(enemy, 'N')) continue;
      const Square leg = std::abs(j.rank) == 2 ? Square{h.file, h.rank - j.rank / 2}
                                               : Square{h.file - j.file / 2, h.rank};
      if (p.at(leg) == kEmpty) return true;
    }
    // A pawn attacks the point ahead, and once across the river the points beside it.
    const int ahead = enemy == Side::Red ? 1 : -1;
    const char pawn = piece_letter(enemy, 'P');
    const Square behind{k.file, k.rank - ahead};
    if (p.on_board(behind) && p.at(behind) == pawn) return true;
    if (own_rank(enemy, k.rank) >= 5) {
      for (int df : {-1, 1}) {
        const Square beside{k.file + df, k.rank};
        if (p.on_board(beside) && p.at(beside) == pawn) return true;
      }
    }
    return false;
  }
};

}  // namespace

const GameRules& xiangqi_rules() {
  static const XiangqiRules rules;
  return rules;
}

}  // namespace egkb
