// What a reducer returns: new ranks plus how it got there.
#pragma once

#include <cstdint>
#include <vector>

#include "lattice/conflicts.h"

namespace egkb {

struct IterationTrace {
  int iteration = 0;
  uint64_t modified = 0;  // nodes set in this pass, mirrors counted apart
  ConflictSummary after;
  bool exact_finish = false;  // the exact repair of what the greedy passes left
};

struct Reduction {
  std::vector<Rank> ranks;
  std::vector<IterationTrace> trace;  // greedy passes; empty for the exact reducer
  std::vector<NodeId> queued;         // nodes left unchanged for the expert (--ties queue)
  uint64_t ties = 0;                  // choices between equally good values
  int iterations = 0;
};

}  // namespace egkb
