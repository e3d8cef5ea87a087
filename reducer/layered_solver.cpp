#include "reducer/layered_solver.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>

#include "base/errors.h"
#include "lattice/linked_groups.h"
#include "reducer/part_arcs.h"
#include "reducer/repair_contract.h"
#include "reducer/threshold_solver.h"

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

// Whether the relaxation on `free_nodes` is its own mirror image: the free nodes closed under
// the mirror, and every other node's mirror at the mirrored rank. Then the lowest optimum of a
// mirror-symmetric cost is the mirror image of its highest.
bool mirror_symmetric(const RepairProblem& problem, std::span<const NodeId> free_nodes,
                      std::span<const Rank> settled) {
  const Lattice& lat = *problem.lattice;
  std::vector<uint8_t> is_free(lat.size(), 0);
  for (NodeId u : free_nodes) is_free[u] = 1;
  for (NodeId u = 0; u < lat.size(); ++u) {
    const NodeId m = lat.mirror(u);
    if (is_free[u] != is_free[m]) return false;
    if (!is_free[u] && settled[m] != mirror(settled[u])) return false;
  }
  return true;
}

// The bounds of every optimum (layered_solver.h): the highest optimum of the cost whose steps
// are each node's least step from there up, and the lowest of the one with its greatest step
// from there down. Both are convex, and where the problem is mirror-symmetric the second's
// lowest optimum is the mirror image of the first's highest.
std::optional<RankRange> bounds_of_optima(const RepairProblem& problem, const RepairCosts& costs,
                                          const ExactOptions& options,
                                          std::span<const float> edge_dm,
                                          std::span<const NodeId> free_nodes,
                                          std::span<const Rank> settled, CutSpaces& spaces) {
  RepairCosts rising(problem, costs.model());
  rising.reserve(free_nodes.size());
  for (NodeId u : free_nodes) {
    Steps up = costs.steps(u);
    for (int t = kMaxRank - 2; t >= 0; --t) up[t] = std::min(up[t], up[t + 1]);
    rising.set_steps(u, up);
  }
  auto high = optimal_ranks_of(problem, rising, options, edge_dm, free_nodes, settled,
                               Optimum::Highest, spaces);
  if (!high) return std::nullopt;
  if (mirror_symmetric(problem, free_nodes, settled)) {
    const Lattice& lat = *problem.lattice;
    std::vector<Rank> low(settled.begin(), settled.end());
    for (NodeId u : free_nodes) low[u] = mirror((*high)[lat.mirror(u)]);
    return RankRange{std::move(low), std::move(*high)};
  }
  RepairCosts falling(problem, costs.model());
  falling.reserve(free_nodes.size());
  for (NodeId u : free_nodes) {
    Steps down = costs.steps(u);
    for (int t = 1; t < kMaxRank; ++t) down[t] = std::max(down[t], down[t - 1]);
    falling.set_steps(u, down);
  }
  auto low = optimal_ranks_of(problem, falling, options, edge_dm, free_nodes, settled,
                              Optimum::Lowest, spaces);
  if (!low) return std::nullopt;
  return RankRange{std::move(*low), std::move(*high)};
}

}  // namespace

