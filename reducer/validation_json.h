// A validation as the store keeps it and `reduce --json` prints it, and read back: the form
// belongs to the validation, so the store reads it without the presentation layer.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>

#include "reducer/validation.h"

namespace egkb {

// How auto chose: `chosen` (`cost, prior_weight, evidence_weight`), `scores` (each `cost,
// prior_weight, evidence_weight, error`: the mean rank distance of the held-out rows),
// `too_large` (each `cost, prior_weight, evidence_weight, nodes,
// most`: settings not tried, their layered graph too large), `expert_rows, held_out, folds,
// seconds`, `part_rows, part_caps` (a large base validated on its part: its rows, and the most
// pieces of each kind a side, by kind index; 0 and null for the whole base).
nlohmann::ordered_json validation_json(const Validation& v);
// The same read back (as the store keeps it); nullopt when it is not that form, or a figure in
// it is out of its range (a prior weight outside 0..kMaxPriorWeight, an error that is not a mean
// rank distance, a negative count or time).
std::optional<Validation> validation_from_json(const nlohmann::json& j);

}  // namespace egkb
