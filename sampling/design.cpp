#include "sampling/design.h"

#include <algorithm>
#include <cmath>

namespace egkb {

std::string_view design_name(Design d) {
  switch (d) {
    case Design::DistanceK:
      return "distance-k";
    case Design::Spread:
      return "spread";
    case Design::Hss:
      return "hss";
    case Design::Active:
      return "active";
    case Design::Evidence:
      return "evidence";
  }
  return "";
}

std::optional<Design> design_named(std::string_view name) {
  for (Design d : kDesigns) {
    if (name == design_name(d)) return d;
  }
  return std::nullopt;
}

std::size_t SampleSize::wanted(std::size_t population) const {
  const std::size_t asked =
      rows.value_or(static_cast<std::size_t>(std::ceil(share() * static_cast<double>(population))));
  return std::min(population, asked);
}

}  // namespace egkb
