#include "tools/xiangqi_retrograde/board.h"

#include <algorithm>
#include <array>

namespace xiangqi_retrograde {

namespace {

// Red's squares for a kind; black's are red's turned over the middle rank (rank r -> 9 - r).
bool red_may_stand_on(Kind k, int sq) {
  const int f = file_of(sq), r = rank_of(sq);
  switch (k) {
    case Kind::king:
      return in_palace(Colour::red, sq);
    case Kind::guard:  // d1 f1 e2 d3 f3
      return in_palace(Colour::red, sq) && (f + r) % 2 == 1;
    case Kind::minister:  // c1 g1 a3 e3 i3 c5 g5
      return (r == 0 && (f == 2 || f == 6)) || (r == 2 && (f == 0 || f == 4 || f == 8)) ||
             (r == 4 && (f == 2 || f == 6));
    case Kind::pawn:  // files a c e g i of ranks 4 and 5, anywhere across the river
      return (r >= 3 && r <= 4 && f % 2 == 0) || r >= 5;
    case Kind::rook:
    case Kind::horse:
    case Kind::cannon:
      return true;
  }
  return false;
}

std::array<std::array<std::vector<int>, kKinds>, 2> make_placement_squares() {
  std::array<std::array<std::vector<int>, kKinds>, 2> squares;
  for (int k = 0; k < kKinds; ++k) {
    for (int sq = 0; sq < kSquares; ++sq) {
      if (red_may_stand_on(static_cast<Kind>(k), sq)) {
        squares[0][k].push_back(sq);
        squares[1][k].push_back(square(file_of(sq), kRanks - 1 - rank_of(sq)));
      }
    }
    std::sort(squares[1][k].begin(), squares[1][k].end());
  }
  return squares;
}

}  // namespace

const std::vector<int>& placement_squares(Colour c, Kind k) {
  static const auto squares = make_placement_squares();
  return squares[index(c)][index(k)];
}

bool may_stand_on(Colour c, Kind k, int sq) {
  if (c == Colour::black) sq = square(file_of(sq), kRanks - 1 - rank_of(sq));
  return red_may_stand_on(k, sq);
}

char kind_letter(Kind k) {
  static constexpr char letters[kKinds] = {'K', 'R', 'N', 'C', 'P', 'G', 'M'};
  return letters[index(k)];
}

}  // namespace xiangqi_retrograde
