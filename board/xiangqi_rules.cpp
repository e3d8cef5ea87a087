// Xiangqi: 9 files by 10 ranks, red's palace on files d..f of ranks 1..3, the river between
// ranks 5 and 6 (docs/design.md section 4b). Where pieces stand and what attacks a king are
// board/xiangqi_board.h's and board/xiangqi_moves.h's; this class reads a Position through them.
#include <string>

#include "board/game_rules.h"
#include "board/xiangqi_moves.h"
#include "board/xiangqi_position.h"

namespace egkb {

namespace {

constexpr std::string_view kLetters = "KRNCPGM";

xiangqi::Kind kind_of_letter(char letter) {
  return static_cast<xiangqi::Kind>(kLetters.find(letter));
}

bool placeable(Side side, char letter, Square s) {
  return xiangqi::may_stand_on(side, kind_of_letter(letter), xiangqi::point(s.file, s.rank));
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

// Fairy-Stockfish's A and B, other notations' E and H, and egkb's own letters.
char read_letter(char c) {
  const Side side = side_of(c);
  switch (kind_letter(c)) {
    case 'A':
    case 'G':
      return piece_letter(side, 'G');
    case 'B':
    case 'E':
    case 'M':
      return piece_letter(side, 'M');
    case 'H':
    case 'N':
      return piece_letter(side, 'N');
    case 'K':
    case 'R':
    case 'C':
    case 'P':
      return c;
    default:
      return 0;
  }
}

class XiangqiRules final : public GameRules {
 public:
  XiangqiRules()
      : GameRules(xiangqi::kFiles, xiangqi::kRanks, kLetters, placeable, engine_letter,
                  read_letter) {}

  bool in_check(const Position& p, Side side) const override {
    const xiangqi::Board b = xiangqi_board(p);
    const Square red = p.king(Side::Red), black = p.king(Side::Black);
    return xiangqi::in_check(b, xiangqi::point(red.file, red.rank),
                             xiangqi::point(black.file, black.rank), side);
  }
};

}  // namespace

xiangqi::Board xiangqi_board(const Position& p) {
  xiangqi::Board b;
  for (int r = 0; r < xiangqi::kRanks; ++r) {
    for (int f = 0; f < xiangqi::kFiles; ++f) {
      const char c = p.at({f, r});
      if (c != kEmpty) {
        b.cell[xiangqi::point(f, r)] = xiangqi::cell_of(side_of(c), kind_of_letter(kind_letter(c)));
      }
    }
  }
  return b;
}

Position xiangqi_position(const xiangqi::Board& b, Side to_move) {
  Position p(xiangqi::kFiles, xiangqi::kRanks, to_move);
  for (int at = 0; at < xiangqi::kPoints; ++at) {
    const xiangqi::Cell c = b.cell[at];
    if (c == xiangqi::kEmpty) continue;
    p.put({xiangqi::file_of(at), xiangqi::rank_of(at)},
          piece_letter(xiangqi::cell_side(c), xiangqi::kind_letter(xiangqi::cell_kind(c))));
  }
  return p;
}

const GameRules& xiangqi_rules() {
  static const XiangqiRules rules;
  return rules;
}

}  // namespace egkb
