// Inclusion probabilities for the risk-weighted design (sample --design hss): rows more likely
// to be wrong are reviewed more often, and the estimate weighs them back (Horvitz-Thompson).
#pragma once

#include <cstddef>
#include <vector>

#include "lattice/knowledge_base.h"

namespace egkb {

// Risk of a row: provenance (generated 2, manual 1; expert and solved rows are not sampled: 0)
// times 1 + 2 x |rank change since `original`| + 4 x its inconsistent share in `original`.
// Probabilities are proportional to risk, capped at 1, and sum to `expected`.
std::vector<double> risk_probabilities(const KnowledgeBase& current, const KnowledgeBase& original,
                                       double expected);

}  // namespace egkb
