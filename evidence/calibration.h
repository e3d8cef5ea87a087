// The threshold that turns an engine's scores into wins, draws and losses, calibrated on rows
// whose score is known (docs/design.md section 4b): an engine's centipawn scale differs by game and
// by engine, so it is measured, never fixed by hand alone. The threshold chosen is the one whose
// binned results agree with the known ranks most often; its agreement is measured held out (each
// fold's rows judged by the threshold the other folds chose), so the figure printed is one the
// choice did not see.
#pragma once

#include <cstddef>
#include <span>
#include <unordered_map>
#include <vector>

#include "lattice/piece_set.h"
#include "store/evidence.h"

namespace egkb {

// The thresholds tried, in centipawns: chess engines' scales and xiangqi's wider ones.
inline const std::vector<int> kCalibrationThresholds = {50,  100, 150, 200, 250, 300,
                                                        400, 500, 600, 800, 1000};

// The fewest rows with evidence and a known score a threshold is chosen on.
constexpr std::size_t kLeastCalibrationRows = 10;

struct Calibration {
  int threshold = 0;              // chosen on all rows
  double held_out = 0;            // rank agreement, each fold by the other folds' choice
  std::size_t rows = 0;           // rows with evidence and a known score
  std::vector<double> agreement;  // on all rows, for each of the thresholds tried
};

// `known`: the known score of each key (mirrors included). Throws InputError when fewer than
// kLeastCalibrationRows of the records' materials have one.
Calibration calibrate_threshold(std::span<const EvidenceRecord> records,
                                const std::unordered_map<Key, Score>& known, const PieceSet& pieces,
                                std::size_t folds = 5);

}  // namespace egkb
