#include "sampling/risk.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "lattice/compare.h"
#include "lattice/conflicts.h"

namespace egkb {

std::vector<double> risk_probabilities(const KnowledgeBase& current, const KnowledgeBase& original,
                                       double expected) {
  const ScoredLattice before = ScoredLattice::of(original);
  ConflictCounter counter(before.lattice);
  counter.count(before.ranks());
  std::unordered_map<Key, Score> original_score;
  for (const KbRow& row : original.rows) original_score.emplace(row.key, row.score);

  std::vector<double> risk(current.rows.size());
  for (std::size_t i = 0; i < current.rows.size(); ++i) {
    const KbRow& row = current.rows[i];
    if (row.source == Source::Expert || row.source == Source::Solved) continue;
    double r = 1;
    const auto old = original_score.find(row.key);
    if (old != original_score.end()) r += 2 * error_distance(old->second, row.score);
    if (const auto node = before.lattice.find(row.key)) {
      r += 4.0 * counter.inconsistent_neighbours(*node) / before.lattice.neighbour_count(*node);
    }
    risk[i] = r * (row.source == Source::Generated ? 2 : 1);
  }
  // Scale to the expected size; rows capped at 1 give their surplus to the others.
  std::vector<double> p(risk.size(), 0);
  std::vector<uint8_t> capped(risk.size(), 0);
  double want = expected;
  for (int round = 0; round < 64; ++round) {
    double free_risk = 0;
    for (std::size_t i = 0; i < risk.size(); ++i) free_risk += capped[i] ? 0 : risk[i];
    if (free_risk <= 0) break;
    bool capped_more = false;
    for (std::size_t i = 0; i < risk.size(); ++i) {
      if (capped[i]) continue;
      p[i] = want * risk[i] / free_risk;
      if (p[i] >= 1) {
        p[i] = 1;
        capped[i] = 1;
        want -= 1;
        capped_more = true;
      }
    }
    if (!capped_more) break;
  }
  return p;
}

}  // namespace egkb
