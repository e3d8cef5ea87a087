// The errors left in a base, estimated from a batch's verdicts (`egkb estimate`).
#pragma once

#include "review/rules.h"
#include "sampling/estimate.h"

namespace egkb {

// Each verdict an observation of the row its batch drew (the score drawn, its inclusion
// probability, its stratum), estimated by the batch's design (sampling/dispatch.h).
ErrorEstimate estimate_batch(const MatchedSheet& sheet, const PieceSet& pieces);

}  // namespace egkb
