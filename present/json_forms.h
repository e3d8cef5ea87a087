// The stable JSON forms of egkb's figures (docs/design.md section 6); scripts and tests read them.
#pragma once

#include <nlohmann/json.hpp>

#include "lattice/compare.h"
#include "lattice/conflicts.h"
#include "reducer/cost.h"
#include "reducer/material_prior.h"
#include "reducer/reduction.h"
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

}  // namespace egkb
