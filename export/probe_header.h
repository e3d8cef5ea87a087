// The single C/C++ header an engine compiles in: the scores and the probe functions of
// libegkb-probe on compiled-in data, in plain C99 that is also C++ (docs/guide-engine.md). It
// embeds the library's own lookups (probe/table_lookup.h), so both answer with one code.
#pragma once

#include <iosfwd>
#include <string>

#include "lattice/knowledge_base.h"

namespace egkb {

struct ProbeHeaderInfo {
  std::string origin;          // the KB it was exported from, for the header's comment
  bool has_conflicts = false;  // exported with --allow-conflicts while conflicts remained
  std::string prefix = "kb";   // of every name and of the include guard (is_header_prefix)
};

// A C identifier of at most 32 characters that is not egkb or egkb_... in any case (the names of
// <egkb/probe.h> and of the embedded lookups): what --prefix takes.
bool is_header_prefix(const std::string& prefix);

// Writes `PREFIX_probe_counts(red_counts, black_counts)` and the rest, on the table's layout in
// memory (probe/table_lookup.h): each side's counts index the side configurations the base uses,
// and a square table holds one byte per pair of them, so the header stays small.
void write_probe_header(std::ostream& out, const ScoredLattice& scored,
                        const ProbeHeaderInfo& info);

}  // namespace egkb
