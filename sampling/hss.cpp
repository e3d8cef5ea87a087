#include "sampling/hss.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace egkb {

HybridSampler::HybridSampler(std::vector<double> probabilities) : p_(std::move(probabilities)) {
  for (double p : p_) {
    if (!(p >= 0 && p <= 1))
      throw std::invalid_argument("inclusion probabilities must lie in [0, 1]");
  }
  const double mean =
      p_.empty() ? 0 : std::accumulate(p_.begin(), p_.end(), 0.0) / static_cast<double>(p_.size());
  complement_ = mean > 0.5;
  const double drawn_mean = complement_ ? 1 - mean : mean;
  // At most n * mean / t elements exceed t, and the sieve's cost is n * t: t = sqrt(mean)
  // balances them (Remark 2).
  const double threshold = std::sqrt(drawn_mean);
  for (std::size_t i = 0; i < p_.size(); ++i) {
    const double q = complement_ ? 1 - p_[i] : p_[i];
    if (q <= threshold) {
      sieve_.push_back(i);
      sieve_max_ = std::max(sieve_max_, q);
    } else {
      naive_.push_back(i);
    }
  }
}

std::size_t HybridSampler::binomial(std::size_t n, double p, Random& random) {
  if (p <= 0 || n == 0) return 0;
  if (p >= 1) return n;
  const double log_q = std::log1p(-p);
  std::size_t successes = 0;
  double position = 0;
  while (true) {
    // Trials up to and including the next success: geometric with parameter p.
    position += std::floor(std::log(1 - random.unit()) / log_q) + 1;
    if (position > static_cast<double>(n)) return successes;
    ++successes;
  }
}

void HybridSampler::sample_without_replacement(std::size_t k, Random& random,
                                               std::vector<std::size_t>& out) {
  const std::size_t n = sieve_.size();
  std::vector<std::size_t> swapped_with(k);
  for (std::size_t i = 0; i < k; ++i) {
    swapped_with[i] = i + random.below(n - i);
    std::swap(sieve_[i], sieve_[swapped_with[i]]);
    out.push_back(sieve_[i]);
  }
  // Undo the swaps in reverse (the report's re-swap), so the array is as built and every draw
  // depends on the seed alone: O(k), not O(n).
  for (std::size_t i = k; i-- > 0;) std::swap(sieve_[i], sieve_[swapped_with[i]]);
}

std::vector<std::size_t> HybridSampler::draw(Random& random) {
  auto q = [&](std::size_t i) { return complement_ ? 1 - p_[i] : p_[i]; };
  std::vector<std::size_t> chosen;
  std::vector<std::size_t> candidates;
  sample_without_replacement(binomial(sieve_.size(), sieve_max_, random), random, candidates);
  for (std::size_t i : candidates) {
    if (random.unit() < q(i) / sieve_max_) chosen.push_back(i);
  }
  for (std::size_t i : naive_) {
    if (random.unit() < q(i)) chosen.push_back(i);
  }
  std::sort(chosen.begin(), chosen.end());
  if (!complement_) return chosen;
  std::vector<std::size_t> kept;
  kept.reserve(p_.size() - chosen.size());
  auto it = chosen.begin();
  for (std::size_t i = 0; i < p_.size(); ++i) {
    if (it != chosen.end() && *it == i) {
      ++it;
    } else {
      kept.push_back(i);
    }
  }
  return kept;
}

}  // namespace egkb
