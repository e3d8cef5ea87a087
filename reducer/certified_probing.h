// Step 4 of the certified solver (reducer/exact.h), for costs that are not convex when the
// completion's value is above the relaxation's: a branch and bound that lowers the repair's value
// and raises the bound until the gap closes or the branches run out.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "reducer/certified_relaxation.h"

namespace egkb {

// Group by group of open nodes while the gap stays open: a best-first branch and bound whose
// branches fix the widest open pair of a relaxed optimum to each value of its range. Each
// branch's relaxation is solved again on the group (a lower bound on every repair within the
// branch) and completed (a repair, kept in `best` when it is better); a branch whose bound reaches
// the best repair is closed. Within ExactOptions::most_probes branches per group the least bound
// of the branches left open is a lower bound on the group's optimum, so the bound rises by what
// it adds over the group's first relaxed value: returned, in cost units. `probes` counts the
// branches solved.
Capacity probe(const CertifiedInputs& in, std::span<const Rank> low, std::span<const Rank> high,
               std::vector<Rank>& best, std::size_t& probes);

}  // namespace egkb
