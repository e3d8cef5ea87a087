#include "sampling/design.h"

#include <algorithm>
#include <cmath>

namespace egkb {

std::size_t SampleSize::wanted(std::size_t population) const {
  const std::size_t asked =
      rows.value_or(static_cast<std::size_t>(std::ceil(share() * static_cast<double>(population))));
  return std::min(population, asked);
}

}  // namespace egkb
