// The one place a review design maps to its draw and to its estimate. `egkb sample` (through
// review/draw.h), `egkb simulate` and `egkb estimate` all come here, so a batch is drawn,
// recorded and estimated by the same rules whichever command drew it.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include "lattice/knowledge_base.h"
#include "lattice/random.h"
#include "sampling/active.h"
#include "sampling/design.h"
#include "sampling/estimate.h"
#include "sampling/evidence_design.h"

namespace egkb {

// What a batch asks for.
struct DrawSpec {
  Design design = kDefaultDesign;
  SampleSize size;
  int k = kDefaultK;  // distance-k: least distance between rows
  // active and evidence: the census's share of the batch; unset, the design's own
  // (kActiveCensusShare, kEvidenceCensusShare)
  std::optional<double> census_share;

  static constexpr int kDefaultK = 4;
};

struct DrawnRows {
  std::vector<std::size_t> rows;    // indices into the KB's rows
  std::vector<double> probability;  // each drawn row's inclusion probability
  std::size_t wanted = 0;           // rows asked for
  std::size_t population = 0;       // eligible rows: what the batch estimates
  std::vector<std::size_t> strata;  // eligible rows by provenance (Source)
};

// Draws from the rows of `kb` with `eligible[i] != 0` (empty span: all). `original` is the base
// as first imported, from which hss and active measure a row's risk; `ranges`, the last exact
// repair's, lead the active census to what it left open; `evidence`, each row's evidence from
// play, leads the evidence census to where it disagrees. distance-k's inclusion
// probabilities are not known; each of its rows records the share of the population drawn, the
// n / N of the paper's estimate. Deterministic for a seed.
DrawnRows draw_rows(const KnowledgeBase& kb, const KnowledgeBase& original, const DrawSpec& spec,
                    std::span<const uint8_t> eligible, Random& random, const RowRanges& ranges = {},
                    const RowEvidence& evidence = {});

// The estimate of a design's reviewed rows: distance-k post-stratified by `strata` (one stratum
// of `population` rows when empty), spread by its local variance, hss and active by
// Horvitz-Thompson with independent draws, evidence as its census plus a simple random sample
// of the rest.
ErrorEstimate estimate_errors(Design design, const std::vector<Observation>& sample,
                              std::size_t population, const std::vector<std::size_t>& strata,
                              const PieceSet& pieces);

}  // namespace egkb
