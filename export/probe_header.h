// The single C/C++ header an engine compiles in: the scores and the probe functions of
// libegkb-probe on compiled-in data, in plain C99 that is also C++ (docs/guide-engine.md).
#pragma once

#include <iosfwd>
#include <string>

#include "lattice/knowledge_base.h"

namespace egkb {

struct ProbeHeaderInfo {
  std::string origin;           // the KB it was exported from, for the header's comment
  bool has_conflicts = false;   // exported with --allow-conflicts while conflicts remained
  std::string prefix = "egkb";  // of every name and of the include guard (is_header_prefix)
};

// A C identifier of at most 32 characters: what --prefix takes.
bool is_header_prefix(const std::string& prefix);

// Writes `PREFIX_probe_counts(red_counts, black_counts)` and the rest. Its data is two-level so the
// header stays small enough to compile fast: each side's counts index the side configurations the
// base uses, and a square table holds one byte per pair of them.
void write_probe_header(std::ostream& out, const ScoredLattice& scored,
                        const ProbeHeaderInfo& info);

}  // namespace egkb
