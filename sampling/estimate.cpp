#include "sampling/estimate.h"

#include <algorithm>
#include <boost/math/distributions/binomial.hpp>
#include <cmath>

#include "sampling/lattice_neighbours.h"

namespace egkb {

namespace {

constexpr double kZ = 1.959963984540054;  // 97.5% normal quantile
constexpr double kLevel = 0.95;           // every interval's

// Adds one observation's weight to the class totals it falls in.
void add_weighted(ErrorEstimate& e, const Observation& o, double weight) {
  if (o.score == o.verdict) return;
  e.errors += weight;
  switch (error_distance(o.verdict, o.score)) {
    case 0:
      e.d0 += weight;
      break;
    case 1:
      e.d1 += weight;
      break;
    case 2:
      e.d2 += weight;
      break;
    case 3:
      e.d3 += weight;
      break;
    default:
      e.d_ge4 += weight;
      break;
  }
  if (inverted(o.verdict, o.score)) e.inverted += weight;
}

ErrorEstimate start(const std::vector<Observation>& sample, std::size_t population) {
  ErrorEstimate e;
  e.population = population;
  e.sample = sample.size();
  for (const Observation& o : sample) e.found.add(o.verdict, o.score);
  return e;
}

// Wilson's interval on the effective sample size share (1 - share) / variance (Dean & Pagano's
// stratified Wilson), which is Wilson's own for a simple random sample; the sample's size when
// either is 0.
void set_wilson(ErrorEstimate& e, double share, double variance) {
  const double spread = share * (1 - share);
  const double n = variance > 0 && spread > 0 ? spread / variance : static_cast<double>(e.sample);
  const double z2 = kZ * kZ;
  const double centre = (share + z2 / (2 * n)) / (1 + z2 / n);
  const double half = kZ * std::sqrt(share * (1 - share) / n + z2 / (4 * n * n)) / (1 + z2 / n);
  e.rate = share;
  e.low = std::max(0.0, centre - half);
  e.high = std::min(1.0, centre + half);
}

}  // namespace

ErrorEstimate estimate_simple(const std::vector<Observation>& sample,
                              const std::vector<std::size_t>& strata) {
  std::size_t population = 0;
  for (std::size_t n : strata) population += n;
  ErrorEstimate e = start(sample, population);
  if (sample.empty() || population == 0) return e;
  std::vector<double> size(strata.begin(), strata.end()), count(strata.size(), 0),
      bad(strata.size(), 0);
  // One stratum holds every row, whatever stratum the rows name (a batch drawn before strata).
  const auto stratum = [&](const Observation& o) {
    return strata.size() == 1 ? 0 : source_index(o.stratum);
  };
  for (const Observation& o : sample) {
    count.at(stratum(o)) += 1;
    bad.at(stratum(o)) += o.score != o.verdict;
  }
  bool merge = false;
  for (std::size_t h = 0; h < strata.size(); ++h) merge |= size[h] > 0 && count[h] == 0;
  if (merge) {
    size = {static_cast<double>(population)};
    count = {static_cast<double>(sample.size())};
    bad = {static_cast<double>(e.found.errors)};
  }
  auto stratum_of = [&](const Observation& o) { return merge ? 0 : stratum(o); };
  for (const Observation& o : sample) {
    add_weighted(e, o, size[stratum_of(o)] / count[stratum_of(o)]);
  }

  const double n_all = static_cast<double>(population);
  double share = 0, variance = 0;
  for (std::size_t h = 0; h < size.size(); ++h) {
    if (count[h] == 0) continue;
    const double w = size[h] / n_all, p = bad[h] / count[h];
    share += w * p;
    variance += w * w * p * (1 - p) / count[h];
  }
  set_wilson(e, share, variance);
  return e;
}

ErrorEstimate estimate_horvitz_thompson(const std::vector<Observation>& sample,
                                        std::size_t population) {
  ErrorEstimate e = start(sample, population);
  if (population == 0) return e;
  double variance = 0;
  for (const Observation& o : sample) {
    add_weighted(e, o, 1 / o.probability);
    if (o.score != o.verdict) variance += (1 - o.probability) / (o.probability * o.probability);
  }
  const double n = static_cast<double>(population);
  const double half = kZ * std::sqrt(variance);
  e.rate = e.errors / n;
  e.low = std::max(0.0, e.errors - half) / n;
  e.high = std::min(n, e.errors + half) / n;
  return e;
}

ErrorEstimate estimate_census_and_rest(const std::vector<Observation>& sample,
                                       std::size_t population) {
  ErrorEstimate e = start(sample, population);
  if (population == 0) return e;
  double census = 0, census_errors = 0, drawn = 0, drawn_errors = 0;
  for (const Observation& o : sample) {
    const bool wrong = o.score != o.verdict;
    if (o.probability >= 1) {
      census += 1;
      census_errors += wrong;
    } else {
      drawn += 1;
      drawn_errors += wrong;
    }
  }
  const double n = static_cast<double>(population);
  const double rest = std::max(0.0, n - census);
  for (const Observation& o : sample) add_weighted(e, o, o.probability >= 1 ? 1 : rest / drawn);
  // Clopper and Pearson's interval on the rest's rate, which keeps its 95% however few rows the
  // rest drew (Wilson's falls short on five); none drawn, the rest is unknown: 0..all of it.
  double low = 0, high = 1;
  if (drawn > 0) {
    using boost::math::binomial_distribution;
    low = binomial_distribution<>::find_lower_bound_on_p(drawn, drawn_errors, (1 - kLevel) / 2);
    high = binomial_distribution<>::find_upper_bound_on_p(drawn, drawn_errors, (1 - kLevel) / 2);
  }
  e.rate = e.errors / n;
  e.low = std::min(e.rate, (census_errors + rest * low) / n);
  e.high = std::max(e.rate, (census_errors + rest * high) / n);
  return e;
}

ErrorEstimate estimate_spread(const std::vector<Observation>& sample, std::size_t population,
                              const PieceSet& pieces, std::size_t neighbours) {
  ErrorEstimate e = start(sample, population);
  if (sample.empty() || population == 0) return e;
  std::vector<Key> keys;
  std::vector<double> weighted;  // y / p: the row's error counted for the rows it stands for
  for (const Observation& o : sample) {
    add_weighted(e, o, 1 / o.probability);
    keys.push_back(o.key);
    weighted.push_back(o.score != o.verdict ? 1 / o.probability : 0.0);
  }
  LatticeNeighbours near(pieces, keys);
  std::vector<uint32_t> around;
  double variance = 0;
  for (uint32_t i = 0; i < keys.size(); ++i) {
    near.nearest(i, neighbours, around);
    if (around.empty()) continue;
    double mean = weighted[i];
    for (uint32_t j : around) mean += weighted[j];
    const double size = static_cast<double>(around.size() + 1);
    mean /= size;
    variance += size / (size - 1) * (weighted[i] - mean) * (weighted[i] - mean);
  }
  const double n = static_cast<double>(population);
  set_wilson(e, std::min(1.0, e.errors / n), variance / (n * n));
  return e;
}

}  // namespace egkb
