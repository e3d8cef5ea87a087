// The position_counts table (schema 13): what `egkb import --from-counts` read, per material.
#pragma once

#include <vector>

#include "lattice/position_counts.h"
#include "store/ids.h"
#include "store/store.h"

namespace egkb {

// A material's position counts as an import kept them, with the import's run.
struct RecordedCounts {
  RunId run;
  PositionCounts counts;  // its sets red, black, either in that order; line 0
};

namespace store {

// Every material's position counts kept by an import (`--from-counts`), by run and key.
std::vector<RecordedCounts> position_counts(Store& store);
// Keeps a material's position counts beside the rows `run` imported from them.
void put_position_counts(StoreWriter& w, RunId run, const PositionCounts& counts);

}  // namespace store

}  // namespace egkb
