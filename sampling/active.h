// The active review design: every verdict should be able to correct something, and the error
// estimate must stay unbiased. The rows a material model fitted to the base disagrees with most
// are all reviewed (a census of the riskiest share of the batch); every other eligible row is
// drawn independently with one known probability. A Horvitz-Thompson estimate over both parts
// (probability 1 for the census) is then unbiased, whatever the model gets wrong.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "lattice/knowledge_base.h"
#include "lattice/random.h"

namespace egkb {

// The census's share of a batch unless told otherwise: half the verdicts go where they correct
// most, half keep the estimate tight.
constexpr double kActiveCensusShare = 0.5;

struct ActiveSample {
  std::vector<std::size_t> rows;    // indices into the KB's rows: the census first
  std::vector<double> probability;  // each row's inclusion probability
  std::size_t census = 0;           // how many rows lead the list with probability 1
};

// How likely each row is wrong: the hss design's risk (its change since `original` and its
// inconsistency there, by provenance) times one plus how far a material model fitted to `kb`
// puts the row from its rank. Expert rows: 0.
std::vector<double> active_risk(const KnowledgeBase& kb, const KnowledgeBase& original);

// About `wanted` rows: `targeted_share` of them by `risk`, highest first (ties in a random
// order), the rest by independent draws. Rows with `eligible[i] == 0` are never taken (empty
// span: all eligible). Deterministic for a seed.
ActiveSample sample_active(const KnowledgeBase& kb, std::span<const double> risk,
                           std::size_t wanted, double targeted_share, Random& random,
                           std::span<const uint8_t> eligible = {});

}  // namespace egkb
