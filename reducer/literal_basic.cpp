#include "reducer/literal_basic.h"

#include <cassert>
#include <cstdint>
#include <cstdlib>

#include "lattice/conflicts.h"
#include "reducer/repair_contract.h"

namespace egkb {

std::vector<Rank> literal_basic_algorithm(const RepairProblem& problem, int max_passes) {
  assert(problem.is_ok());
  const Lattice& lat = *problem.lattice;
  ConflictCounter counter(lat);
  std::vector<Rank> ranks = problem.ranks;
  for (int pass = 0; pass < max_passes; ++pass) {
    std::vector<uint8_t> updated(lat.size());
    bool changed = false;
    while (true) {
      counter.count(ranks);
      NodeId best = kNoNode;
      double worst = 0;
      for (NodeId u = 0; u < lat.size(); ++u) {
        const double share =
            static_cast<double>(counter.inconsistent_neighbours(u)) / lat.neighbour_count(u);
        if (!updated[u] && !problem.fixed[u] && share > worst) {
          worst = share;
          best = u;
        }
      }
      if (best == kNoNode) break;
      const NodeId m = lat.mirror(best);
      updated[best] = updated[m] = 1;
      const Rank current = ranks[best];
      const Rank current_mirror = ranks[m];
      Rank chosen = current;
      uint64_t fewest = UINT64_MAX;
      for (int v = 0; v <= kMaxRank; ++v) {
        if (m == best && v != value(kBalancedRank)) continue;
        ranks[best] = Rank(v);
        ranks[m] = mirror(Rank(v));
        const uint64_t n = counter.count(ranks).inconsistent_nodes;
        if (n < fewest || (n == fewest && std::abs(v - value(current)) <
                                              std::abs(value(chosen) - value(current)))) {
          fewest = n;
          chosen = Rank(v);
        }
      }
      ranks[best] = chosen;
      ranks[m] = mirror(chosen);
      changed |= chosen != current || ranks[m] != current_mirror;
    }
    if (!changed) break;
  }
  assert(repair_is_ok(problem, ranks));
  return ranks;
}

}  // namespace egkb
