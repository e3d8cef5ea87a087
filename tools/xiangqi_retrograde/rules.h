// The rules of movement and attack, on a bare board of piece codes. Templates, so that the
// solver's inner loops inline them.
#pragma once

#include <array>
#include <cstdint>

#include "tools/xiangqi_retrograde/board.h"

namespace xiangqi_retrograde {

// A square's content: 0 empty, else 1 + colour * 7 + kind.
constexpr uint8_t kEmpty = 0;
constexpr uint8_t cell_code(Colour c, Kind k) {
  return static_cast<uint8_t>(1 + index(c) * kKinds + index(k));
}
constexpr Colour colour_of(uint8_t code) {
  return code > kKinds ? Colour::black : Colour::red;
}
constexpr Kind kind_of(uint8_t code) {
  return static_cast<Kind>((code - 1) % kKinds);
}

struct Board {
  std::array<uint8_t, kSquares> cell{};
};

struct Step {
  int8_t file, rank;
};
constexpr std::array<Step, 4> kOrthogonal = {{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}};
constexpr std::array<Step, 4> kDiagonal = {{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}};
// A horse's jump and its leg, the square beside its start that must be empty.
struct HorseJump {
  Step jump, leg;
};
constexpr std::array<HorseJump, 8> kHorseJumps = {{{{1, 2}, {0, 1}},
                                                   {{-1, 2}, {0, 1}},
                                                   {{1, -2}, {0, -1}},
                                                   {{-1, -2}, {0, -1}},
                                                   {{2, 1}, {1, 0}},
                                                   {{2, -1}, {1, 0}},
                                                   {{-2, 1}, {-1, 0}},
                                                   {{-2, -1}, {-1, 0}}}};

inline int shifted(int sq, Step s) {
  const int f = file_of(sq) + s.file, r = rank_of(sq) + s.rank;
  return on_board(f, r) ? square(f, r) : -1;
}
constexpr int8_t forward(Colour c) {
  return c == Colour::red ? 1 : -1;
}

// Whether a piece of colour `by` attacks `sq`: a chariot with nothing between, a cannon with
// exactly one screen of either colour between, a horse whose leg is free, a pawn in front of it
// or beside it once it has crossed the river. Kings, guards and ministers never reach the other
// palace, so they attack no king and are not looked at; `sq` is always a king's square here.
bool attacked(const Board& b, int sq, Colour by);
// The kings on one file with nothing between: the side not to move would be "in check".
bool kings_face(const Board& b, int red_king, int black_king);

// Every square the piece on `from` may go to, ignoring its own king's safety: empty squares and
// squares holding an opponent's piece it captures. Calls visit(to).
template <class Visit>
void for_each_destination(const Board& b, int from, Visit&& visit) {
  const uint8_t code = b.cell[from];
  const Colour c = colour_of(code);
  const Kind k = kind_of(code);
  auto open_to = [&](int to) {
    return to >= 0 && (b.cell[to] == kEmpty || colour_of(b.cell[to]) != c);
  };
  switch (k) {
    case Kind::king:
      for (Step s : kOrthogonal) {
        const int to = shifted(from, s);
        if (to >= 0 && in_palace(c, to) && open_to(to)) visit(to);
      }
      break;
    case Kind::guard:
      for (Step s : kDiagonal) {
        const int to = shifted(from, s);
        if (to >= 0 && in_palace(c, to) && open_to(to)) visit(to);
      }
      break;
    case Kind::minister:
      for (Step s : kDiagonal) {
        const int eye = shifted(from, s);
        const int to =
            shifted(from, Step{static_cast<int8_t>(2 * s.file), static_cast<int8_t>(2 * s.rank)});
        if (to >= 0 && on_own_side(c, to) && b.cell[eye] == kEmpty && open_to(to)) visit(to);
      }
      break;
    case Kind::horse:
      for (const HorseJump& j : kHorseJumps) {
        const int to = shifted(from, j.jump);
        if (to >= 0 && b.cell[shifted(from, j.leg)] == kEmpty && open_to(to)) visit(to);
      }
      break;
    case Kind::rook:
      for (Step s : kOrthogonal) {
        for (int to = shifted(from, s); to >= 0; to = shifted(to, s)) {
          if (b.cell[to] != kEmpty) {
            if (colour_of(b.cell[to]) != c) visit(to);
            break;
          }
          visit(to);
        }
      }
      break;
    case Kind::cannon:
      for (Step s : kOrthogonal) {
        int to = shifted(from, s);
        for (; to >= 0 && b.cell[to] == kEmpty; to = shifted(to, s)) visit(to);
        if (to < 0) continue;
        // `to` is the screen; the first piece beyond it is captured if it is the opponent's.
        for (to = shifted(to, s); to >= 0; to = shifted(to, s)) {
          if (b.cell[to] != kEmpty) {
            if (colour_of(b.cell[to]) != c) visit(to);
            break;
          }
        }
      }
      break;
    case Kind::pawn: {
      const int ahead = shifted(from, Step{0, forward(c)});
      if (open_to(ahead)) visit(ahead);
      if (across_river(c, from)) {
        for (int8_t df : {int8_t{1}, int8_t{-1}}) {
          const int to = shifted(from, Step{df, 0});
          if (open_to(to)) visit(to);
        }
      }
      break;
    }
  }
}

// The retrograde of the moves above without capture: every empty square the piece on `to` may
// have come from. Calls visit(from). A horse's leg is the square beside `from`, not `to`; a pawn
// came from behind, or from beside on the same rank once across the river, and only from a
// square a pawn may stand on.
template <class Visit>
void for_each_origin(const Board& b, int to, Visit&& visit) {
  const uint8_t code = b.cell[to];
  const Colour c = colour_of(code);
  const Kind k = kind_of(code);
  auto empty = [&](int sq) { return sq >= 0 && b.cell[sq] == kEmpty; };
  switch (k) {
    case Kind::king:
      for (Step s : kOrthogonal) {
        const int from = shifted(to, s);
        if (empty(from) && in_palace(c, from)) visit(from);
      }
      break;
    case Kind::guard:
      for (Step s : kDiagonal) {
        const int from = shifted(to, s);
        if (empty(from) && in_palace(c, from)) visit(from);
      }
      break;
    case Kind::minister:
      for (Step s : kDiagonal) {
        const int eye = shifted(to, s);
        const int from =
            shifted(to, Step{static_cast<int8_t>(2 * s.file), static_cast<int8_t>(2 * s.rank)});
        if (empty(from) && on_own_side(c, from) && b.cell[eye] == kEmpty) visit(from);
      }
      break;
    case Kind::horse:
      for (const HorseJump& j : kHorseJumps) {
        const int from =
            shifted(to, Step{static_cast<int8_t>(-j.jump.file), static_cast<int8_t>(-j.jump.rank)});
        if (empty(from) && b.cell[shifted(from, j.leg)] == kEmpty) visit(from);
      }
      break;
    case Kind::rook:
    case Kind::cannon:
      for (Step s : kOrthogonal) {
        for (int from = shifted(to, s); empty(from); from = shifted(from, s)) visit(from);
      }
      break;
    case Kind::pawn: {
      const int behind = shifted(to, Step{0, static_cast<int8_t>(-forward(c))});
      if (empty(behind) && may_stand_on(c, Kind::pawn, behind)) visit(behind);
      if (across_river(c, to)) {
        for (int8_t df : {int8_t{1}, int8_t{-1}}) {
          const int from = shifted(to, Step{df, 0});
          if (empty(from)) visit(from);
        }
      }
      break;
    }
  }
}

}  // namespace xiangqi_retrograde
