// Alg. 3.2 of the paper read literally, for checking and timing the incremental reducer
// (reducer/greedy.h) against it: the worst node found by a scan of the whole lattice, and each of
// its values judged by counting the conflicts of the whole lattice again. Quadratic; for small
// lattices and baselines only.
#pragma once

#include "reducer/problem.h"

namespace egkb {

// At most `max_passes` passes, each visiting every inconsistent node once, worst (the largest
// share of inconsistent neighbours, then the lowest node) first; a node takes the value that
// leaves the fewest inconsistent nodes, its mirror taking the mirrored one (so a pair out of step
// is judged, and left, in step), the nearest to its current value on a tie, the lower on an equal
// distance. Stops after a pass that changes nothing.
std::vector<Rank> literal_basic_algorithm(const RepairProblem& problem, int max_passes);

}  // namespace egkb
