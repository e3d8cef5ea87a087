// Error figures of a knowledge base against a truth, split as the paper's Tables 2 and 3.
#pragma once

#include <cstdint>

#include "lattice/knowledge_base.h"

namespace egkb {

// Error distance D = |rank difference|: scores 4 and 5 are the same rank, so D is 0 between them.
constexpr int error_distance(Score a, Score b) {
  const int d = value(rank_of(a)) - value(rank_of(b));
  return d < 0 ? -d : d;
}

// Inverted: the two scores favour different sides.
constexpr bool inverted(Score a, Score b) {
  const Rank ra = rank_of(a), rb = rank_of(b);
  return (ra < kBalancedRank && rb > kBalancedRank) || (ra > kBalancedRank && rb < kBalancedRank);
}

struct ErrorCounts {
  uint64_t size = 0;
  uint64_t errors = 0;  // scores that differ, 4 versus 5 included
  uint64_t d_ge4 = 0, d3 = 0, d2 = 0, d1 = 0, d0 = 0;
  uint64_t inverted = 0;  // also counted in its distance class

  void add(Score truth, Score observed);
  friend bool operator==(const ErrorCounts&, const ErrorCounts&) = default;
};

// Compares every KB row with the truth's score for the same material, or for its mirror (as
// 9 - s) when the truth stores only the mirror. Throws InputError naming the first row that has
// no truth.
ErrorCounts compare_to_truth(const KnowledgeBase& kb, const KnowledgeBase& truth);

}  // namespace egkb
