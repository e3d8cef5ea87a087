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
  for (std::size_t j = census; j < order.size(); ++j) {
    if (random.chance(p)) {
      sample.rows.push_back(order[j]);
      sample.probability.push_back(p);
    }
  }
  return sample;
}

}  // namespace egkb
