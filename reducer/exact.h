// The optimal repair for any per-node cost (docs/design.md section 3, "One certified solver"):
// minimise the sum of each node's cost of its new rank (reducer/cost.h) under every lattice
// constraint and mirror symmetry. Its relaxation drops the mirror equality and gives each node
// its mirror's costs, mirrored: every constraint is then monotone and one min-cut per threshold
// (convex costs) or one layered min-cut (any costs) solves it exactly. Its optimum is a lower
// bound on the repair's (Kohli et al., ICML 2008), and its lowest and highest optima are the
// range of every node.
//
// The repair returned: with convex costs each node takes the middle of its range, a half
// rounded toward 4 (optimal, mirror-symmetric, fixed by the problem rather than by the flow;
// docs/reducers.md). Otherwise the pairs whose range is one value are settled; the others get
// the convex hull of their cost within their range and are cut again, then probed (an open
// pair fixed to each of its values, its group solved again) while the gap stays open. Every
// repair comes with its objective, the bound and the gap; only a gap of 0 is called optimal.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "reducer/cost.h"
#include "reducer/exact_options.h"
#include "reducer/reduction.h"

namespace egkb {

struct CertifiedRepair {
  std::vector<Rank> ranks;  // mirror-symmetric, every constraint held
  std::vector<Rank> low;    // each node's lowest and highest rank in an optimum of the
  std::vector<Rank> high;   // relaxation (the data allow low..high)
  Certificate certificate;
};

// nullopt when the fixed nodes leave no consistent choice (hard mode). Throws InputError when
// a cost that is not convex meets a base too large for its layered graph.
std::optional<CertifiedRepair> solve_certified(const RepairProblem& problem, const CostModel& model,
                                               const ExactOptions& options,
                                               std::span<const float> edge_dm);

// The plain weighted L1 optimum of the nodes not fixed in `problem`, or nullopt (used to finish
// a greedy run on the region it left inconsistent).
std::optional<std::vector<Rank>> solve_exact(const RepairProblem& problem,
                                             const ExactOptions& options,
                                             std::span<const float> edge_dm);

// solve_certified as a reducer's result. Throws InputError naming two invariable nodes when
// they contradict each other (hard mode). `edge_dm` (Dm per edge index) is used by soft mode.
Reduction reduce_exact(const RepairProblem& problem, const CostModel& model,
                       const ExactOptions& options, std::span<const float> edge_dm);

}  // namespace egkb
