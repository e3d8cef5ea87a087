// What a knowledge base's solved rows settle: which nodes are facts, the edges they break
// between them (settled by fact, lattice/fixed_ranks.h), and the ranks they leave every other
// node: what `conflicts`, `report` and `show` say of them, and what a repair holds to.
#pragma once

#include <cstddef>
#include <vector>

#include "lattice/fixed_ranks.h"
#include "lattice/knowledge_base.h"

namespace egkb {

struct SolvedNodes {
  std::vector<uint8_t> facts;  // per node: a solved row, or the mirror of one
  std::vector<Rank> ranks;     // per node: a fact's rank (a mirror's mirrored); 4 elsewhere
  std::size_t rows = 0;        // the solved rows
};

SolvedNodes solved_nodes(const KnowledgeBase& kb, const ScoredLattice& scored);

struct SolvedBounds {
  SolvedNodes nodes;
  std::vector<EdgeIndex> settled;  // the piece edges the facts break between them
  // The ranks the facts leave each node, the settled edges aside (so never crossed); empty
  // without solved rows.
  RankBounds bounds;
  std::size_t bounded_rows = 0;  // stored rows, not solved, that the facts bound (not 0..8)
  std::size_t outside_rows = 0;  // of those, the rows whose rank lies outside their bounds

  bool bounds_rank(NodeId n) const {
    return !bounds.lo.empty() && (value(bounds.lo[n]) > 0 || value(bounds.hi[n]) < kMaxRank);
  }
};

SolvedBounds solved_bounds(const KnowledgeBase& kb, const ScoredLattice& scored);

}  // namespace egkb
