#include "reducer/certified_relaxation.h"

#include "lattice/links.h"
#include "reducer/settled.h"
#include "reducer/threshold_solver.h"

namespace egkb {

std::optional<RankRange> threshold_range(const RepairProblem& problem, const RepairCosts& costs,
                                         const ExactOptions& options,
                                         std::span<const float> edge_dm, CutSpaces& spaces) {
  auto high = highest_optimal_ranks(problem, costs, options, edge_dm, spaces);
  if (!high) return std::nullopt;
  const Lattice& lat = *problem.lattice;
  std::vector<Rank> low(high->size());
  for (NodeId u = 0; u < lat.size(); ++u) low[u] = mirror((*high)[lat.mirror(u)]);
  return RankRange{std::move(low), std::move(*high)};
}

std::vector<NodeId> layered_free_nodes(const RepairProblem& p, bool data_is_cheapest) {
  // Nothing pulls: a group without a conflict keeps its data, and solving it would only cost time.
  if (data_is_cheapest) return conflicted_free_nodes(p);
  std::vector<NodeId> free_nodes;
  for (NodeId u = 0; u < p.lattice->size(); ++u) {
    if (!p.fixed[u]) free_nodes.push_back(u);
  }
  return free_nodes;
}

std::optional<RankRange> layered_range(const CertifiedInputs& in) {
  const RepairProblem& p = in.problem;
  return layered_optimal_ranks(p, in.costs, in.options, in.edge_dm,
                               layered_free_nodes(p, in.costs.data_is_cheapest()), p.ranks,
                               in.spaces);
}

Capacity relaxed_value(const CertifiedInputs& in, std::span<const Rank> ranks) {
  Capacity value = in.costs.relaxed_value(ranks);
  if (!in.options.soft) return value;
  const Lattice& lat = *in.problem.lattice;
  const Links links(lat);
  for (NodeId u = 0; u < lat.size(); ++u) {
    links.for_each_more(u, [&](NodeId v, Link, EdgeIndex e) {
      const int broken = rule_excess(ranks[u], ranks[v], lat.out_labels()[e].side());
      if (broken > 0) value += broken * scaled(in.options.lambda * in.edge_dm[e]);
    });
  }
  return value;
}

Capacity relaxed_value_in(const CertifiedInputs& in, std::span<const Rank> ranks,
                          std::span<const NodeId> nodes, std::span<const uint8_t> in_nodes) {
  Capacity sum = 0;
  for (NodeId x : nodes) {
    for (int t = 1; t <= value(ranks[x]); ++t) sum += in.costs.step(x, t);
  }
  if (!in.options.soft) return sum;
  const Lattice& lat = *in.problem.lattice;
  const Links links(lat);
  const auto penalty = [&](NodeId fewer, NodeId more, EdgeIndex e) {
    const int broken = rule_excess(ranks[fewer], ranks[more], lat.out_labels()[e].side());
    return broken > 0 ? broken * scaled(in.options.lambda * in.edge_dm[e]) : 0;
  };
  // Each edge once: from its fewer end, or from its more end when the fewer is outside.
  for (NodeId x : nodes) {
    links.for_each_link(x, [&](NodeId y, Link link, EdgeIndex e) {
      if (link == Link::More) sum += penalty(x, y, e);
      if (link == Link::Fewer && !in_nodes[y]) sum += penalty(y, x, e);
    });
  }
  return sum;
}

}  // namespace egkb
