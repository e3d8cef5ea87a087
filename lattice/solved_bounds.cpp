#include "lattice/solved_bounds.h"

namespace egkb {

SolvedNodes solved_nodes(const KnowledgeBase& kb, const ScoredLattice& scored) {
  const Lattice& lat = scored.lattice;
  SolvedNodes s;
  s.facts.assign(lat.size(), 0);
  s.ranks.assign(lat.size(), kBalancedRank);
  for (NodeId u = 0; u < lat.size(); ++u) {
    const std::size_t row = scored.row_of[u];
    if (row == ScoredLattice::kImplied || kb.rows[row].source != Source::Solved) continue;
    ++s.rows;
    const Rank rank = rank_of(kb.rows[row].score);
    const NodeId m = lat.mirror(u);
    s.facts[u] = s.facts[m] = 1;
    s.ranks[u] = rank;
    // A stored mirror solved too holds its own rank; a solved pair is mirrored (both are
    // scored from the same counts), so the two agree.
    const std::size_t mirror_row = scored.row_of[m];
    if (mirror_row == ScoredLattice::kImplied || kb.rows[mirror_row].source != Source::Solved)
      s.ranks[m] = mirror(rank);
  }
  return s;
}

SolvedBounds solved_bounds(const KnowledgeBase& kb, const ScoredLattice& scored) {
  SolvedBounds b;
  b.nodes = solved_nodes(kb, scored);
  if (b.nodes.rows == 0) return b;
  const Lattice& lat = scored.lattice;
  b.settled = settled_edges(lat, b.nodes.facts, b.nodes.ranks);
  b.bounds = rank_bounds(lat, b.nodes.facts, b.nodes.ranks, edge_mask(lat, b.settled));
  for (std::size_t i = 0; i < kb.rows.size(); ++i) {
    if (kb.rows[i].source == Source::Solved) continue;
    const NodeId n = *lat.find(kb.rows[i].key);
    if (!b.bounds_rank(n)) continue;
    ++b.bounded_rows;
    const Rank r = rank_of(kb.rows[i].score);
    b.outside_rows += r < b.bounds.lo[n] || r > b.bounds.hi[n];
  }
  return b;
}

}  // namespace egkb
