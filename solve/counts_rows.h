// Solved materials as rows of counts in the columns `egkb import --from-counts` reads
// (datasets/README.md): material in its stored orientation, score, expectation, rtm_* and btm_*
// from the side to move's view, and a rules column when a row is solved under the
// repetition-draw convention.
#pragma once

#include <ostream>
#include <vector>

#include "solve/solve_run.h"

namespace egkb::solve {

// The counts with the material in its stored orientation (stored_orientation): a mirror's
// sides to move swap.
std::array<SideCounts, 2> counts_as_stored(const Solution& s);

// Red's mean result over the two sides to move, in [-1, 1]:
// ½·[(rtm_win − rtm_loss)/N_rtm + (btm_loss − btm_win)/N_btm].
double expectation(const std::array<SideCounts, 2>& counts);

// The rows of `solved`, each material once in its stored orientation, fewer pieces first and
// then by text. The expectation is rounded to 6 decimals and the score binned from what is
// written, so a reader binning the printed number gets the printed score.
void write_counts_csv(std::ostream& out, const std::vector<Solution>& solved);

}  // namespace egkb::solve
