// A material's row of datasets/xiangqi-retrograde.csv, read as egkb reads the chess file: the
// counts from the side to move's view, the expected result from red's view averaged over the two
// sides to move, and the 0..9 score binned from it.
#pragma once

#include <array>
#include <string>

#include "tools/xiangqi_retrograde/table.h"

namespace xiangqi_retrograde {

// counts[0] red to move, counts[1] black to move, each from the side to move's view.
double expectation(const std::array<Counts, 2>& counts);
// >= 0.9 -> 0, >= 0.7 -> 1, >= 0.45 -> 2, >= 0.15 -> 3, >= 0 -> 4, > -0.15 -> 5, > -0.45 -> 6,
// > -0.7 -> 7, > -0.9 -> 8, else 9: datasets/README.md's binning of the chess data.
int score(double expectation);

std::string csv_header();
// The expectation is rounded to 6 decimals first and the score binned from what is written, so
// a reader binning the printed number gets the printed score.
std::string csv_row(const Material& m, const std::array<Counts, 2>& counts);

}  // namespace xiangqi_retrograde
