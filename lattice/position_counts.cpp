#include "lattice/position_counts.h"

namespace egkb {

double OutcomeCounts::red_result() const {
  if (positions() == 0) return 0;
  const double own =
      (static_cast<double>(win) - static_cast<double>(loss)) / static_cast<double>(positions());
  return to_move == ToMove::Black ? -own : own;
}

double PositionCounts::expected() const {
  if (sets.empty()) return 0;
  double sum = 0;
  for (const OutcomeCounts& set : sets) sum += set.red_result();
  return sum / static_cast<double>(sets.size());
}

bool PositionCounts::almost_drawn(double share) const {
  for (const OutcomeCounts& set : sets) {
    if (static_cast<double>(set.drawn()) < share * static_cast<double>(set.positions())) {
      return false;
    }
  }
  return !sets.empty();
}

Score score_of_counts(const PositionCounts& counts, const ScoreBins& bins, double almost_draw) {
  const Score binned = score_of_expected(counts.expected(), bins);
  if (rank_of(binned) == kBalancedRank && counts.almost_drawn(almost_draw)) return Score(5);
  return binned;
}

}  // namespace egkb
