// The rules of movement and attack on a board of piece codes (board/xiangqi_board.h): the one
// xiangqi move generator and check test, for random positions, queries and solving alike.
// Templates over tables built once, so that the solver's inner loops inline them.
#pragma once

#include <array>
#include <cstdint>

#include "board/xiangqi_board.h"

namespace egkb::xiangqi {

// A jump or a minister's step with the point that must be empty for it: a horse's leg (beside
// its start), a minister's eye (half-way).
struct GuardedStep {
  int8_t to;
  int8_t guard;
};

// Every geometric fact the moves use, per point.
struct MoveTables {
  // The next point in each of the four directions (+file, -file, +rank, -rank), -1 off the board.
  std::array<std::array<int8_t, kPoints>, 4> step;
  // A horse's jumps from a point, with their legs; up to 8.
  std::array<std::array<GuardedStep, 8>, kPoints> horse;
  std::array<uint8_t, kPoints> horse_count;
  // The points a horse attacks this point from, with the leg beside that start.
  std::array<std::array<GuardedStep, 8>, kPoints> horse_from;
  std::array<uint8_t, kPoints> horse_from_count;
  // Per side: a king's, a guard's, a minister's (with its eye) and a pawn's steps from a point.
  std::array<std::array<std::array<int8_t, 4>, kPoints>, 2> king, guard, pawn;
  std::array<std::array<uint8_t, kPoints>, 2> king_count, guard_count, pawn_count;
  std::array<std::array<std::array<GuardedStep, 4>, kPoints>, 2> minister;
  std::array<std::array<uint8_t, kPoints>, 2> minister_count;
  // Per side: where a pawn of that side came from to reach a point (behind, or beside once
  // across the river), and the points from which a pawn of that side attacks a point.
  std::array<std::array<std::array<int8_t, 3>, kPoints>, 2> pawn_origin, pawn_attack;
  std::array<std::array<uint8_t, kPoints>, 2> pawn_origin_count, pawn_attack_count;
};

const MoveTables& move_tables();

// Which kinds of attacker a side has: what attacked() needs to look for.
struct Attackers {
  bool rook = true, horse = true, cannon = true, pawn = true;
  bool any() const { return rook || horse || cannon || pawn; }
};

// Whether a piece of side `by` attacks point `p`: a chariot with nothing between, a cannon with
// exactly one screen of either side between, a horse whose leg is free, a pawn in front of it or
// beside it once across the river. Kings, guards and ministers never reach the other palace, so
// they attack no king and are not looked at: `p` is a king's point. Only the kinds in `look_for`
// are looked for (a solver knows its material's).
bool attacked(const Board& b, int p, Side by, Attackers look_for = {});
// The kings on one file with nothing between.
bool kings_face(const Board& b, int red_king, int black_king);
// Whether the king of `side` is in check: attacked, or facing the other king.
bool in_check(const Board& b, int red_king, int black_king, Side side, Attackers look_for = {});

// Every point the piece on `from` may go to, its own king's safety aside: empty points and
// points holding an opponent's piece it captures. Calls visit(to).
template <class Visit>
void for_each_destination(const Board& b, int from, Visit&& visit) {
  const MoveTables& t = move_tables();
  const Cell code = b.cell[from];
  const Side s = cell_side(code);
  const int si = index(s);
  auto open_to = [&](int to) { return b.cell[to] == kEmpty || cell_side(b.cell[to]) != s; };
  switch (cell_kind(code)) {
    case Kind::king:
      for (int i = 0; i < t.king_count[si][from]; ++i) {
        if (open_to(t.king[si][from][i])) visit(static_cast<int>(t.king[si][from][i]));
      }
      break;
    case Kind::guard:
      for (int i = 0; i < t.guard_count[si][from]; ++i) {
        if (open_to(t.guard[si][from][i])) visit(static_cast<int>(t.guard[si][from][i]));
      }
      break;
    case Kind::minister:
      for (int i = 0; i < t.minister_count[si][from]; ++i) {
        const GuardedStep m = t.minister[si][from][i];
        if (b.cell[m.guard] == kEmpty && open_to(m.to)) visit(static_cast<int>(m.to));
      }
      break;
    case Kind::horse:
      for (int i = 0; i < t.horse_count[from]; ++i) {
        const GuardedStep j = t.horse[from][i];
        if (b.cell[j.guard] == kEmpty && open_to(j.to)) visit(static_cast<int>(j.to));
      }
      break;
    case Kind::rook:
      for (const auto& step : t.step) {
        for (int to = step[from]; to >= 0; to = step[to]) {
          if (b.cell[to] != kEmpty) {
            if (cell_side(b.cell[to]) != s) visit(to);
            break;
          }
          visit(to);
        }
      }
      break;
    case Kind::cannon:
      for (const auto& step : t.step) {
        int to = step[from];
        for (; to >= 0 && b.cell[to] == kEmpty; to = step[to]) visit(to);
        if (to < 0) continue;
        // `to` is the screen; the first piece beyond it is captured if it is the opponent's.
        for (to = step[to]; to >= 0; to = step[to]) {
          if (b.cell[to] != kEmpty) {
            if (cell_side(b.cell[to]) != s) visit(to);
            break;
          }
        }
      }
      break;
    case Kind::pawn:
      for (int i = 0; i < t.pawn_count[si][from]; ++i) {
        if (open_to(t.pawn[si][from][i])) visit(static_cast<int>(t.pawn[si][from][i]));
      }
      break;
  }
}

// The moves above without capture, turned round: every empty point the piece on `to` may have
// come from. Calls visit(from). A horse's leg is beside `from`, not `to`; a pawn came from
// behind, or from beside on the same rank once across the river, and only from a point a pawn
// may stand on.
template <class Visit>
void for_each_origin(const Board& b, int to, Visit&& visit) {
  const MoveTables& t = move_tables();
  const Cell code = b.cell[to];
  const int si = index(cell_side(code));
  auto empty = [&](int p) { return b.cell[p] == kEmpty; };
  switch (cell_kind(code)) {
    case Kind::king:
      for (int i = 0; i < t.king_count[si][to]; ++i) {
        if (empty(t.king[si][to][i])) visit(static_cast<int>(t.king[si][to][i]));
      }
      break;
    case Kind::guard:
      for (int i = 0; i < t.guard_count[si][to]; ++i) {
        if (empty(t.guard[si][to][i])) visit(static_cast<int>(t.guard[si][to][i]));
      }
      break;
    case Kind::minister:
      for (int i = 0; i < t.minister_count[si][to]; ++i) {
        const GuardedStep m = t.minister[si][to][i];
        if (empty(m.guard) && empty(m.to)) visit(static_cast<int>(m.to));
      }
      break;
    case Kind::horse:
      for (int i = 0; i < t.horse_from_count[to]; ++i) {
        const GuardedStep j = t.horse_from[to][i];
        if (empty(j.to) && empty(j.guard)) visit(static_cast<int>(j.to));
      }
      break;
    case Kind::rook:
    case Kind::cannon:
      for (const auto& step : t.step) {
        for (int from = step[to]; from >= 0 && empty(from); from = step[from]) visit(from);
      }
      break;
    case Kind::pawn:
      for (int i = 0; i < t.pawn_origin_count[si][to]; ++i) {
        if (empty(t.pawn_origin[si][to][i])) visit(static_cast<int>(t.pawn_origin[si][to][i]));
      }
      break;
  }
}

}  // namespace egkb::xiangqi
