// Chess: 8 by 8, no pawn on the first or last rank, no castling or en passant rights (random
// endgame positions have none).
#include <array>
#include <string_view>

#include "board/game_rules.h"

namespace egkb {

namespace {

constexpr int kSize = 8;

// A pawn never on the first or last rank; every other piece anywhere.
bool chess_placeable(Side, char letter, Square s) {
  return letter != 'P' || (s.rank > 0 && s.rank < kSize - 1);
}

// The engines write chess pieces as egkb does.
char chess_engine_letter(char piece) {
  return piece;
}

char chess_read_letter(char c) {
  return std::string_view("KQRBNP").find(kind_letter(c)) == std::string_view::npos ? 0 : c;
}

class ChessRules final : public GameRules {
 public:
  ChessRules()
      : GameRules(kSize, kSize, "KQRBNP", chess_placeable, chess_engine_letter, chess_read_letter) {
  }

  bool in_check(const Position& p, Side side) const override {
    const Square k = p.king(side);
    const Side enemy = opposite(side);
    const auto is = [&](Square s, char letter) {
      return p.on_board(s) && p.at(s) == piece_letter(enemy, letter);
    };
    // Sliders: the first piece on a line, a rook or queen along ranks and files, a bishop or
    // queen along diagonals.
    constexpr std::array<Square, 8> kLines = {
        {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}};
    for (const Square d : kLines) {
      const char slider = d.file == 0 || d.rank == 0 ? 'R' : 'B';
      for (Square s{k.file + d.file, k.rank + d.rank}; p.on_board(s);
           s = {s.file + d.file, s.rank + d.rank}) {
        if (p.at(s) == kEmpty) continue;
        if (is(s, slider) || is(s, 'Q')) return true;
        break;
      }
    }
    constexpr std::array<Square, 8> kJumps = {
        {{1, 2}, {-1, 2}, {1, -2}, {-1, -2}, {2, 1}, {-2, 1}, {2, -1}, {-2, -1}}};
    for (const Square j : kJumps) {
      if (is({k.file + j.file, k.rank + j.rank}, 'N')) return true;
    }
    for (const Square d : kLines) {
      if (is({k.file + d.file, k.rank + d.rank}, 'K')) return true;
    }
    // A pawn attacks diagonally forward: an enemy pawn one rank behind the king, seen from the
    // pawn's side.
    const int toward = enemy == Side::Red ? -1 : 1;
    for (int df : {-1, 1}) {
      if (is({k.file + df, k.rank + toward}, 'P')) return true;
    }
    return false;
  }
};

}  // namespace

const GameRules& chess_rules() {
  static const ChessRules rules;
  return rules;
}

}  // namespace egkb
