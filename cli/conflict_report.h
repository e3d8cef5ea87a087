// The readable conflict report shared by `conflicts` and `demo`.
#pragma once

#include <iosfwd>
#include <optional>
#include <span>

#include "lattice/conflicts.h"
#include "lattice/knowledge_base.h"
#include "store/evidence.h"

namespace egkb::cli {

// Figures, the level histogram, then up to `worst` inconsistent nodes, highest level first;
// with evidence from play (one per node, or empty), its score beside each, and how many rows it
// disputes.
void print_conflict_report(std::ostream& out, const KnowledgeBase& kb, const ScoredLattice& scored,
                           const ConflictCounter& counter, const ConflictSummary& summary,
                           std::size_t worst,
                           std::span<const std::optional<EvidenceView>> evidence = {});

// How many stored rows evidence covers, and how many it puts one rank or more, and two or more,
// from the row's score.
struct EvidenceDisputes {
  std::size_t rows = 0, by_one = 0, by_two = 0;
};
EvidenceDisputes evidence_disputes(const ScoredLattice& scored,
                                   std::span<const std::optional<EvidenceView>> evidence);

}  // namespace egkb::cli
