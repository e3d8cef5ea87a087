#include "board/xiangqi_board.h"

#include <algorithm>

namespace egkb::xiangqi {

namespace {

// Red's points for a kind; black's are red's turned over the middle (rank r -> 9 - r).
bool red_may_stand_on(Kind k, int p) {
  const int f = file_of(p), r = rank_of(p);
  switch (k) {
    case Kind::king:
      return in_palace(Side::Red, p);
    case Kind::guard:  // d1 f1 e2 d3 f3: the palace's corners and centre
      return in_palace(Side::Red, p) && (f + r) % 2 == 1;
    case Kind::minister:  // c1 g1 a3 e3 i3 c5 g5
      return r <= 4 && r % 2 == 0 && f % 2 == 0 && (f + r) % 4 == 2;
    case Kind::pawn:  // files a c e g i of ranks 4 and 5, anywhere across the river; never behind
      return (r >= 3 && r <= 4 && f % 2 == 0) || r >= 5;
    case Kind::rook:
    case Kind::horse:
    case Kind::cannon:
      return true;
  }
  return false;
}

using Placements = std::array<std::array<std::vector<int>, kKinds>, 2>;

Placements make_placements() {
  Placements points;
  for (int k = 0; k < kKinds; ++k) {
    for (Side s : {Side::Red, Side::Black}) {
      for (int p = 0; p < kPoints; ++p) {
        if (may_stand_on(s, static_cast<Kind>(k), p)) points[index(s)][k].push_back(p);
      }
    }
  }
  return points;
}

}  // namespace

bool may_stand_on(Side s, Kind k, int p) {
  if (s == Side::Black) p = point(file_of(p), kRanks - 1 - rank_of(p));
  return red_may_stand_on(k, p);
}

const std::vector<int>& placement_points(Side s, Kind k) {
  static const Placements points = make_placements();
  return points[index(s)][index(k)];
}

char kind_letter(Kind k) {
  static constexpr char kLetters[kKinds] = {'K', 'R', 'N', 'C', 'P', 'G', 'M'};
  return kLetters[index(k)];
}

}  // namespace egkb::xiangqi
