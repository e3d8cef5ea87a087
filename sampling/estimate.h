// How many errors a base still holds, estimated from a reviewed sample (DESIGN.md section 4),
// split as the paper's Table 2.
#pragma once

#include <cstddef>
#include <vector>

#include "lattice/compare.h"

namespace egkb {

// One reviewed row: the score it had when sampled, the expert's verdict, and its inclusion
// probability (hss; ignored by the simple design).
struct Observation {
  Score score;
  Score verdict;
  double probability = 1;
};

struct ErrorEstimate {
  std::size_t population = 0;  // rows of the base
  std::size_t sample = 0;      // rows reviewed
  ErrorCounts found;           // in the sample
  // Estimated totals in the base, by the columns of ErrorCounts.
  double errors = 0, d_ge4 = 0, d3 = 0, d2 = 0, d1 = 0, d0 = 0, inverted = 0;
  double rate = 0, low = 0, high = 0;  // error share and its 95% interval
};

// Simple random sample of the base (the distance-k design): totals N x share, interval by
// Wilson's score method.
ErrorEstimate estimate_simple(const std::vector<Observation>& sample, std::size_t population);

// Independent inclusion with known probabilities (hss): Horvitz-Thompson totals, interval from
// their variance estimate sum (1 - p) / p^2 over the sampled errors.
ErrorEstimate estimate_horvitz_thompson(const std::vector<Observation>& sample,
                                        std::size_t population);

}  // namespace egkb
