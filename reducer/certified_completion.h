// Step 3 of the certified solver (reducer/exact.h), for costs that are not convex when the
// relaxation leaves pairs open: a repair from the relaxation's range, whose value is an upper
// bound on the optimum for probing to close.
#pragma once

#include <span>
#include <vector>

#include "reducer/certified_relaxation.h"

namespace egkb {

// The open pairs given the convex hull of their cost within their range [low, high], the settled
// ones held, and cut again: a convex problem, whose middle is mirror-symmetric.
std::vector<Rank> complete(const CertifiedInputs& in, std::span<const Rank> low,
                           std::span<const Rank> high);

}  // namespace egkb
