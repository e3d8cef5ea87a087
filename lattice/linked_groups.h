// The groups a set of nodes falls into when the links between its members join them: the one
// group finder of the repairs (settled pairs, the layered cuts, probing) and of active sampling.
#pragma once

#include <cassert>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "lattice/lattice.h"

namespace egkb {

// Which links join two members: the piece edges, or the mirror links too.
enum class GroupLinks : uint8_t { PieceEdges, PieceEdgesAndMirror };

// Found by a depth-first walk from each member in node order, a node's links to the materials
// with one piece more first, then those with one fewer, then its mirror: groups come in the order
// of their least node, and each lists its members in the order the walk reached them. Results
// depend on both orders (probing breaks its ties by the members' order, active sampling by the
// groups').
class LinkedGroups {
 public:
  static constexpr uint32_t kNoGroup = std::numeric_limits<uint32_t>::max();

  // member[n] != 0 for each node of the set.
  LinkedGroups(const Lattice& lattice, std::span<const uint8_t> member, GroupLinks links);

  uint32_t count() const { return static_cast<uint32_t>(starts_.size() - 1); }
  // kNoGroup for a node outside the set.
  uint32_t group_of(NodeId n) const {
    assert(n < group_of_.size());
    return group_of_[n];
  }
  std::span<const NodeId> members(uint32_t g) const {
    assert(g < count());
    return std::span<const NodeId>(members_).subspan(starts_[g], starts_[g + 1] - starts_[g]);
  }

 private:
  // Every member in one group, no other node in any, no link between members across groups.
  bool is_ok(const Lattice& lattice, std::span<const uint8_t> member, GroupLinks links) const;

  std::vector<uint32_t> group_of_;
  std::vector<NodeId> members_;      // group after group
  std::vector<std::size_t> starts_;  // group g's members begin at starts_[g]; one entry more
};

}  // namespace egkb
