// How many errors a base still holds, estimated from a reviewed sample (docs/design.md section 4),
// split as the paper's Table 2.
#pragma once

#include <cstddef>
#include <vector>

#include "lattice/compare.h"
#include "lattice/piece_set.h"
#include "lattice/types.h"

namespace egkb {

// One reviewed row: the score it had when sampled, the expert's verdict, and its inclusion
// probability (ignored by the simple design).
struct Observation {
  Score score;
  Score verdict;
  double probability = 1;
  Source stratum = Source::Manual;  // simple design: the stratum, the row's provenance
  Key key = 0;                      // spread design: where the row stands in the lattice
};

struct ErrorEstimate {
  std::size_t population = 0;  // rows of the base
  std::size_t sample = 0;      // rows reviewed
  ErrorCounts found;           // in the sample
  // Estimated totals in the base, by the columns of ErrorCounts.
  double errors = 0, d_ge4 = 0, d3 = 0, d2 = 0, d1 = 0, d0 = 0, inverted = 0;
  double rate = 0, low = 0, high = 0;  // error share and its 95% interval
};

// The distance-k design, post-stratified by source: `strata[source_index(s)]` rows of the base
// came from source s (a single count: one stratum for all). Each stratum's share is scaled to its
// size, because distance-k does not sample strata evenly (dense regions get blocked: on endall
// manual rows are 30% of the base and 13.5% of the samples). Interval: Wilson's on the effective
// sample size p(1 - p) / variance (Dean & Pagano's stratified Wilson), which is Wilson's own for
// one stratum. A stratum with rows but no sampled row merges all strata into one.
ErrorEstimate estimate_simple(const std::vector<Observation>& sample,
                              const std::vector<std::size_t>& strata);

// A census (the observations of probability 1) and a draw from the rest: the census's errors as
// they are, the rest's rate times its size (population minus the census), given its size a
// simple random sample's; the interval Clopper and Pearson's on the rest's rate, scaled the same
// way, so a draw of a few rows that found no error (or only errors) still bounds the rest.
ErrorEstimate estimate_census_and_rest(const std::vector<Observation>& sample,
                                       std::size_t population);

// Independent inclusion with known probabilities (hss): Horvitz-Thompson totals, interval from
// their variance estimate sum (1 - p) / p^2 over the sampled errors.
ErrorEstimate estimate_horvitz_thompson(const std::vector<Observation>& sample,
                                        std::size_t population);

// The spread design (sampling/spread.h): Horvitz-Thompson totals; their variance by Grafström &
// Schelin's local mean estimator (Scand. J. Stat. 2014), which needs no joint inclusion
// probabilities: sum over reviewed rows i of n_i / (n_i - 1) (y_i / p_i - m_i)^2, where i's
// neighbourhood holds i and its `neighbours` nearest reviewed rows by lattice distance (every row
// tied at the farthest distance included), n_i rows, m_i the mean of y / p over them. A spread
// sample is locally like a stratified one, and so is this variance: errors that cluster in the
// lattice make it smaller than a simple random sample's. Interval: Wilson's on the effective
// sample size, as for distance-k, so a sample without errors still gets an upper bound.
constexpr std::size_t kLocalNeighbours = 3;  // BalancedSampling's vsb default
ErrorEstimate estimate_spread(const std::vector<Observation>& sample, std::size_t population,
                              const PieceSet& pieces, std::size_t neighbours = kLocalNeighbours);

}  // namespace egkb