std::size_t most_linked_nodes(const Lattice& lattice, std::span<const NodeId> free_nodes) {
  std::size_t most = 0;
  for (const std::vector<NodeId>& group : groups_of(lattice, free_nodes))
    most = std::max(most, group.size());
  return most;
}

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
                                               std::span<const Rank> settled, CutSpaces& spaces) {
  // Called once per group and probing branch: the caller checks the problem and the result whole.
  assert(problem.is_ok(Check::Fast) && settled.size() == problem.lattice->size());
  assert(free_nodes_ok(problem, free_nodes));
  assert(!options.soft || edge_dm.size() == problem.lattice->edge_count());
  const Lattice& lat = *problem.lattice;
  if (free_nodes.size() > options.most_layered_nodes) {
    if (const std::size_t linked = most_linked_nodes(lat, free_nodes);
        linked > options.most_layered_nodes)
      throw LayeredGraphTooLarge(linked, options.most_layered_nodes);
  }
  auto bounds = bounds_of_optima(problem, costs, options, edge_dm, free_nodes, settled, spaces);
  if (!bounds) return std::nullopt;
  // A node whose bounds meet is settled there, in the lowest and highest optimum alike; the
  // solve below overwrites the bounds of the others with their range.
  RankRange range = std::move(*bounds);
  std::vector<NodeId> open;
  for (NodeId u : free_nodes) {
    if (range.low[u] != range.high[u]) open.push_back(u);
  }
  const PartArcs arcs(problem, costs, options.soft, options.lambda, edge_dm);
  const CutSpaces::Lease space = spaces.take(lat.size());
  std::vector<uint32_t>& local = space->local;
  CutNetwork& net = space->net;
  // One network for every open node: groups that no edge joins are cut apart within it as in a
  // network each, and finding them would cost a pass over the lattice.
  {
    const std::span<const NodeId> group = open;
    const auto n = static_cast<uint32_t>(group.size());
    // Node i has a vertex for each threshold t with low < t <= high, numbered from first[i]:
    // on the source side, rank >= t.
    std::vector<uint32_t> first(n + 1, 0);
    for (uint32_t i = 0; i < n; ++i) {
      local[group[i]] = i;
      first[i + 1] = first[i] + value(range.high[group[i]]) - value(range.low[group[i]]);
    }
    const auto low = [&](uint32_t i) { return value(range.low[group[i]]); };
    const auto high = [&](uint32_t i) { return value(range.high[group[i]]); };
    const auto vertex = [&](uint32_t i, int t) {
      return first[i] + static_cast<uint32_t>(t - low(i) - 1);
    };
    const std::span<Capacity> unary = space->unary.take(first[n]);
    bool impossible = false;
    for (uint32_t i = 0; i < n; ++i) {
      for (int t = low(i) + 1; t <= high(i); ++t) {
        // A node has a vertex at t when t lies within its bounds; outside them, and for every
        // node outside the group, its side of t is known.
        const auto inside = [&](NodeId z) {
          return local[z] != kNotInPart && value(range.low[z]) < t && t <= value(range.high[z]);
        };
        const auto above = [&](NodeId z, int at) { return value(range.low[z]) >= at; };
        unary[vertex(i, t)] = arcs.unary(group[i], t, inside, above, impossible);
      }
    }
    // Counted, then added: the same arcs in the same order.
    const auto each_arc = [&](auto&& arc) {
      for (uint32_t i = 0; i < n; ++i) {
        for (int t = low(i) + 1; t <= high(i); ++t) {
          arc(net.source(), vertex(i, t), -unary[vertex(i, t)]);
          arc(vertex(i, t), net.sink(), unary[vertex(i, t)]);
          // Rank >= t + 1 only with rank >= t.
          if (t < high(i)) arc(vertex(i, t + 1), vertex(i, t), kInfinity);
        }
      }
      // An edge's layers together: a node's vertices are adjacent, so its arcs land in nearby
      // slots. The order of the arcs changes the flow found, not the minimal and maximal cuts.
      arcs.for_each_inner_arc(group, local, [&](uint32_t from, uint32_t to, Capacity c) {
        const int top = std::min(high(from), high(to));
        for (int t = std::max(low(from), low(to)) + 1; t <= top; ++t)
          arc(vertex(from, t), vertex(to, t), c);
      });
    };
    net.reset(first[n]);
    each_arc([&](uint32_t from, uint32_t to, Capacity c) { net.count(from, to, c); });
    net.lay_out();
    each_arc([&](uint32_t from, uint32_t to, Capacity c) { net.add(from, to, c); });
    for (NodeId u : group) local[u] = kNotInPart;
    if (impossible) return std::nullopt;
    const auto sides = net.solve(CutNetwork::Wanted::Both);
    if (!sides) return std::nullopt;
    for (uint32_t i = 0; i < n; ++i) {
      int lowest = low(i), highest = low(i);
      for (int t = low(i) + 1; t <= high(i); ++t) {
        lowest += sides->minimal[vertex(i, t)];
        highest += sides->maximal[vertex(i, t)];
      }
      range.low[group[i]] = Rank(lowest);
      range.high[group[i]] = Rank(highest);
    }
  }
  // Not consistent: a probe's settled ranks may break an edge that no free node lies on.
  assert(range_is_ok_on(problem, range.low, range.high, free_nodes));
  return range;
}

}  // namespace egkb
