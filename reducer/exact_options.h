// How the certified solver runs (reducer/exact.h), read by each of its steps: the threshold cuts
// (reducer/threshold_solver.h), the layered graph (reducer/layered_solver.h) and validation.
#pragma once

#include <cstddef>

namespace egkb {

struct ExactOptions {
  // Edges become penalties of lambda x Dm per rank of violation instead of hard constraints.
  bool soft = false;
  double lambda = 1.0;
  // Cores the solve may use (0: every core). The result is the same for any number.
  unsigned threads = 0;
  // Costs that are not convex: the most branches probing solves per group of open pairs (0: no
  // probing, the completion alone).
  std::size_t most_probes = 256;
  // Costs that are not convex: the most nodes one layered graph may hold (lower in tests, which
  // cannot build a base that large). About 4 KB a node, so the largest fits in 2 GB; a base whose
  // conflicted part is larger needs a convex cost. A fixed bound rather than one read from the
  // machine's memory: which costs validation may choose, and so the repair of a base, must not
  // depend on the machine it runs on (docs/reducers.md).
  std::size_t most_layered_nodes = 500000;
};

}  // namespace egkb
