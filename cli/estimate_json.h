// The JSON form of an error estimate, shared by `estimate` and `simulate` (DESIGN.md keys plus
// `sample`, `rate`, `low`, `high`).
#pragma once

#include <nlohmann/json.hpp>

#include "sampling/estimate.h"

namespace egkb::cli {

inline nlohmann::ordered_json estimate_json(const ErrorEstimate& e) {
  return {{"size", e.population}, {"sample", e.sample}, {"errors", e.errors},
          {"d_ge4", e.d_ge4},     {"d3", e.d3},         {"d2", e.d2},
          {"d1", e.d1},           {"d0", e.d0},         {"inverted", e.inverted},
          {"rate", e.rate},       {"low", e.low},       {"high", e.high}};
}

}  // namespace egkb::cli
