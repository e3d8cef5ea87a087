// The mirror closure as an engine or a script reads it: every material with its score, rank and
// provenance, in key order.
#pragma once

#include <iosfwd>
#include <vector>

#include "lattice/knowledge_base.h"

namespace egkb {

// Each node's lowest and highest rank in an exact repair's optima, by node; empty for none.
struct NodeRanges {
  std::vector<Rank> low, high;
};

// Header `material,score,rank,source,invariable,weight` (then `low,high` with ranges); an
// implied mirror's source is `implied`. `egkb import` reads it back to the stored rows: same
// scores, sources, flags and weights, the implied rows skipped.
void write_closure_csv(std::ostream& out, const KnowledgeBase& kb, const ScoredLattice& scored,
                       const NodeRanges& ranges = {});

// {"pieces", "origin", "has_conflicts", "materials": {material: {score, rank, provenance}}},
// each material with `low, high` too when there are ranges. Streamed, not built in memory: the
// full lattice has 2.1M materials.
void write_closure_json(std::ostream& out, const KnowledgeBase& kb, const ScoredLattice& scored,
                        bool has_conflicts, const NodeRanges& ranges = {});

}  // namespace egkb
