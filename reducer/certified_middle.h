// Step 2 of the certified solver (reducer/exact.h): the repair read off a range of optima.
#pragma once

#include <span>
#include <vector>

#include "lattice/types.h"

namespace egkb {

// The middle of each node's range, a half rounded toward 4: optimal when the costs are convex,
// and mirror-symmetric since the range of a node's mirror is its own, mirrored. Fixed by the
// problem rather than by the flow (docs/reducers.md).
std::vector<Rank> middle(std::span<const Rank> low, std::span<const Rank> high);

}  // namespace egkb
