// Evidence as the evidence review design reads it (sampling/evidence_design.h): each row's
// expected result and interval from its own red side, where the store or a file holds any.
#pragma once

#include <span>
#include <vector>

#include "sampling/evidence_design.h"
#include "store/evidence.h"

namespace egkb {

RowEvidence row_evidence(const KnowledgeBase& kb, std::span<const EvidenceRecord> records);

// Each row's rank by its evidence (its expected result binned), NaN where it has none: evidence
// as weak data for a repair (ReduceRequest::evidence).
std::vector<double> evidence_ranks(const RowEvidence& evidence);

}  // namespace egkb
