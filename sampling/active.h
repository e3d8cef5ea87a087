// The active review design: every verdict should be able to correct something, and the error
// estimate must stay unbiased. The rows whose verdict would settle the most of what the repair
// left open, then those a material model fitted to the base disagrees with most, are all
// reviewed (a census of a share of the batch); every other eligible row is drawn independently
// with one known probability. A Horvitz-Thompson estimate over both parts
// (probability 1 for the census) is then unbiased, whatever the model gets wrong.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "lattice/knowledge_base.h"
#include "lattice/random.h"
#include "sampling/census.h"

namespace egkb {

// The census's share of a batch unless told otherwise: half the verdicts go where they correct
// most, half keep the estimate tight.
constexpr double kActiveCensusShare = 0.5;

// The census first (probability 1), the rows drawn after.
using ActiveSample = CensusSample;

// How likely each row is wrong: the hss design's risk (its change since `original` and its
// inconsistency there, by provenance) times one plus how far a material model fitted to `kb`
// puts the row from its rank. Expert rows: 0.
std::vector<double> active_risk(const KnowledgeBase& kb, const KnowledgeBase& original);

// Each row's range in the last exact repair (its lowest and highest optimal rank), in the KB's
// row order; empty when there is none.
struct RowRanges {
  std::vector<Rank> low, high;
  bool empty() const { return low.empty(); }
};

// The census order by what a verdict may settle: the rows the last exact repair left ambiguous
// (a range of more than one rank), in groups joined by lattice edges and mirror links. A verdict
// fixes its row and so narrows its group's ranges; the group's total width measures how much
// it may settle. The group of most weight gives its widest row next, and its weight halves with
// each row taken, so a large group gets several verdicts before a small one gets its first only
// while it outweighs it.
// Returns the eligible ambiguous rows in that order (the others are not listed).
std::vector<std::size_t> ambiguity_order(const KnowledgeBase& kb, const RowRanges& ranges,
                                         std::span<const uint8_t> eligible);

// About `wanted` rows: `targeted_share` of them a census, probability 1 — the rows a verdict
// may settle most (ambiguity_order) while there are such rows, then by `risk`, highest first
// (ties in a random order) — the rest by independent draws. Rows with `eligible[i] == 0` are
// never taken (empty span: all eligible). Deterministic for a seed.
ActiveSample sample_active(const KnowledgeBase& kb, std::span<const double> risk,
                           std::size_t wanted, double targeted_share, Random& random,
                           std::span<const uint8_t> eligible = {}, const RowRanges& ranges = {});

}  // namespace egkb
