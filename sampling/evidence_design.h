// The evidence design (`--design evidence`, docs/design.md section 4b): the rows whose score
// evidence from play disagrees with lead, by how many ranks the evidence's interval lies from the
// row's rank (how far and how sure), then by how far its expected result does; they are a census of
// the batch, every other eligible row is drawn independently with one known probability
// (sampling/census.h), so the estimate stays unbiased whatever the engine gets wrong.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "lattice/knowledge_base.h"
#include "lattice/random.h"
#include "sampling/census.h"

namespace egkb {

// The census's share of an evidence batch unless told otherwise: chosen over 60 seeds on noisy
// chess and xiangqi so that the 95% interval is narrower than the active design's on each
// (docs/decisions.md). At 0.9 five rows of 50 were left to estimate the rest from, and the
// interval spanned more than half the base.
constexpr double kEvidenceCensusShare = 0.5;

// What evidence from play says of each row, in the KB's row order, from the row's red side:
// its expected result in [-1, 1] and that result's 95% interval; `present[i] == 0` where the
// row has none.
struct RowEvidence {
  std::vector<double> expected, low, high;
  std::vector<uint8_t> present;
  bool empty() const { return present.empty(); }
};

// How far the evidence lies from a row's rank: the ranks between the row's rank and the nearest
// rank the interval reaches (0 when it reaches the row's), and between the row's rank and the
// expected result's.
struct EvidenceGap {
  int interval = 0;
  int expected = 0;
  friend auto operator<=>(const EvidenceGap&, const EvidenceGap&) = default;
};
EvidenceGap evidence_gap(Rank row, double expected, double low, double high);

// Every eligible row, those disagreeing first (most first; ties in a random order), and how
// many disagree (by their expected result).
struct EvidenceOrder {
  std::vector<std::size_t> rows;
  std::size_t disagreeing = 0;
};
EvidenceOrder evidence_order(const KnowledgeBase& kb, const RowEvidence& evidence,
                             std::span<const uint8_t> eligible, Random& random);

// About `wanted` rows: the disagreeing ones as a census of up to `census_share` of them, the rest
// drawn. Deterministic for a seed.
CensusSample sample_evidence(const KnowledgeBase& kb, const RowEvidence& evidence,
                             std::size_t wanted, double census_share, Random& random,
                             std::span<const uint8_t> eligible = {});

}  // namespace egkb
