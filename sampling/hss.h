// Heterogeneous subset sampling: draw a subset where element i is included independently with
// probability p_i. The Hybrid algorithm of Chen et al. (the seed report): elements with small
// p_i go through the Sieve, the rest are decided one by one, the complement is drawn when the
// mean probability is above one half. O(n) set-up, O(1 + n sqrt(p*)) expected per draw.
#pragma once

#include <span>
#include <vector>

#include "lattice/random.h"

namespace egkb {

class HybridSampler {
 public:
  explicit HybridSampler(std::vector<double> probabilities);

  // Indices of the drawn subset, ascending.
  std::vector<std::size_t> draw(Random& random);

  std::span<const double> probabilities() const { return p_; }

 private:
  // Binomial(n, p) by waiting times (geometric gaps): O(k) and stable for any n.
  static std::size_t binomial(std::size_t n, double p, Random& random);
  // k elements of sieve_ without replacement: a partial Fisher-Yates shuffle, undone after.
  void sample_without_replacement(std::size_t k, Random& random, std::vector<std::size_t>& out);

  std::vector<double> p_;           // as given
  bool complement_ = false;         // draw the elements left out, then invert
  std::vector<std::size_t> sieve_;  // small probabilities (in the drawn orientation)
  std::vector<std::size_t> naive_;  // the rest, decided one by one
  double sieve_max_ = 0;
};

}  // namespace egkb
