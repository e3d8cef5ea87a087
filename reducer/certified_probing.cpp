#include "reducer/certified_probing.h"

#include <algorithm>

#include "lattice/linked_groups.h"
#include "reducer/certified_completion.h"

namespace egkb {

namespace {

// The groups of open nodes (a range of more than one rank) joined by lattice edges and mirror
// links: each is closed under the mirror, and no edge joins two of them, so each is probed alone.
LinkedGroups open_groups(const Lattice& lat, std::span<const Rank> low,
                         std::span<const Rank> high) {
  std::vector<uint8_t> open(lat.size());
  for (NodeId u = 0; u < lat.size(); ++u) open[u] = low[u] != high[u];
  return LinkedGroups(lat, open, GroupLinks::PieceEdgesAndMirror);
}

}  // namespace

Capacity probe(const CertifiedInputs& in, std::span<const Rank> low, std::span<const Rank> high,
               std::vector<Rank>& best, std::size_t& probes) {
  const Lattice& lat = *in.problem.lattice;
  struct Branch {
    Capacity relaxed;
    std::vector<Rank> low, high;
    std::vector<NodeId> held;  // the pairs this branch fixed, one node of each
  };
  const auto later = [](const Branch& a, const Branch& b) { return a.relaxed > b.relaxed; };
  Capacity raised = 0;
  std::vector<uint8_t> in_group(lat.size(), 0);
  const LinkedGroups groups = open_groups(lat, low, high);
  for (uint32_t g = 0; g < groups.count(); ++g) {
    const std::span<const NodeId> group = groups.members(g);
    for (NodeId u : group) in_group[u] = 1;
    const Capacity first_bound = relaxed_value_in(in, low, group, in_group);
    Capacity reached = relaxed_value_in(in, best, group, in_group);
    std::vector<Branch> open;  // a heap, the least relaxed value first
    open.push_back({first_bound, {low.begin(), low.end()}, {high.begin(), high.end()}, {}});
    std::size_t solved = 0;
    while (!open.empty() && open.front().relaxed < reached && solved < in.options.most_probes) {
      std::pop_heap(open.begin(), open.end(), later);
      Branch branch = std::move(open.back());
      open.pop_back();
      NodeId widest = kNoNode;
      for (NodeId u : group) {
        if (branch.low[u] == branch.high[u]) continue;
        if (widest == kNoNode || value(branch.high[u]) - value(branch.low[u]) >
                                     value(branch.high[widest]) - value(branch.low[widest]))
          widest = u;
      }
      if (widest == kNoNode) continue;  // its relaxed optimum is mirror-symmetric: solved
      const NodeId m = lat.mirror(widest);
      std::vector<uint8_t> held(lat.size(), 0);
      for (NodeId u : branch.held) held[u] = held[lat.mirror(u)] = 1;
      held[widest] = held[m] = 1;
      std::vector<NodeId> free_nodes;
      for (NodeId u : group) {
        if (!held[u]) free_nodes.push_back(u);
      }
      // A material that is its own mirror may only be balanced.
      const bool self = m == widest;
      const int first = self ? value(kBalancedRank) : value(branch.low[widest]);
      const int last = self ? value(kBalancedRank) : value(branch.high[widest]);
      for (int v = first; v <= last; ++v) {
        ++solved;
        // Outside the group the best repair (mirror-symmetric, the same in every branch),
        // inside it the pairs the branch holds.
        std::vector<Rank> settled = best;
        for (NodeId u : branch.held) {
          settled[u] = branch.low[u];
          settled[lat.mirror(u)] = branch.low[lat.mirror(u)];
        }
        settled[widest] = Rank(v);
        settled[m] = mirror(Rank(v));
        auto range = layered_optimal_ranks(in.problem, in.costs, in.options, in.edge_dm, free_nodes,
                                           settled, in.spaces);
        if (!range) continue;
        Branch child{relaxed_value_in(in, range->low, group, in_group), std::move(range->low),
                     std::move(range->high), branch.held};
        child.held.push_back(widest);
        if (child.relaxed >= reached) continue;
        std::vector<Rank> ranks = complete(in, child.low, child.high);
        if (const Capacity completed = relaxed_value_in(in, ranks, group, in_group);
            completed < reached) {
          best = std::move(ranks);
          reached = completed;
        }
        if (child.relaxed < reached) {
          open.push_back(std::move(child));
          std::push_heap(open.begin(), open.end(), later);
        }
      }
    }
    probes += solved;
    const Capacity bound = open.empty() ? reached : std::min(reached, open.front().relaxed);
    raised += bound - first_bound;
    for (NodeId u : group) in_group[u] = 0;
  }
  return raised;
}

}  // namespace egkb
