#include "reducer/certified_completion.h"

#include <cmath>
#include <stdexcept>

#include "reducer/certified_middle.h"
#include "reducer/threshold_solver.h"

namespace egkb {

namespace {

// The lower convex envelope of a node's cost over its range [low, high], as steps; outside the
// range the node may not go.
Steps hull_within(const Steps& steps, int low, int high) {
  std::array<double, kMaxRank + 1> cost{};
  for (int r = 1; r <= kMaxRank; ++r) cost[r] = cost[r - 1] + static_cast<double>(steps[r - 1]);
  Steps hull;
  for (int t = 1; t <= kMaxRank; ++t) hull[t - 1] = t <= low ? -kInfinity : kInfinity;
  // The envelope's slope from each point is the least slope to any later point of the range.
  for (int r = low; r < high;) {
    int next = r + 1;
    double slope = cost[next] - cost[r];
    for (int s = r + 2; s <= high; ++s) {
      const double to_s = (cost[s] - cost[r]) / (s - r);
      if (to_s <= slope) {
        slope = to_s;
        next = s;
      }
    }
    for (int t = r + 1; t <= next; ++t) hull[t - 1] = static_cast<Capacity>(std::llround(slope));
    r = next;
  }
  return hull;
}

}  // namespace

std::vector<Rank> complete(const CertifiedInputs& in, std::span<const Rank> low,
                           std::span<const Rank> high) {
  const RepairProblem& p = in.problem;
  const Lattice& lat = *p.lattice;
  // The settled pairs held at their rank (low, as high), the open ones cut.
  RepairCosts hull(p, in.costs.model());
  std::vector<NodeId> open;
  for (NodeId u = 0; u < lat.size(); ++u) {
    if (p.fixed[u] || low[u] == high[u]) continue;
    open.push_back(u);
    hull.set_steps(u, hull_within(in.costs.steps(u), value(low[u]), value(high[u])));
  }
  // The settled pairs are an optimum's own values, so a consistent completion exists, and it is
  // mirror-symmetric as the ranges are: its lowest optimum is the mirror image of its highest.
  const auto highest =
      optimal_ranks_of(p, hull, in.options, in.edge_dm, open, low, Optimum::Highest, in.spaces);
  if (!highest) throw std::logic_error("the completion of a relaxed optimum found no cut");
  std::vector<Rank> lowest(lat.size());
  for (NodeId u = 0; u < lat.size(); ++u) lowest[u] = mirror((*highest)[lat.mirror(u)]);
  return middle(lowest, *highest);
}

}  // namespace egkb
