#include "board/xiangqi_moves.h"

#include <cstdlib>

namespace egkb::xiangqi {

namespace {

int shifted(int p, int df, int dr) {
  const int f = file_of(p) + df, r = rank_of(p) + dr;
  return on_board(f, r) ? point(f, r) : -1;
}

constexpr int forward(Side s) {
  return s == Side::Red ? 1 : -1;
}

template <std::size_t N, class T>
void add(std::array<T, N>& list, uint8_t& count, T value) {
  list[count++] = value;
}

MoveTables make_tables() {
  MoveTables t{};
  constexpr int kOrthogonal[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
  constexpr int kDiagonal[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
  constexpr int kJumps[8][2] = {{1, 2}, {-1, 2}, {1, -2}, {-1, -2},
                                {2, 1}, {2, -1}, {-2, 1}, {-2, -1}};
  // The leg of a jump: one point straight toward its long side.
  auto leg = [](int df, int dr) {
    return std::abs(dr) == 2 ? std::array<int, 2>{0, dr / 2} : std::array<int, 2>{df / 2, 0};
  };
  for (int p = 0; p < kPoints; ++p) {
    for (int d = 0; d < 4; ++d)
      t.step[d][p] = static_cast<int8_t>(shifted(p, kOrthogonal[d][0], kOrthogonal[d][1]));
    for (const auto& j : kJumps) {
      const auto l = leg(j[0], j[1]);
      const int to = shifted(p, j[0], j[1]);
      if (to >= 0) {
        add(t.horse[p], t.horse_count[p],
            GuardedStep{static_cast<int8_t>(to), static_cast<int8_t>(shifted(p, l[0], l[1]))});
      }
      const int from = shifted(p, -j[0], -j[1]);
      if (from >= 0) {
        add(t.horse_from[p], t.horse_from_count[p],
            GuardedStep{static_cast<int8_t>(from), static_cast<int8_t>(shifted(from, l[0], l[1]))});
      }
    }
    for (Side s : {Side::Red, Side::Black}) {
      const int si = index(s);
      for (const auto& d : kOrthogonal) {
        const int to = shifted(p, d[0], d[1]);
        if (to >= 0 && in_palace(s, to)) {
          add(t.king[si][p], t.king_count[si][p], static_cast<int8_t>(to));
        }
      }
      for (const auto& d : kDiagonal) {
        const int to = shifted(p, d[0], d[1]);
        if (to >= 0 && in_palace(s, to)) {
          add(t.guard[si][p], t.guard_count[si][p], static_cast<int8_t>(to));
        }
        const int far = shifted(p, 2 * d[0], 2 * d[1]);
        if (far >= 0 && on_own_side(s, far)) {
          add(t.minister[si][p], t.minister_count[si][p],
              GuardedStep{static_cast<int8_t>(far), static_cast<int8_t>(to)});
        }
      }
      const int ahead = shifted(p, 0, forward(s));
      if (ahead >= 0) add(t.pawn[si][p], t.pawn_count[si][p], static_cast<int8_t>(ahead));
      const int behind = shifted(p, 0, -forward(s));
      if (behind >= 0) {
        add(t.pawn_attack[si][p], t.pawn_attack_count[si][p], static_cast<int8_t>(behind));
        if (may_stand_on(s, Kind::pawn, behind)) {
          add(t.pawn_origin[si][p], t.pawn_origin_count[si][p], static_cast<int8_t>(behind));
        }
      }
      // Sideways only across the river: the pawn's point and its neighbour's share a rank.
      if (!on_own_side(s, p)) {
        for (int df : {1, -1}) {
          const int beside = shifted(p, df, 0);
          if (beside < 0) continue;
          add(t.pawn[si][p], t.pawn_count[si][p], static_cast<int8_t>(beside));
          add(t.pawn_origin[si][p], t.pawn_origin_count[si][p], static_cast<int8_t>(beside));
          add(t.pawn_attack[si][p], t.pawn_attack_count[si][p], static_cast<int8_t>(beside));
        }
      }
    }
  }
  return t;
}

}  // namespace

const MoveTables& move_tables() {
  static const MoveTables tables = make_tables();
  return tables;
}

bool attacked(const Board& b, int p, Side by, Attackers look_for) {
  const MoveTables& t = move_tables();
  if (look_for.rook || look_for.cannon) {
    const Cell rook = cell_of(by, Kind::rook), cannon = cell_of(by, Kind::cannon);
    for (const auto& step : t.step) {
      int at = step[p];
      while (at >= 0 && b.cell[at] == kEmpty) at = step[at];
      if (at < 0) continue;
      if (b.cell[at] == rook) return true;
      if (!look_for.cannon) continue;
      // `at` screens: a cannon behind it, with nothing more between, attacks.
      for (at = step[at]; at >= 0; at = step[at]) {
        if (b.cell[at] != kEmpty) {
          if (b.cell[at] == cannon) return true;
          break;
        }
      }
    }
  }
  if (look_for.horse) {
    const Cell horse = cell_of(by, Kind::horse);
    for (int i = 0; i < t.horse_from_count[p]; ++i) {
      const GuardedStep j = t.horse_from[p][i];
      if (b.cell[j.to] == horse && b.cell[j.guard] == kEmpty) return true;
    }
  }
  if (look_for.pawn) {
    const Cell pawn = cell_of(by, Kind::pawn);
    const int bi = index(by);
    for (int i = 0; i < t.pawn_attack_count[bi][p]; ++i) {
      if (b.cell[t.pawn_attack[bi][p][i]] == pawn) return true;
    }
  }
  return false;
}

bool kings_face(const Board& b, int red_king, int black_king) {
  if (file_of(red_king) != file_of(black_king)) return false;
  for (int p = red_king + kFiles; p < black_king; p += kFiles) {
    if (b.cell[p] != kEmpty) return false;
  }
  return true;
}

bool in_check(const Board& b, int red_king, int black_king, Side side, Attackers look_for) {
  return kings_face(b, red_king, black_king) ||
         (look_for.any() &&
          attacked(b, side == Side::Red ? red_king : black_king, opposite(side), look_for));
}

}  // namespace egkb::xiangqi
