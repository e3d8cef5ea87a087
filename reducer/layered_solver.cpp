#include "reducer/layered_solver.h"

#include <fmt/format.h>

#include <cassert>

#include "base/errors.h"
#include "lattice/linked_groups.h"
#include "reducer/part_arcs.h"
#include "reducer/repair_contract.h"

namespace egkb {

namespace {

// The groups of free nodes joined by lattice edges: the relaxation has no mirror link, so each
// is a problem of its own once the nodes outside it are known. The groups and their members keep
// the order of free_nodes, which numbers the vertices of each group's network.
std::vector<std::vector<NodeId>> groups_of(const Lattice& lat, std::span<const NodeId> free_nodes) {
  std::vector<uint8_t> is_free(lat.size(), 0);
  for (NodeId u : free_nodes) is_free[u] = 1;
  const LinkedGroups linked(lat, is_free, GroupLinks::PieceEdges);
  std::vector<uint32_t> index(linked.count(), kNotInPart);
  std::vector<std::vector<NodeId>> groups;
  for (NodeId u : free_nodes) {
    uint32_t& g = index[linked.group_of(u)];
    if (g == kNotInPart) {
      g = static_cast<uint32_t>(groups.size());
      groups.emplace_back();
    }
    groups[g].push_back(u);
  }
  return groups;
}

}  // namespace

LayeredGraphTooLarge::LayeredGraphTooLarge(std::size_t nodes, std::size_t most)
    : InputError("", 0, "--cost",
                 fmt::format("{} nodes in conflict are linked together, more than the {} a cost "
                             "that is not convex can be solved for on this machine (its layered "
                             "graph takes about 4 KB a node); use --cost l1, which is solved one "
                             "threshold at a time",
                             nodes, most)),
      nodes_(nodes),
      most_(most) {}

std::optional<RankRange> layered_optimal_ranks(const RepairProblem& problem,
                                               const RepairCosts& costs,
                                               const ExactOptions& options,
                                               std::span<const float> edge_dm,
                                               std::span<const NodeId> free_nodes,
                                               std::span<const Rank> settled) {
  // Called once per group and probing branch: the caller checks the problem and the result whole.
  assert(problem.is_ok(Check::Fast) && settled.size() == problem.lattice->size());
  assert(free_nodes_ok(problem, free_nodes));
  assert(!options.soft || edge_dm.size() == problem.lattice->edge_count());
  const Lattice& lat = *problem.lattice;
  const PartArcs arcs(problem, costs, options.soft, options.lambda, edge_dm);
  RankRange range{std::vector<Rank>(settled.begin(), settled.end()),
                  std::vector<Rank>(settled.begin(), settled.end())};
  // Outside the group a node's rank is known, and is the same in the lowest and highest optimum.
  const auto above = [&](NodeId z, int t) { return value(range.low[z]) >= t; };
  std::vector<uint32_t> local(lat.size(), kNotInPart);
  for (const std::vector<NodeId>& group : groups_of(lat, free_nodes)) {
    if (group.size() > options.most_layered_nodes)
      throw LayeredGraphTooLarge(group.size(), options.most_layered_nodes);
    const auto n = static_cast<uint32_t>(group.size());
    for (uint32_t i = 0; i < n; ++i) local[group[i]] = i;
    // Vertex i * 8 + t - 1 is node i at threshold t.
    const auto vertex = [](uint32_t i, int t) {
      return i * kMaxRank + static_cast<uint32_t>(t) - 1;
    };
    CutNetwork net(n * kMaxRank);
    std::vector<Capacity> unary(static_cast<std::size_t>(n) * kMaxRank);
    bool impossible = false;
    for (uint32_t i = 0; i < n; ++i) {
      for (int t = 1; t <= kMaxRank; ++t)
        unary[vertex(i, t)] = arcs.unary(group[i], t, local, above, impossible);
    }
    // Counted, then added: the same arcs in the same order.
    const auto each_arc = [&](auto&& arc) {
      for (uint32_t i = 0; i < n; ++i) {
        for (int t = 1; t <= kMaxRank; ++t) {
          arc(net.source(), vertex(i, t), -unary[vertex(i, t)]);
          arc(vertex(i, t), net.sink(), unary[vertex(i, t)]);
          // Rank >= t + 1 only with rank >= t.
          if (t < kMaxRank) arc(vertex(i, t + 1), vertex(i, t), kInfinity);
        }
      }
      // An edge's eight layers together: a node's vertices are adjacent, so its arcs land in
      // nearby slots (the graph is laid out several times faster than layer by layer). The
      // order of the arcs changes the flow found, not the minimal and maximal cuts.
      arcs.for_each_inner_arc(group, local, [&](uint32_t from, uint32_t to, Capacity c) {
        for (int t = 1; t <= kMaxRank; ++t) arc(vertex(from, t), vertex(to, t), c);
      });
    };
    each_arc([&](uint32_t from, uint32_t to, Capacity c) { net.count(from, to, c); });
    net.lay_out();
    each_arc([&](uint32_t from, uint32_t to, Capacity c) { net.add(from, to, c); });
    for (NodeId u : group) local[u] = kNotInPart;
    if (impossible) return std::nullopt;
    const auto sides = net.solve(CutNetwork::Wanted::Both);
    if (!sides) return std::nullopt;
    for (uint32_t i = 0; i < n; ++i) {
      int low = 0, high = 0;
      for (int t = 1; t <= kMaxRank; ++t) {
        low += sides->minimal[vertex(i, t)];
        high += sides->maximal[vertex(i, t)];
      }
      range.low[group[i]] = Rank(low);
      range.high[group[i]] = Rank(high);
    }
  }
  // Not consistent: a probe's settled ranks may break an edge that no free node lies on.
  assert(range_is_ok_on(problem, range.low, range.high, free_nodes));
  return range;
}

}  // namespace egkb
