// The stable JSON forms of egkb's figures (docs/design.md section 6); scripts and tests read them.
#pragma once

#include <nlohmann/json.hpp>

#include "lattice/compare.h"
#include "lattice/conflicts.h"
#include "reducer/cost.h"
#include "reducer/material_prior.h"
#include "reducer/reduction.h"
#include "reducer/validation.h"
#include "sampling/estimate.h"

namespace egkb {

// Keys: nodes, edges, inconsistent_nodes, inconsistent_edges, mirror_conflicts, levels,
// corrected_score.
nlohmann::ordered_json conflicts_json(const ConflictSummary& s);

// Keys: size, errors, d_ge4, d3, d2, d1, d0, inverted.
nlohmann::ordered_json errors_json(const ErrorCounts& c);

// The compare keys as estimated totals, plus sample, found (the errors among the reviewed rows),
// rate, low and high (a 95% interval).
nlohmann::ordered_json estimate_json(const ErrorEstimate& e);

// `weight, intercept, values` (per side, per piece letter: the rank change of one more piece),
// `steps` (how many steps the monotone calibration has), `calibration` (each step's [linear sum
// at which it starts, its rank]).
nlohmann::ordered_json prior_json(const MaterialPrior& prior, double weight);

// An exact repair's certificate: `cost, objective, bound, gap, optimal, open_pairs, probes`.
nlohmann::ordered_json certificate_json(const Certificate& c, CostShape cost);

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
