// Evidence as the evidence review design reads it (sampling/evidence_design.h): each row's
// expected result and interval from its own red side, where the store or a file holds any.
#pragma once

#include <span>

#include "sampling/evidence_design.h"
#include "store/evidence.h"

namespace egkb {

RowEvidence row_evidence(const KnowledgeBase& kb, std::span<const EvidenceRecord> records);

}  // namespace egkb
