// The material lattice: nodes are materials, an edge joins y to y plus one piece.
#pragma once

#include <cassert>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "lattice/material.h"
#include "lattice/piece_set.h"
#include "lattice/types.h"

namespace egkb {

constexpr NodeId kNoNode = std::numeric_limits<NodeId>::max();

// Which piece an edge adds, and to which side; one byte so the edge arrays stay small.
struct EdgeLabel {
  uint8_t bits = 0;

  static EdgeLabel of(Side side, PieceKind kind) {
    return EdgeLabel{static_cast<uint8_t>(kind_index(kind) | (static_cast<int>(side) << 3))};
  }
  PieceKind kind() const { return PieceKind(bits & 7); }
  Side side() const { return static_cast<Side>(bits >> 3); }
};

using EdgeIndex = uint32_t;

// The lattice as a Boost.Graph compressed_sparse_row_graph (lattice/lattice_graph.h): kept out
// of this header, which nearly every file includes, because parsing Boost.Graph cost each of
// them two seconds of build time.
struct LatticeGraph;

class Lattice {
 public:
  // The mirror closure of the stored keys: every stored material and its mirror; a mirror
  // that is not stored is flagged implied.
  static Lattice closure(const PieceSet& pieces, std::vector<Key> stored_keys);
  // Every material of the piece set, all stored (2,125,764 nodes for xiangqi).
  static Lattice full(const PieceSet& pieces);
  // The same nodes without the piece edges `drop` (sorted edge indices of this lattice): what a
  // repair sees where facts break the rule (lattice/fixed_ranks.h, settled_edges). The other
  // edges keep their order; their indices close up.
  Lattice without_edges(std::span<const EdgeIndex> drop) const;

  const PieceSet& pieces() const { return *pieces_; }
  NodeId size() const { return static_cast<NodeId>(keys_.size()); }
  EdgeIndex edge_count() const { return static_cast<EdgeIndex>(out_targets_.size()); }

  Key key(NodeId n) const {
    assert(n < size());
    return keys_[n];
  }
  Material material(NodeId n) const { return material_of(key(n), *pieces_); }
  std::optional<NodeId> find(Key key) const {
    // A lattice holding every key of its set is indexed by key itself.
    if (dense_) {
      if (key < keys_.size()) return static_cast<NodeId>(key);
      return std::nullopt;
    }
    return search(key);
  }
  NodeId mirror(NodeId n) const {
    assert(n < size());
    return mirror_[n];
  }
  bool implied(NodeId n) const {
    assert(n < size());
    return implied_[n] != 0;
  }
  // The mirror counts as a neighbour: a distinct stored mirror, or the node itself when it is
  // its own mirror (it must then sit at rank 4).
  bool mirror_linked(NodeId n) const {
    assert(n < size());
    return mirror_linked_[n] != 0;
  }
  // Piece-edge neighbours plus the mirror link: the denominator of the inconsistent percentage.
  int neighbour_count(NodeId n) const {
    assert(n < size());
    return neighbour_count_[n];
  }

  // The Boost.Graph view, for algorithms written against the graph concepts; include
  // lattice/lattice_graph.h to use it. Built on first use from the arrays below.
  const LatticeGraph& graph() const;

  // Plain CSR arrays for hot loops. Out-edges of n go to materials with one more piece, in the
  // order red's kinds then black's; in-edges come from materials with one fewer, in node order.
  std::span<const EdgeIndex> out_offsets() const { return out_offsets_; }
  std::span<const NodeId> out_targets() const { return out_targets_; }
  std::span<const EdgeLabel> out_labels() const { return out_labels_; }
  std::span<const EdgeIndex> in_offsets() const { return in_offsets_; }
  std::span<const NodeId> in_sources() const { return in_edges().sources; }
  // For each in-edge slot, the index of the same edge in the out-edge arrays.
  std::span<const EdgeIndex> in_edge_ids() const { return in_edges().edge_ids; }

  // Bytes held by the node and edge arrays built so far.
  std::size_t memory_bytes() const;

  // The contract (docs/development.md, "Contracts"): the node arrays one entry per node, keys
  // ascending, the offsets monotone and ending at the edge count, every edge to a node of this
  // lattice with one piece more, every node's mirror present and the mirror map an involution,
  // the neighbour counts those of the edges. O(nodes + edges): asserted where a lattice is built
  // and where an algorithm takes one.
  bool is_ok() const;

  Lattice(Lattice&&) noexcept;
  Lattice& operator=(Lattice&&) noexcept;
  ~Lattice();

 private:
  // The nodes; their edges and mirrors too unless `with_edges` is false (the caller adds them).
  Lattice(const PieceSet& pieces, std::vector<Key> keys, std::vector<uint8_t> implied,
          bool with_edges = true);

  // Whose in-edge lists are filled on first use: counting the conflicts of a base needs only
  // the out-edges, and the in-edge lists are the larger half of the lattice's memory.
  struct InEdges {
    std::vector<NodeId> sources;
    std::vector<EdgeIndex> edge_ids;
  };
  struct Lazy;

  std::optional<NodeId> search(Key key) const;
  void add_out_edges();
  // The mirror map, the mirror links and the neighbour counts, from the keys and the edges.
  void add_mirrors();
  const InEdges& in_edges() const;
  // The in-edge lists' part of the contract, asserted once they are built: the out-edges listed
  // by target. Apart from is_ok(), which another thread may run while they are being built.
  bool in_edges_ok(const InEdges& in) const;

  const PieceSet* pieces_;
  std::vector<Key> keys_;  // sorted, so a node's index follows its key
  bool dense_ = false;     // every key of the set, node = key
  std::vector<NodeId> mirror_;
  std::vector<uint8_t> implied_;
  std::vector<uint8_t> mirror_linked_;
  std::vector<uint8_t> neighbour_count_;
  std::vector<EdgeIndex> out_offsets_;
  std::vector<NodeId> out_targets_;
  std::vector<EdgeLabel> out_labels_;
  std::vector<EdgeIndex> in_offsets_;
  std::unique_ptr<Lazy> lazy_;
};

}  // namespace egkb
