// The stable JSON forms of egkb's figures (DESIGN.md section 6); scripts and tests read them.
#pragma once

#include <nlohmann/json.hpp>

#include "lattice/compare.h"
#include "lattice/conflicts.h"

namespace egkb {

// Keys: nodes, edges, inconsistent_nodes, inconsistent_edges, mirror_conflicts, levels,
// corrected_score.
nlohmann::ordered_json conflicts_json(const ConflictSummary& s);

// Keys: size, errors, d_ge4, d3, d2, d1, d0, inverted.
nlohmann::ordered_json errors_json(const ErrorCounts& c);

}  // namespace egkb
