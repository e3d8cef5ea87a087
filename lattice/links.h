// A node's links: its piece edges to the materials with one piece fewer and one more, and its
// mirror. The walk greedy, the exact repair's groups and soft penalties, bound propagation and
// the neighbourhood share, inline so that it costs what the hand-written loops over the CSR
// arrays did. (The settled-rank sweep, active sampling's groups and the cut networks' arcs still
// walk the arrays themselves.)
#pragma once

#include <cstdint>
#include <limits>
#include <span>

#include "lattice/lattice.h"

namespace egkb {

enum class Link : uint8_t {
  Fewer,   // the neighbour has one piece less (label: the piece this node adds)
  More,    // the neighbour has one piece more (label: the piece it adds)
  Mirror,  // the node's mirror, or the node itself when it is its own mirror
};

// The edge a mirror link is reported with: it is no piece edge.
constexpr EdgeIndex kNoEdge = std::numeric_limits<EdgeIndex>::max();

// The additive rule along a piece link: whether the neighbour's rank may be at most this node's.
// A red piece more makes red no worse off (a rank no higher), a black piece more no better.
constexpr bool neighbour_at_most(Link link, Side added) {
  return (link == Link::More) == (added == Side::Red);
}

// Which piece edges a walk visits first. The order is part of some results: which of two fixed
// nodes a rank bound is traced to, the order of an exact repair's groups, how a node's
// neighbourhood is listed, the order greedy's float sums run in.
enum class LinkOrder : uint8_t { FewerFirst, MoreFirst };

class Links {
 public:
  // Looks the in-edge arrays up once: the lattice fills them on first use, behind a lock.
  explicit Links(const Lattice& lattice)
      : lattice_(&lattice),
        out_offsets_(lattice.out_offsets()),
        out_targets_(lattice.out_targets()),
        in_offsets_(lattice.in_offsets()),
        in_sources_(lattice.in_sources()),
        in_edge_ids_(lattice.in_edge_ids()) {}

  // Calls f(other, link, edge) for every link of n: its piece edges in `order` (edge: the edge's
  // index in the lattice's out-edge arrays, whatever its direction), then its mirror (edge:
  // kNoEdge). The mirror comes whether or not it counts as a neighbour
  // (Lattice::mirror_linked): the mirror rule binds an implied mirror too.
  template <LinkOrder order = LinkOrder::FewerFirst, typename F>
  void for_each_link(NodeId n, F&& f) const {
    if constexpr (order == LinkOrder::FewerFirst) {
      for_each_fewer(n, f);
      for_each_more(n, f);
    } else {
      for_each_more(n, f);
      for_each_fewer(n, f);
    }
    f(lattice_->mirror(n), Link::Mirror, kNoEdge);
  }

 private:
  template <typename F>
  void for_each_fewer(NodeId n, F& f) const {
    for (EdgeIndex i = in_offsets_[n]; i < in_offsets_[n + 1]; ++i)
      f(in_sources_[i], Link::Fewer, in_edge_ids_[i]);
  }

  template <typename F>
  void for_each_more(NodeId n, F& f) const {
    for (EdgeIndex e = out_offsets_[n]; e < out_offsets_[n + 1]; ++e)
      f(out_targets_[e], Link::More, e);
  }

  const Lattice* lattice_;
  std::span<const EdgeIndex> out_offsets_;
  std::span<const NodeId> out_targets_;
  std::span<const EdgeIndex> in_offsets_;
  std::span<const NodeId> in_sources_;
  std::span<const EdgeIndex> in_edge_ids_;
};

}  // namespace egkb
