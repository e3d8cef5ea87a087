#include "lattice/linked_groups.h"

#include "lattice/links.h"

namespace egkb {

LinkedGroups::LinkedGroups(const Lattice& lattice, std::span<const uint8_t> member,
                           GroupLinks links)
    : group_of_(lattice.size(), kNoGroup), starts_{0} {
  assert(member.size() == lattice.size());
  const Links walk(lattice);
  std::vector<NodeId> stack;
  for (NodeId start = 0; start < lattice.size(); ++start) {
    if (!member[start] || group_of_[start] != kNoGroup) continue;
    const uint32_t g = count();
    const auto add = [&](NodeId v) {
      group_of_[v] = g;
      members_.push_back(v);
      stack.push_back(v);
    };
    const auto reach = [&](NodeId v, Link, EdgeIndex) {
      if (member[v] && group_of_[v] == kNoGroup) add(v);
    };
    add(start);
    while (!stack.empty()) {
      const NodeId u = stack.back();
      stack.pop_back();
      if (links == GroupLinks::PieceEdgesAndMirror) {
        walk.for_each_link<LinkOrder::MoreFirst>(u, reach);
      } else {
        walk.for_each_piece_link<LinkOrder::MoreFirst>(u, reach);
      }
    }
    starts_.push_back(members_.size());
  }
  assert(is_ok(lattice, member, links));
}

bool LinkedGroups::is_ok(const Lattice& lattice, std::span<const uint8_t> member,
                         GroupLinks links) const {
  if (members_.size() != starts_.back()) return false;
  for (uint32_t g = 0; g < count(); ++g) {
    if (starts_[g] >= starts_[g + 1]) return false;
    for (NodeId u : members(g)) {
      if (group_of_[u] != g) return false;
    }
  }
  const Links walk(lattice);
  bool ok = true;
  for (NodeId u = 0; u < lattice.size(); ++u) {
    if ((group_of_[u] != kNoGroup) != (member[u] != 0)) return false;
    if (!member[u]) continue;
    walk.for_each_link(u, [&](NodeId v, Link link, EdgeIndex) {
      const bool joins = link != Link::Mirror || links == GroupLinks::PieceEdgesAndMirror;
      if (joins && member[v] && group_of_[v] != group_of_[u]) ok = false;
    });
  }
  return ok;
}

}  // namespace egkb
