#include "reducer/repair_contract.h"

#include <vector>

#include "base/contract.h"
#include "lattice/conflicts.h"

namespace egkb {

bool repair_is_ok(const RepairProblem& problem, std::span<const Rank> ranks,
                  RepairPromise promise) {
  const Lattice& lat = *problem.lattice;
  if (ranks.size() != lat.size())
    return broken("a repair of {} ranks for {} nodes", ranks.size(), lat.size());
  for (NodeId u = 0; u < lat.size(); ++u) {
    if (!is_ok(ranks[u])) return broken("the repair gives node {} rank {}", u, value(ranks[u]));
    if (problem.fixed[u] && ranks[u] != problem.ranks[u])
      return broken("the repair moves fixed node {} from rank {} to {}", u, value(problem.ranks[u]),
                    value(ranks[u]));
    if (promise.in_step && mirror_inconsistent(ranks[u], ranks[lat.mirror(u)]))
      return broken("the repair leaves node {} at rank {} and its mirror {} at {}", u,
                    value(ranks[u]), lat.mirror(u), value(ranks[lat.mirror(u)]));
  }
  if (promise.consistent) {
    const uint64_t broken_edges = ConflictCounter(lat).count(ranks).inconsistent_edges;
    if (broken_edges > 0) return broken("the repair leaves {} edges inconsistent", broken_edges);
  }
  return true;
}

bool range_is_ok(const RepairProblem& problem, std::span<const Rank> low,
                 std::span<const Rank> high, RepairPromise promise, std::span<const Rank> within) {
  if (!repair_is_ok(problem, low, promise) || !repair_is_ok(problem, high, promise)) return false;
  if (!within.empty() && within.size() != low.size())
    return broken("{} ranks within a range of {} nodes", within.size(), low.size());
  for (NodeId u = 0; u < low.size(); ++u) {
    if (value(low[u]) > value(high[u]))
      return broken("node {}'s range runs from rank {} down to {}", u, value(low[u]),
                    value(high[u]));
    if (!within.empty() && (value(within[u]) < value(low[u]) || value(within[u]) > value(high[u])))
      return broken("node {} has rank {} outside its range {}..{}", u, value(within[u]),
                    value(low[u]), value(high[u]));
  }
  return true;
}

bool range_is_ok_on(const RepairProblem& problem, std::span<const Rank> low,
                    std::span<const Rank> high, std::span<const NodeId> nodes) {
  const NodeId n = problem.lattice->size();
  if (low.size() != n || high.size() != n)
    return broken("a range of {} and {} ranks for {} nodes", low.size(), high.size(), n);
  for (NodeId u : nodes) {
    if (!is_ok(low[u]) || !is_ok(high[u]) || value(low[u]) > value(high[u]))
      return broken("node {}'s range runs from rank {} to {}", u, value(low[u]), value(high[u]));
    if (problem.fixed[u] && (low[u] != problem.ranks[u] || high[u] != problem.ranks[u]))
      return broken("the range moves fixed node {} from rank {}", u, value(problem.ranks[u]));
  }
  return true;
}

bool free_nodes_ok(const RepairProblem& problem, std::span<const NodeId> free_nodes) {
  std::vector<uint8_t> seen(problem.lattice->size(), 0);
  for (NodeId u : free_nodes) {
    if (u >= seen.size()) return broken("free node {} is not a node of the lattice", u);
    if (problem.fixed[u]) return broken("free node {} is fixed", u);
    if (seen[u]++) return broken("free node {} is listed twice", u);
  }
  return true;
}

}  // namespace egkb
