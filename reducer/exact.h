// The optimal repair for any per-node cost (docs/design.md section 3, "One certified solver"):
// minimise the sum of each node's cost of its new rank (reducer/cost.h) under every lattice
// constraint and mirror symmetry. Its relaxation drops the mirror equality and gives each node
// its mirror's costs, mirrored: every constraint is then monotone and one min-cut per threshold
// (convex costs) or one layered min-cut (any costs) solves it exactly. Its optimum is a lower
// bound on the repair's (Kohli et al., ICML 2008), and its lowest and highest optima are the
// range of every node.
//
// solve_certified() runs its steps in order, each in a file of its own:
//   1. reducer/certified_relaxation.h: the relaxation's range, by threshold cuts (convex costs)
//      or layered cuts (any costs), and its value at the lowest optimum, the bound;
//   2. reducer/certified_middle.h: with convex costs each node takes the middle of its range, a
//      half rounded toward 4 (optimal, mirror-symmetric, fixed by the problem, not by the flow);
//   3. reducer/certified_completion.h: otherwise, when pairs are open, their cost's convex hull
//      within their range is cut again (the settled pairs held);
//   4. reducer/certified_probing.h: while the gap stays open, a branch and bound on each group
//      of open pairs (an open pair fixed to each of its values, its group solved again);
//   5. reducer/certified_certificate.h: the objective, the bound and the gap; only a gap of 0 is
//      called optimal.
// The greedy `ra` calls solve_certified() too, with L1 costs, to finish (reducer/greedy.cpp).
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "reducer/cost.h"
#include "reducer/cut_spaces.h"
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
// a cost that is not convex meets a base too large for its layered graph. Every cut works in
// `spaces`, which repairs one after another may share.
std::optional<CertifiedRepair> solve_certified(const RepairProblem& problem, const CostModel& model,
                                               const ExactOptions& options,
                                               std::span<const float> edge_dm, CutSpaces& spaces);

// solve_certified as a reducer's result. Throws InputError naming two invariable nodes when
// they contradict each other (hard mode). `edge_dm` (Dm per edge index) is used by soft mode.
Reduction reduce_exact(const RepairProblem& problem, const CostModel& model,
                       const ExactOptions& options, std::span<const float> edge_dm);

}  // namespace egkb
