// Tablebase statistics as CSV: a material's positions counted by result (docs/formats.md,
// "Position counts"). Either a set of columns per side to move, each counted from the side to
// move's view — `wtm_` or `rtm_` (white or red to move) and `btm_` prefixes, as
// datasets/chess-syzygy-6men.csv and datasets/xiangqi-retrograde.csv have them — or one set
// without a prefix, counted from red's view. A set has `win`, `draw` and `loss`, and may have
// `cursed_win` and `blessed_loss` (counted as draws). Any other column, `score` and `expectation`
// among them, is ignored: the counts decide.
#pragma once

#include <string>
#include <vector>

#include "io/byte_source.h"
#include "lattice/piece_set.h"
#include "lattice/position_counts.h"

namespace egkb {

struct CountsFile {
  const PieceSet* pieces = nullptr;
  std::string origin;
  std::vector<PositionCounts> materials;  // in file order, each with its line
};

// The largest count read: every count, and so the expected result, stays exact in a double.
constexpr uint64_t kMaxPositionCount = uint64_t{1} << 53;

// Reads every row; throws InputError naming the origin, the line and the field (the column) of
// the first bad one: a count that is no whole number from 0 to kMaxPositionCount, a set with
// no positions, a material given twice or in both orientations (a mirror counts the same
// positions, so one of the two would be ignored). `pieces` nullptr: the set the first material
// is written in.
CountsFile read_counts_csv(ByteSource source, const PieceSet* pieces);

}  // namespace egkb
