// The single C/C++ header an engine compiles in: the scores and one probe function, in plain
// C99 that is also C++ (docs/engine-guide.md shows it in use).
#pragma once

#include <iosfwd>
#include <string>

#include "lattice/knowledge_base.h"

namespace egkb {

struct ProbeHeaderInfo {
  std::string origin;          // the KB it was exported from, for the header's comment
  bool has_conflicts = false;  // exported with --allow-conflicts while conflicts remained
};

// Writes `egkb_probe(red_counts, black_counts)`. Its data is two-level so the header stays small
// enough to compile fast: each side's counts index the side configurations the base uses, and
// a square table holds one byte per pair of them.
void write_probe_header(std::ostream& out, const ScoredLattice& scored,
                        const ProbeHeaderInfo& info);

}  // namespace egkb
