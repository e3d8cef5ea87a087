// A batch that reviews the rows most worth a verdict and still estimates the base: the first
// rows of an order are a census (probability 1), the rest of the batch a simple random sample
// of the other eligible rows, each with one known probability. The census's errors plus the
// rest's rate scaled to its size estimate the base without bias whatever the order got wrong,
// and the batch holds the size asked for (independent draws gave 38 to 53 rows for 50).
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
// `wanted` less those of the rest, drawn uniformly without replacement, in their order there:
// min(wanted, order's size) rows in all.
CensusSample census_then_draws(const std::vector<std::size_t>& order, std::size_t census,
                               std::size_t wanted, Random& random);

}  // namespace egkb
