// What a part of the free nodes contributes to the cut at a threshold t, where a node on the
// source side means rank >= t: each node's unary term (its cost step, and its lattice edges to
// nodes outside the part, whose side of t is known) and the arcs of the edges inside the part.
// Shared by the threshold cuts of a convex repair and the layers of a non-convex one.
#pragma once

#include <algorithm>
#include <span>

#include "lattice/links.h"
#include "reducer/cost.h"
#include "reducer/cut_spaces.h"

namespace egkb {

class PartArcs {
 public:
  PartArcs(const RepairProblem& problem, const RepairCosts& costs, bool soft, double lambda,
           std::span<const float> edge_dm)
      : lat_(*problem.lattice),
        costs_(costs),
        links_(lat_),
        soft_(soft),
        lambda_(lambda),
        dm_(edge_dm) {}

  Capacity edge_capacity(EdgeIndex e) const { return soft_ ? scaled(lambda_ * dm_[e]) : kInfinity; }

  // Node x's cost of being at or above t less its cost of being below, its edges to nodes
  // outside the part included: `inside(z)` tells whether node z has a vertex at t in the
  // network, `above(z, t)` the side of one that has not. Sets `impossible` when both sides are
  // infinitely dear.
  template <typename Inside, typename Above>
  Capacity unary(NodeId x, int t, Inside&& inside, Above&& above, bool& impossible) const {
    const Capacity step = costs_.step(x, t);
    Capacity cost_above = std::max<Capacity>(step, 0), cost_below = std::max<Capacity>(-step, 0);
    // An outside neighbour that must rank at most x, above t, forces x above t; one that must
    // rank at least x, below t, forces x below.
    links_.for_each_piece_link<LinkOrder::MoreFirst>(x, [&](NodeId z, Link link, EdgeIndex e) {
      if (inside(z)) return;  // an arc of the network
      if (neighbour_at_most(link, lat_.out_labels()[e].side())) {
        if (above(z, t)) cost_below += edge_capacity(e);
      } else if (!above(z, t)) {
        cost_above += edge_capacity(e);
      }
    });
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
    for (uint32_t i = 0; i < part.size(); ++i) {
      links_.for_each_more(part[i], [&](NodeId v, Link, EdgeIndex e) {
        const uint32_t j = local[v];
        if (j == kNotInPart) return;
        // From the end that must rank at most the other: at or above t, it takes the other there.
        if (more_ranks_at_most(lat_.out_labels()[e].side())) {
          f(j, i, edge_capacity(e));
        } else {
          f(i, j, edge_capacity(e));
        }
      });
    }
  }

 private:
  const Lattice& lat_;
  const RepairCosts& costs_;
  Links links_;
  bool soft_;
  double lambda_;
  std::span<const float> dm_;
};

}  // namespace egkb
