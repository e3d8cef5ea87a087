#include "lattice/expected_result.h"

#include <array>
#include <cassert>

namespace egkb {

namespace {

// Red's side of the bins: the least expected result of scores 0..3; 4 down to 0.
constexpr std::array<double, 4> kLeast = {0.9, 0.7, 0.45, 0.15};

}  // namespace

Score score_of_expected(double e) {
  assert(e >= -1.0 - 1e-9 && e <= 1.0 + 1e-9);
  for (int s = 0; s < 4; ++s) {
    if (e >= kLeast[static_cast<std::size_t>(s)]) return Score(s);
  }
  if (e >= 0) return Score(4);
  // Black's side mirrors red's: a bin's edge belongs to the side that is further from a draw.
  for (int s = 0; s < 4; ++s) {
    if (-e >= kLeast[static_cast<std::size_t>(s)]) return mirror(Score(s));
  }
  return Score(5);
}

bool one_rank(double low, double high) {
  return rank_of(score_of_expected(low)) == rank_of(score_of_expected(high));
}

}  // namespace egkb
