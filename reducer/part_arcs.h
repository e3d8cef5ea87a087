// What a part of the free nodes contributes to the cut at a threshold t, where a node on the
// source side means rank >= t: each node's unary term (its cost step, and its lattice edges to
// nodes outside the part, whose side of t is known) and the arcs of the edges inside the part.
// Shared by the threshold cuts of a convex repair and the layers of a non-convex one.
#pragma once

#include <algorithm>
#include <span>

#include "reducer/cost.h"

namespace egkb {

constexpr uint32_t kNotInPart = UINT32_MAX;

class PartArcs {
 public:
  PartArcs(const RepairProblem& problem, const RepairCosts& costs, bool soft, double lambda,
           std::span<const float> edge_dm)
      : lat_(*problem.lattice),
        costs_(costs),
        in_sources_(lat_.in_sources()),
        in_edge_ids_(lat_.in_edge_ids()),
        soft_(soft),
        lambda_(lambda),
        dm_(edge_dm) {}

  Capacity edge_capacity(EdgeIndex e) const { return soft_ ? scaled(lambda_ * dm_[e]) : kInfinity; }

  // Node x's cost of being at or above t less its cost of being below, its edges to nodes
  // outside the part included: `local` maps the part's nodes to their index (kNotInPart for the
  // others), `above(z, t)` tells an outside node's side. Sets `impossible` when both sides are
  // infinitely dear.
  template <typename Above>
  Capacity unary(NodeId x, int t, std::span<const uint32_t> local, Above&& above,
                 bool& impossible) const {
    const Capacity step = costs_.step(x, t);
    Capacity cost_above = std::max<Capacity>(step, 0), cost_below = std::max<Capacity>(-step, 0);
    const auto out = lat_.out_offsets();
    for (EdgeIndex e = out[x]; e < out[x + 1]; ++e) {
      const NodeId v = lat_.out_targets()[e];
      if (local[v] != kNotInPart) continue;  // an arc of the network
      // Red piece added: the bigger material above t forces x above t; black: the reverse.
      const bool red = lat_.out_labels()[e].side() == Side::Red;
      if (red && above(v, t)) {
        cost_below += edge_capacity(e);
      } else if (!red && !above(v, t)) {
        cost_above += edge_capacity(e);
      }
    }
    const auto in = lat_.in_offsets();
    for (EdgeIndex k = in[x]; k < in[x + 1]; ++k) {
      const NodeId u = in_sources_[k];
      if (local[u] != kNotInPart) continue;
      const EdgeIndex e = in_edge_ids_[k];
      const bool red = lat_.out_labels()[e].side() == Side::Red;
      if (red && !above(u, t)) {
        cost_above += edge_capacity(e);
      } else if (!red && above(u, t)) {
        cost_below += edge_capacity(e);
      }
    }
    cost_above = std::min(cost_above, kInfinity);
    cost_below = std::min(cost_below, kInfinity);
    impossible |= cost_above == kInfinity && cost_below == kInfinity;
    return cost_above - cost_below;
  }

  // Calls f(from, to, capacity) for each lattice edge between two nodes of the part: the arc of
  // the cut network its order constraint becomes (from on the source side forces to there).
  template <typename F>
  void for_each_inner_arc(std::span<const NodeId> part, std::span<const uint32_t> local,
                          F&& f) const {
    const auto out = lat_.out_offsets();
    for (uint32_t i = 0; i < part.size(); ++i) {
      for (EdgeIndex e = out[part[i]]; e < out[part[i] + 1]; ++e) {
        const uint32_t j = local[lat_.out_targets()[e]];
        if (j == kNotInPart) continue;
        if (lat_.out_labels()[e].side() == Side::Red) {
          f(j, i, edge_capacity(e));
        } else {
          f(i, j, edge_capacity(e));
        }
      }
    }
  }

 private:
  const Lattice& lat_;
  const RepairCosts& costs_;
  // The in-edge arrays, looked up once: the lattice fills them on first use.
  std::span<const NodeId> in_sources_;
  std::span<const EdgeIndex> in_edge_ids_;
  bool soft_;
  double lambda_;
  std::span<const float> dm_;
};

}  // namespace egkb
