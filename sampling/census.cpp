#include "sampling/census.h"

#include <algorithm>
#include <cassert>

namespace egkb {

CensusSample census_then_draws(const std::vector<std::size_t>& order, std::size_t census,
                               std::size_t wanted, Random& random) {
  wanted = std::min(wanted, order.size());
  census = std::min(census, wanted);
  CensusSample sample;
  sample.census = census;
  for (std::size_t j = 0; j < census; ++j) {
    sample.rows.push_back(order[j]);
    sample.probability.push_back(1.0);
  }
  const std::size_t rest = order.size() - census;
  if (rest == 0) return sample;
  const double p = static_cast<double>(wanted - census) / static_cast<double>(rest);
  // Selection sampling (Knuth's Algorithm S): each row is taken with the chance the draws still
  // needed have among the rows still to come, so exactly that many are, each equally likely.
  std::size_t needed = wanted - census;
  for (std::size_t j = census; j < order.size() && needed > 0; ++j) {
    if (random.below(order.size() - j) < needed) {
      sample.rows.push_back(order[j]);
      sample.probability.push_back(p);
      --needed;
    }
  }
  assert(sample.rows.size() == wanted);
  return sample;
}

}  // namespace egkb
