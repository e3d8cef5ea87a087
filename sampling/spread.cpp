#include "sampling/spread.h"

#include <algorithm>
#include <cassert>

#include "sampling/lattice_neighbours.h"

namespace egkb {

SpreadSample sample_spread(const KnowledgeBase& kb, std::size_t wanted, Random& random,
                           std::span<const uint8_t> eligible) {
  std::vector<std::size_t> row_of;
  std::vector<Key> keys;
  for (std::size_t i = 0; i < kb.rows.size(); ++i) {
    if (!eligible.empty() && !eligible[i]) continue;
    row_of.push_back(i);
    keys.push_back(kb.rows[i].key);
  }
  const uint64_t units = row_of.size();
  const uint64_t n = std::min<uint64_t>(wanted, units);
  SpreadSample sample;
  if (units == 0) return sample;
  sample.probability = static_cast<double>(n) / static_cast<double>(units);
  // Probabilities in units of 1 / N, as whole numbers: the pivotal steps then keep their sum
  // exactly, and every row ends at exactly 0 or 1 with no rounding to settle.
  std::vector<uint64_t> share(units, n);
  LatticeNeighbours neighbours(*kb.pieces, keys);
  auto settle = [&](uint32_t unit) {
    if (share[unit] != 0 && share[unit] != units) return;
    neighbours.remove(unit);
    if (share[unit] == units) sample.rows.push_back(row_of[unit]);
  };
  if (n == 0 || n == units) {
    for (uint32_t u = 0; u < units; ++u) settle(u);
  }
  while (neighbours.live_count() > 1) {
    const uint32_t i = neighbours.live_unit(random.below(neighbours.live_count()));
    const uint32_t j = neighbours.random_nearest(i, random);
    const uint64_t sum = share[i] + share[j];
    if (sum <= units) {
      // One of the two goes out; the other takes both shares, with odds that keep each's mean.
      const bool j_takes = random.below(sum) < share[j];
      share[i] = j_takes ? 0 : sum;
      share[j] = j_takes ? sum : 0;
    } else {
      // One of the two is taken; the other keeps what is left over.
      const bool i_taken = random.below(2 * units - sum) < units - share[j];
      share[i] = i_taken ? units : sum - units;
      share[j] = i_taken ? sum - units : units;
    }
    settle(i);
    settle(j);
  }
  // The shares add up to n whole rows, so none can be left part-way.
  assert(neighbours.live_count() == 0);
  std::sort(sample.rows.begin(), sample.rows.end());
  return sample;
}

}  // namespace egkb
