#include "lattice/conflicts.h"

#include <algorithm>
#include <cassert>
#include <tuple>

namespace egkb {

ConflictCounter::ConflictCounter(const Lattice& lattice)
    : lattice_(&lattice), inconsistent_(lattice.size()) {}

ConflictSummary ConflictCounter::count(std::span<const Rank> ranks) {
  const Lattice& lat = *lattice_;
  assert(ranks.size() == lat.size());
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

std::vector<NodeId> worst_nodes(const Lattice& lattice, const ConflictCounter& counter,
                                std::size_t limit, std::size_t& total) {
  std::vector<NodeId> bad;
  for (NodeId u = 0; u < lattice.size(); ++u) {
    if (counter.inconsistent_neighbours(u) > 0) bad.push_back(u);
  }
  total = bad.size();
  auto order = [&](NodeId u) {
    return std::make_tuple(-counter.level(u), -counter.inconsistent_neighbours(u), lattice.key(u));
  };
  const std::size_t shown = std::min(bad.size(), limit);
  std::partial_sort(bad.begin(), bad.begin() + static_cast<std::ptrdiff_t>(shown), bad.end(),
                    [&](NodeId a, NodeId b) { return order(a) < order(b); });
  bad.resize(shown);
  return bad;
}

}  // namespace egkb
