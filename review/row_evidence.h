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

// Whether a row's evidence disagrees with its score: their ranks differ (scores 4 and 5 are one
// rank, so a 5 whose evidence bins to 4 agrees). What the review app's "evidence disagrees"
// filter and its ≠ mark show.
constexpr bool evidence_disagrees(Score score, Score evidence) {
  return rank_of(score) != rank_of(evidence);
}

}  // namespace egkb
