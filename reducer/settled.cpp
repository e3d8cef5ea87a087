#include "reducer/settled.h"

#include "lattice/conflicts.h"
#include "lattice/linked_groups.h"
#include "lattice/links.h"

namespace egkb {

std::vector<NodeId> conflicted_free_nodes(const RepairProblem& p) {
  const Lattice& lat = *p.lattice;
  std::vector<uint8_t> free(lat.size());
  for (NodeId u = 0; u < lat.size(); ++u) free[u] = !p.fixed[u];
  const LinkedGroups groups(lat, free, GroupLinks::PieceEdgesAndMirror);
  std::vector<uint8_t> conflicted(groups.count(), 0);
  const Links links(lat);
  const auto rank = [&](NodeId x) { return p.ranks[x]; };
  for (NodeId u = 0; u < lat.size(); ++u) {
    if (p.fixed[u]) continue;
    bool bad = false;
    // Each edge is checked from its fewer end, or from here when that end is fixed.
    links.for_each_link(u, [&](NodeId v, Link link, EdgeIndex e) {
      if (link == Link::More) {
        bad |= edge_inconsistent(rank(u), rank(v), lat.out_labels()[e].side());
      } else if (link == Link::Fewer) {
        if (p.fixed[v]) bad |= edge_inconsistent(rank(v), rank(u), lat.out_labels()[e].side());
      } else {
        bad |= mirror_inconsistent(rank(u), rank(v));
        // A pair without data (rows validation hid) has no rank of its own to keep.
        bad |= p.weight[u] <= 0 && p.weight[v] <= 0;
      }
    });
    conflicted[groups.group_of(u)] |= bad;
  }
  std::vector<NodeId> open;
  for (NodeId u = 0; u < lat.size(); ++u) {
    if (!p.fixed[u] && conflicted[groups.group_of(u)]) open.push_back(u);
  }
  return open;
}

}  // namespace egkb
