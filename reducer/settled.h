// The free nodes a repair must solve for: those in a component (joined by lattice edges and
// mirror links between free nodes) that holds a conflict or a pair without data. A component
// without either keeps its data when each node's cost is least there: any change only costs
// (docs/design.md section 3).
#pragma once

#include <span>
#include <vector>

#include "reducer/problem.h"

namespace egkb {

std::vector<NodeId> conflicted_free_nodes(const RepairProblem& problem);

}  // namespace egkb
