// The review designs by name, and how many rows a batch asks for: the one place the option text
// `--design spread` becomes a design, shared by `sample`, `simulate` and the store's batches.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "base/name_table.h"

namespace egkb {

enum class Design : uint8_t { DistanceK, Spread, Hss, Active, Evidence };

// The option text and the store's batches.design, and what each design draws.
inline constexpr auto kDesignNames = name_table<Design>({
    {Design::DistanceK, "distance-k",
     "the paper's: rows at least --k apart, fewer when they do not fit"},
    {Design::Spread, "spread",
     "exactly the size asked for, spread over the lattice, known probabilities"},
    {Design::Hss, "hss", "risk-weighted draws"},
    {Design::Active, "active",
     "the rows a material model fitted to the KB disagrees with most, and random draws for the "
     "estimate"},
    {Design::Evidence, "evidence",
     "the rows evidence from play disagrees with, and random draws for the estimate"},
});
constexpr auto kDesigns = kDesignNames.values();

// What `sample` and `simulate` draw unless told otherwise (docs/decisions.md).
constexpr Design kDefaultDesign = Design::DistanceK;

constexpr std::string_view design_name(Design d) {
  return kDesignNames.name(d);
}
constexpr std::optional<Design> design_named(std::string_view name) {
  return kDesignNames.named(name);
}

// How many rows a batch asks for: a share of the rows it is drawn from, or a count.
struct SampleSize {
  std::optional<double> p;
  std::optional<std::size_t> rows;

  static constexpr double kDefaultP = 0.01;

  double share() const { return p.value_or(kDefaultP); }
  // ceil(p * population), or `rows`; never more than the population.
  std::size_t wanted(std::size_t population) const;
};

}  // namespace egkb
