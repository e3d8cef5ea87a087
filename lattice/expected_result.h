// A material's expected result from red's side, in [-1, 1] (a win 1, a draw 0, a loss -1,
// averaged over its positions with each side to move half the time), and the score it bins to
// as the real chess data is binned (docs/design.md section 8): >= 0.9 -> 0, >= 0.7 -> 1, >= 0.45 ->
// 2,
// >= 0.15 -> 3, >= 0 -> 4, > -0.15 -> 5, and mirrored down to 9.
#pragma once

#include <array>

#include "lattice/types.h"

namespace egkb {

// The nine edges between the ten scores, from red's side down: score s < 5 takes an expected
// result >= edges[s], score s >= 5 one > edges[s], and score 9 what is left. Strictly
// decreasing, each in [-1, 1].
struct ScoreBins {
  std::array<double, 9> edges;
};

inline constexpr ScoreBins kChessBins{{0.9, 0.7, 0.45, 0.15, 0, -0.15, -0.45, -0.7, -0.9}};

Score score_of_expected(double expected, const ScoreBins& bins = kChessBins);

// Whether every expected result in [low, high] bins to one rank.
bool one_rank(double low, double high);

}  // namespace egkb
