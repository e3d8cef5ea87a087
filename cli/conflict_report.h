// The readable conflict report shared by `conflicts` and `demo`.
#pragma once

#include <iosfwd>

#include "lattice/conflicts.h"
#include "lattice/knowledge_base.h"

namespace egkb::cli {

// Figures, the level histogram, then up to `worst` inconsistent nodes, highest level first.
void print_conflict_report(std::ostream& out, const KnowledgeBase& kb, const ScoredLattice& scored,
                           const ConflictCounter& counter, const ConflictSummary& summary,
                           std::size_t worst);

}  // namespace egkb::cli
