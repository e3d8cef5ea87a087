#include "reducer/problem.h"

#include <cstdlib>

namespace egkb {

RepairProblem RepairProblem::of(const KnowledgeBase& kb, const ScoredLattice& scored,
                                const NodeWeights& weights) {
  const Lattice& lat = scored.lattice;
  RepairProblem p;
  p.lattice = &lat;
  p.ranks = scored.ranks();
  p.weight.assign(lat.size(), 0.0);
  p.fixed.assign(lat.size(), 0);
  for (NodeId u = 0; u < lat.size(); ++u) {
    if (scored.row_of[u] == ScoredLattice::kImplied) continue;
    const KbRow& row = kb.rows[scored.row_of[u]];
    p.weight[u] = row.weight.value_or(weights.of(row.source));
    if (row.invariable || row.source == Source::Expert) p.fixed[u] = 1;
  }
  for (NodeId u = 0; u < lat.size(); ++u) {
    const NodeId m = lat.mirror(u);
    if (!p.fixed[u] || m == u) continue;
    if (!p.fixed[m]) p.ranks[m] = mirror(p.ranks[u]);
    p.fixed[m] = 1;
  }
  return p;
}

double RepairProblem::objective(std::span<const Rank> new_ranks) const {
  double sum = 0;
  for (std::size_t u = 0; u < new_ranks.size(); ++u) {
    sum += weight[u] * std::abs(value(new_ranks[u]) - value(ranks[u]));
  }
  return sum;
}

PreparedRepair::PreparedRepair(const KnowledgeBase& kb, const ReduceWeights& weights)
    : scored_(std::make_unique<ScoredLattice>(ScoredLattice::of(kb))),
      problem_(RepairProblem::of(kb, *scored_, weights.nodes)),
      pieces_(weights.pieces) {}

std::span<const float> PreparedRepair::edge_dm() const {
  if (!dm_) dm_ = edge_piece_weights(scored_->lattice, pieces_);
  return *dm_;
}

}  // namespace egkb
