// What a reducer returns: new ranks plus how it got there.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "lattice/conflicts.h"

namespace egkb {

struct IterationTrace {
  int iteration = 0;
  uint64_t modified = 0;  // nodes set in this pass, mirrors counted apart
  ConflictSummary after;
  bool exact_finish = false;  // the exact repair of what the greedy passes left
};

// What an exact repair proves about itself (reducer/exact.h): its objective in weight units, a
// bound below which no mirror-symmetric repair costs, and how much was left to complete.
struct Certificate {
  double objective = 0;
  double bound = 0;
  bool optimal = false;        // the gap is 0, measured in integer cost units
  std::size_t open_pairs = 0;  // mirror pairs the relaxation did not settle
  std::size_t probes = 0;      // values tried on open pairs
  double gap() const { return objective - bound; }
};

struct Reduction {
  std::vector<Rank> ranks;
  // The exact reducers: each node's lowest and highest rank in an optimum of the relaxation,
  // and the certificate. Empty for the greedy reducers.
  std::vector<Rank> low;
  std::vector<Rank> high;
  std::optional<Certificate> certificate;
  std::vector<IterationTrace> trace;  // greedy passes; empty for the exact reducer
  std::vector<NodeId> queued;         // nodes left unchanged for the expert (--ties queue)
  uint64_t ties = 0;                  // choices between equally good values
  int iterations = 0;
};

}  // namespace egkb
