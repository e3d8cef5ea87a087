// The review designs by name, and how many rows a batch asks for: the one place the option text
// `--design spread` becomes a design, shared by `sample`, `simulate` and the store's batches.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace egkb {

// DistanceK: the paper's sample, every two rows at lattice distance >= k (short when they do not
// fit). Spread: exactly the size asked for, well spread, equal known probabilities (local
// pivotal method). Hss: risk-weighted independent draws. Active: a census of the rows a material
// model disagrees with most, the rest drawn. Evidence: a census of the rows evidence from play
// disagrees with, the rest drawn.
enum class Design : uint8_t { DistanceK, Spread, Hss, Active, Evidence };

constexpr std::array<Design, 5> kDesigns = {Design::DistanceK, Design::Spread, Design::Hss,
                                            Design::Active, Design::Evidence};

// What `sample` and `simulate` draw unless told otherwise (docs/decisions.md).
constexpr Design kDefaultDesign = Design::DistanceK;

// "distance-k", "spread", "hss", "active", "evidence": the option text and the store's
// batches.design.
std::string_view design_name(Design d);
std::optional<Design> design_named(std::string_view name);

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
