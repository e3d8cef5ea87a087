#include "lattice/expected_result.h"

#include <cassert>

namespace egkb {

Score score_of_expected(double e, const ScoreBins& bins) {
  assert(e >= -1.0 - 1e-9 && e <= 1.0 + 1e-9);
  // An edge belongs to the side that is further from a draw: >= on red's side, > on black's.
  for (int s = 0; s < 5; ++s) {
    if (e >= bins.edges[static_cast<std::size_t>(s)]) return Score(s);
  }
  for (int s = 5; s < 9; ++s) {
    if (e > bins.edges[static_cast<std::size_t>(s)]) return Score(s);
  }
  return Score(9);
}

bool one_rank(double low, double high) {
  return rank_of(score_of_expected(low)) == rank_of(score_of_expected(high));
}

}  // namespace egkb
