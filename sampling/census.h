// A batch that reviews the rows most worth a verdict and still estimates the base: the first
// rows of an order are a census (probability 1), every other eligible row is drawn
// independently with one known probability. Given how many it drew, such a draw is a simple
// random sample of the rows outside the census, so the census's errors plus the rest's rate
// scaled to its size estimate the base without bias whatever the order got wrong.
#pragma once

#include <cstddef>
#include <vector>

#include "lattice/random.h"

namespace egkb {

struct CensusSample {
  std::vector<std::size_t> rows;    // the census first, then the rows drawn
  std::vector<double> probability;  // 1 for the census, the draw's probability after
  std::size_t census = 0;
};

// The first `census` rows of `order` (every eligible row, most worth a verdict first), then
// the rest drawn so that about `wanted` rows are taken in all.
CensusSample census_then_draws(const std::vector<std::size_t>& order, std::size_t census,
                               std::size_t wanted, Random& random);

}  // namespace egkb
