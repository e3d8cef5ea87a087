// The mirror closure as an engine or a script reads it: every material with its score, rank and
// provenance, in key order.
#pragma once

#include <iosfwd>

#include "lattice/knowledge_base.h"

namespace egkb {

// Header `material,score,rank,source,invariable,weight`; an implied mirror's source is
// `implied`. `egkb import` reads it back to the stored rows: same scores, sources, flags and
// weights, the implied rows skipped.
void write_closure_csv(std::ostream& out, const KnowledgeBase& kb, const ScoredLattice& scored);

// {"pieces", "origin", "has_conflicts", "materials": {material: {score, rank, provenance}}}.
// Streamed, not built in memory: the full lattice has 2.1M materials.
void write_closure_json(std::ostream& out, const KnowledgeBase& kb, const ScoredLattice& scored,
                        bool has_conflicts);

}  // namespace egkb
