// A cut network's arrays seen as a Boost.Graph (Vertex List, Incidence and Edge List Graph) in
// place: vertex v's arcs are the slots offset[v] .. offset[v + 1], an edge is its tail and slot.
// Boost.Graph's max-flow runs on it without a copy of the network into a graph of its own.
#pragma once

#include <boost/graph/graph_traits.hpp>
#include <boost/iterator/counting_iterator.hpp>
#include <boost/iterator/iterator_facade.hpp>
#include <cstdint>
#include <span>
#include <utility>

namespace egkb {

struct CutEdge {
  uint32_t tail = 0;
  uint32_t slot = 0;
  friend bool operator==(const CutEdge&, const CutEdge&) = default;
};

struct CutGraph {
  std::span<const uint32_t> offset;  // one more than the vertices
  std::span<const uint32_t> head;    // the vertex each slot's arc goes to
};

// The arcs of one vertex.
class CutOutEdgeIterator
    : public boost::iterator_facade<CutOutEdgeIterator, CutEdge, boost::random_access_traversal_tag,
                                    CutEdge> {
 public:
  CutOutEdgeIterator() = default;
  CutOutEdgeIterator(uint32_t tail, uint32_t slot) : tail_(tail), slot_(slot) {}

 private:
  friend class boost::iterator_core_access;
  CutEdge dereference() const { return {tail_, slot_}; }
  bool equal(const CutOutEdgeIterator& o) const { return slot_ == o.slot_; }
  void increment() { ++slot_; }
  void decrement() { --slot_; }
  void advance(std::ptrdiff_t n) { slot_ = static_cast<uint32_t>(slot_ + n); }
  std::ptrdiff_t distance_to(const CutOutEdgeIterator& o) const {
    return static_cast<std::ptrdiff_t>(o.slot_) - static_cast<std::ptrdiff_t>(slot_);
  }

  uint32_t tail_ = 0;
  uint32_t slot_ = 0;
};

// Every arc, in slot order.
class CutEdgeIterator : public boost::iterator_facade<CutEdgeIterator, CutEdge,
                                                      boost::forward_traversal_tag, CutEdge> {
 public:
  CutEdgeIterator() = default;
  CutEdgeIterator(std::span<const uint32_t> offset, uint32_t slot)
      : offset_(offset.data()), slots_(offset.back()), slot_(slot) {
    settle();
  }

 private:
  friend class boost::iterator_core_access;
  CutEdge dereference() const { return {tail_, slot_}; }
  bool equal(const CutEdgeIterator& o) const { return slot_ == o.slot_; }
  void increment() {
    ++slot_;
    settle();
  }
  void settle() {
    if (slot_ >= slots_) return;
    while (offset_[tail_ + 1] <= slot_) ++tail_;
  }

  const uint32_t* offset_ = nullptr;
  uint32_t slots_ = 0;
  uint32_t tail_ = 0;
  uint32_t slot_ = 0;
};

inline uint32_t num_vertices(const CutGraph& g) {
  return static_cast<uint32_t>(g.offset.size() - 1);
}
inline std::pair<boost::counting_iterator<uint32_t>, boost::counting_iterator<uint32_t>> vertices(
    const CutGraph& g) {
  return {boost::counting_iterator<uint32_t>(0),
          boost::counting_iterator<uint32_t>(num_vertices(g))};
}
inline std::pair<CutOutEdgeIterator, CutOutEdgeIterator> out_edges(uint32_t v, const CutGraph& g) {
  return {CutOutEdgeIterator(v, g.offset[v]), CutOutEdgeIterator(v, g.offset[v + 1])};
}
inline uint32_t out_degree(uint32_t v, const CutGraph& g) {
  return g.offset[v + 1] - g.offset[v];
}
inline uint32_t source(const CutEdge& e, const CutGraph&) {
  return e.tail;
}
inline uint32_t target(const CutEdge& e, const CutGraph& g) {
  return g.head[e.slot];
}
inline uint32_t num_edges(const CutGraph& g) {
  return g.offset.back();
}
inline std::pair<CutEdgeIterator, CutEdgeIterator> edges(const CutGraph& g) {
  return {CutEdgeIterator(g.offset, 0), CutEdgeIterator(g.offset, num_edges(g))};
}

}  // namespace egkb

namespace boost {

template <>
struct graph_traits<egkb::CutGraph> {
  using vertex_descriptor = uint32_t;
  using edge_descriptor = egkb::CutEdge;
  using directed_category = directed_tag;
  using edge_parallel_category = allow_parallel_edge_tag;
  struct traversal_category : vertex_list_graph_tag, incidence_graph_tag, edge_list_graph_tag {};
  using vertex_iterator = counting_iterator<uint32_t>;
  using out_edge_iterator = egkb::CutOutEdgeIterator;
  using edge_iterator = egkb::CutEdgeIterator;
  using vertices_size_type = uint32_t;
  using edges_size_type = uint32_t;
  using degree_size_type = uint32_t;
  static vertex_descriptor null_vertex() { return UINT32_MAX; }
};

}  // namespace boost
