#include "reducer/problem.h"

#include <cassert>
#include <cmath>
#include <cstdlib>

#include "base/contract.h"
#include "lattice/fixed_ranks.h"
#include "lattice/solved_bounds.h"

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
    if (row.invariable || row.source == Source::Expert || row.source == Source::Solved)
      p.fixed[u] = 1;
  }
  for (NodeId u = 0; u < lat.size(); ++u) {
    const NodeId m = lat.mirror(u);
    if (!p.fixed[u] || m == u) continue;
    if (!p.fixed[m]) p.ranks[m] = mirror(p.ranks[u]);
    p.fixed[m] = 1;
  }
  const SolvedNodes solved = solved_nodes(kb, scored);
  if (solved.rows > 0) {
    const std::vector<EdgeIndex> edges = settled_edges(lat, solved.facts, solved.ranks);
    if (!edges.empty()) {
      p.without_settled = std::make_shared<const Lattice>(lat.without_edges(edges));
      p.lattice = p.without_settled.get();
      p.settled = edges.size();
    }
  }
  assert(p.is_ok());
  return p;
}

double RepairProblem::objective(std::span<const Rank> new_ranks) const {
  assert(new_ranks.size() == ranks.size() && weight.size() == ranks.size());
  double sum = 0;
  for (std::size_t u = 0; u < new_ranks.size(); ++u) {
    sum += weight[u] * std::abs(value(new_ranks[u]) - value(ranks[u]));
  }
  return sum;
}

bool RepairProblem::is_ok(Check check) const {
  if (lattice == nullptr) return broken("a repair problem without a lattice");
  const Lattice& lat = *lattice;
  const NodeId n = lat.size();
  if (ranks.size() != n || weight.size() != n || fixed.size() != n)
    return broken("a repair problem with {} ranks, {} weights and {} fixed flags for {} nodes",
                  ranks.size(), weight.size(), fixed.size(), n);
  if (check == Check::Fast) return true;
  if (!lattice->is_ok()) return false;
  for (NodeId u = 0; u < n; ++u) {
    const NodeId m = lat.mirror(u);
    if (!egkb::is_ok(ranks[u])) return broken("node {} has rank {}", u, value(ranks[u]));
    if (!std::isfinite(weight[u]) || weight[u] < 0)
      return broken("node {} has weight {}", u, weight[u]);
    if (fixed[u] > 1) return broken("node {} has fixed flag {}", u, fixed[u]);
    if (fixed[u] != fixed[m])
      return broken("node {} is fixed and its mirror {} is not", fixed[u] ? u : m,
                    fixed[u] ? m : u);
    if (fixed[u] && lat.implied(m) && ranks[m] != mirror(ranks[u]))
      return broken("fixed node {} has rank {} and its implied mirror {} rank {}", u,
                    value(ranks[u]), m, value(ranks[m]));
  }
  return true;
}

PreparedRepair::PreparedRepair(const KnowledgeBase& kb, const ReduceWeights& weights)
    : scored_(std::make_unique<ScoredLattice>(ScoredLattice::of(kb))),
      problem_(RepairProblem::of(kb, *scored_, weights.nodes)),
      pieces_(weights.pieces) {}

std::span<const float> PreparedRepair::edge_dm() const {
  if (!dm_) dm_ = edge_piece_weights(*problem_.lattice, pieces_);
  return *dm_;
}

}  // namespace egkb
