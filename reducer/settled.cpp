#include "reducer/settled.h"

#include <numeric>

#include "lattice/conflicts.h"

namespace egkb {

std::vector<NodeId> conflicted_free_nodes(const RepairProblem& p) {
  const Lattice& lat = *p.lattice;
  std::vector<NodeId> parent(lat.size());
  std::iota(parent.begin(), parent.end(), NodeId{0});
  auto root = [&](NodeId x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  auto join = [&](NodeId a, NodeId b) { parent[root(a)] = root(b); };
  std::vector<uint8_t> conflicted(lat.size(), 0);
  const auto out = lat.out_offsets();
  const auto in = lat.in_offsets();
  const auto in_sources = lat.in_sources();
  const auto in_edge_ids = lat.in_edge_ids();
  const auto rank = [&](NodeId x) { return p.ranks[x]; };
  for (NodeId u = 0; u < lat.size(); ++u) {
    if (p.fixed[u]) continue;
    for (EdgeIndex e = out[u]; e < out[u + 1]; ++e) {
      const NodeId v = lat.out_targets()[e];
      conflicted[u] |= edge_inconsistent(rank(u), rank(v), lat.out_labels()[e].side());
      if (!p.fixed[v]) join(u, v);
    }
    for (EdgeIndex k = in[u]; k < in[u + 1]; ++k) {
      const NodeId w = in_sources[k];
      if (p.fixed[w])
        conflicted[u] |=
            edge_inconsistent(rank(w), rank(u), lat.out_labels()[in_edge_ids[k]].side());
    }
    const NodeId m = lat.mirror(u);
    conflicted[u] |= mirror_inconsistent(rank(u), rank(m));
    // A pair without data (rows validation hid) has no rank of its own to keep.
    conflicted[u] |= p.weight[u] <= 0 && p.weight[m] <= 0;
    if (!p.fixed[m]) join(u, m);
  }
  for (NodeId u = 0; u < lat.size(); ++u) {
    if (!p.fixed[u]) conflicted[root(u)] |= conflicted[u];
  }
  std::vector<NodeId> open;
  for (NodeId u = 0; u < lat.size(); ++u) {
    if (!p.fixed[u] && conflicted[root(u)]) open.push_back(u);
  }
  return open;
}

}  // namespace egkb
