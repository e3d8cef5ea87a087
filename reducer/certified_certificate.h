// Step 5 of the certified solver (reducer/exact.h): what the repair proves about itself.
#pragma once

#include <cstddef>
#include <vector>

#include "reducer/certified_relaxation.h"
#include "reducer/exact.h"

namespace egkb {

// The repair `ranks` with the relaxation's `range`, widened to hold it (probing may settle a pair
// outside the first range), and its certificate: the open pairs of the first range, the
// objective, and the bound (`bound` in cost units, the relaxation's value raised by probing).
CertifiedRepair certify(const CertifiedInputs& in, RankRange range, std::vector<Rank> ranks,
                        Capacity bound, std::size_t probes);

}  // namespace egkb
