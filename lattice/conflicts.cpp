#include "lattice/conflicts.h"

#include <algorithm>

namespace egkb {

ConflictCounter::ConflictCounter(const Lattice& lattice)
    : lattice_(&lattice), inconsistent_(lattice.size()) {}

ConflictSummary ConflictCounter::count(std::span<const Rank> ranks) {
  const Lattice& lat = *lattice_;
  const NodeId n = lat.size();
  const auto offsets = lat.out_offsets();
  const auto targets = lat.out_targets();
  const auto labels = lat.out_labels();
  uint8_t* bad = inconsistent_.data();
  std::fill(inconsistent_.begin(), inconsistent_.end(), 0);

  ConflictSummary s;
  s.nodes = n;
  s.edges = targets.size();
  for (NodeId u = 0; u < n; ++u) {
    const Rank fewer = ranks[u];
    for (EdgeIndex e = offsets[u]; e < offsets[u + 1]; ++e) {
      const NodeId v = targets[e];
      const bool broken = edge_inconsistent(fewer, ranks[v], labels[e].side());
      bad[u] += broken;
      bad[v] += broken;
      s.inconsistent_edges += broken;
    }
  }
  for (NodeId u = 0; u < n; ++u) {
    const NodeId m = lat.mirror(u);
    if (!lat.mirror_linked(u) || m < u) continue;
    const bool broken = mirror_inconsistent(ranks[u], ranks[m]);
    s.mirror_conflicts += broken;
    bad[u] += broken;
    if (m != u) bad[m] += broken;
  }
  for (NodeId u = 0; u < n; ++u) {
    if (bad[u] == 0) continue;
    ++s.inconsistent_nodes;
    ++s.levels[static_cast<std::size_t>(inconsistency_level(bad[u], lat.neighbour_count(u)))];
  }
  for (int l = 0; l < kLevels; ++l) s.corrected_score += s.levels[static_cast<std::size_t>(l)] << l;
  return s;
}

}  // namespace egkb
