#include "lattice/linked_groups.h"

#include "base/contract.h"
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
  if (members_.size() != starts_.back())
    return broken("{} members listed, {} in the groups", members_.size(), starts_.back());
  for (uint32_t g = 0; g < count(); ++g) {
    if (starts_[g] >= starts_[g + 1]) return broken("group {} is empty", g);
    for (NodeId u : members(g)) {
      if (group_of_[u] != g) return broken("node {} is listed in group {} of {}", u, g, count());
    }
  }
  const Links walk(lattice);
  bool ok = true;
  for (NodeId u = 0; u < lattice.size(); ++u) {
    if ((group_of_[u] != kNoGroup) != (member[u] != 0))
      return broken("node {} is {} in a group", u, member[u] ? "not" : "outside the set but");
    if (!member[u]) continue;
    walk.for_each_link(u, [&](NodeId v, Link link, EdgeIndex) {
      const bool joins = link != Link::Mirror || links == GroupLinks::PieceEdgesAndMirror;
      if (joins && member[v] && group_of_[v] != group_of_[u]) ok = false;
    });
  }
  return ok || broken("two linked members in different groups");
}

}  // namespace egkb
