// The stable JSON forms of egkb's figures (DESIGN.md section 6); scripts and tests read them.
#pragma once

#include <nlohmann/json.hpp>

#include "lattice/conflicts.h"

namespace egkb {

// Keys: nodes, edges, inconsistent_nodes, inconsistent_edges, mirror_conflicts, levels,
// corrected_score.
nlohmann::ordered_json conflicts_json(const ConflictSummary& s);

}  // namespace egkb
