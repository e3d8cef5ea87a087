// A node's links: its piece edges to the materials with one piece fewer and one more, and its
// mirror. Every walk over a node's links goes through here, inline so that it costs what the
// hand-written loops over the CSR arrays did. Passes that visit every edge once by its index (the
// conflict count, the edges' piece weights, the lattice's own build and contract) read the
// out-edge arrays instead: they need no in-edges, and constructing Links builds those, the larger
// half of a lattice's memory.
#pragma once

#include <cstdint>
#include <limits>
#include <span>

#include "lattice/lattice.h"
#include "lattice/piece_rule.h"

namespace egkb {

enum class Link : uint8_t {
  Fewer,   // the neighbour has one piece less (label: the piece this node adds)
  More,    // the neighbour has one piece more (label: the piece it adds)
  Mirror,  // the node's mirror, or the node itself when it is its own mirror
};

// The edge a mirror link is reported with: it is no piece edge.
constexpr EdgeIndex kNoEdge = std::numeric_limits<EdgeIndex>::max();

// The additive rule along a piece link: whether the neighbour's rank may be at most this node's.
constexpr bool neighbour_at_most(Link link, Side added) {
  return neighbour_ranks_at_most(link == Link::More, added);
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
    for_each_piece_link<order>(n, f);
    f(lattice_->mirror(n), Link::Mirror, kNoEdge);
  }

  // The piece edges of for_each_link alone.
  template <LinkOrder order = LinkOrder::FewerFirst, typename F>
  void for_each_piece_link(NodeId n, F&& f) const {
    if constexpr (order == LinkOrder::FewerFirst) {
      for_each_fewer(n, f);
      for_each_more(n, f);
    } else {
      for_each_more(n, f);
      for_each_fewer(n, f);
    }
  }

  // The piece edges to the materials with one piece fewer, in node order.
  template <typename F>
  void for_each_fewer(NodeId n, F&& f) const {
    for (EdgeIndex i = in_offsets_[n]; i < in_offsets_[n + 1]; ++i)
      f(in_sources_[i], Link::Fewer, in_edge_ids_[i]);
  }

  // The piece edges to the materials with one piece more, in edge order: a pass over every
  // node's visits every edge once.
  template <typename F>
  void for_each_more(NodeId n, F&& f) const {
    for (EdgeIndex e = out_offsets_[n]; e < out_offsets_[n + 1]; ++e)
      f(out_targets_[e], Link::More, e);
  }

 private:
  const Lattice* lattice_;
  std::span<const EdgeIndex> out_offsets_;
  std::span<const NodeId> out_targets_;
  std::span<const EdgeIndex> in_offsets_;
  std::span<const NodeId> in_sources_;
  std::span<const EdgeIndex> in_edge_ids_;
};

}  // namespace egkb
