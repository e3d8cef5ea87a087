#include "reducer/cut_network.h"

#include <boost/graph/boykov_kolmogorov_max_flow.hpp>
#include <boost/graph/compressed_sparse_row_graph.hpp>
#include <boost/property_map/function_property_map.hpp>
#include <iterator>
#include <numeric>

namespace egkb {

namespace {

// The arcs of a CSR layout as (tail, head) pairs in slot order, made one at a time for the
// graph's constructor instead of held in a list as large as the network.
class SlotPairs {
 public:
  using iterator_category = std::input_iterator_tag;
  using value_type = std::pair<uint32_t, uint32_t>;
  using difference_type = std::ptrdiff_t;
  using pointer = const value_type*;
  using reference = const value_type&;

  SlotPairs(std::span<const uint32_t> offset, std::span<const uint32_t> target, uint32_t slot)
      : offset_(offset), target_(target), slot_(slot) {
    settle();
  }
  reference operator*() const { return pair_; }
  pointer operator->() const { return &pair_; }
  SlotPairs& operator++() {
    ++slot_;
    settle();
    return *this;
  }
  bool operator==(const SlotPairs& other) const { return slot_ == other.slot_; }

 private:
  void settle() {
    if (slot_ >= target_.size()) return;
    while (offset_[pair_.first + 1] <= slot_) ++pair_.first;
    pair_.second = target_[slot_];
  }

  std::span<const uint32_t> offset_, target_;
  uint32_t slot_;
  value_type pair_{0, 0};
};

using Graph =
    boost::compressed_sparse_row_graph<boost::directedS, boost::no_property, boost::no_property,
                                       boost::no_property, uint32_t, uint32_t>;

}  // namespace

void CutNetwork::lay_out() {
  std::partial_sum(offset_.begin(), offset_.end(), offset_.begin());
  const uint32_t slots = offset_.back();
  target_.resize(slots);
  reverse_.resize(slots);
  residual_.assign(slots, 0);
  next_.assign(offset_.begin(), offset_.end() - 1);
}

std::vector<uint8_t> CutNetwork::residual_reach(uint32_t from, bool backward,
                                                std::span<const uint32_t> head) const {
  std::vector<uint8_t> reached(n_ + 2, 0);
  std::vector<uint32_t> stack = {from};
  reached[from] = 1;
  while (!stack.empty()) {
    const uint32_t w = stack.back();
    stack.pop_back();
    for (uint32_t s = offset_[w]; s < offset_[w + 1]; ++s) {
      const uint32_t u = head[s];
      // Backward: u reaches w when the arc u -> w (the reverse of slot s) has capacity left.
      const Capacity left = backward ? residual_[reverse_[s]] : residual_[s];
      if (!reached[u] && left > 0) {
        reached[u] = 1;
        stack.push_back(u);
      }
    }
  }
  return reached;
}

std::optional<CutNetwork::Sides> CutNetwork::solve(Wanted wanted) {
  next_ = {};
  const uint32_t vertices = n_ + 2;
  const auto slots = static_cast<uint32_t>(target_.size());
  const Graph g(boost::edges_are_sorted, SlotPairs(offset_, target_, 0),
                SlotPairs(offset_, target_, slots), vertices, slots);
  target_ = {};  // the graph holds the heads now
  const std::vector<uint32_t>& head = g.m_forward.m_column;

  using Edge = Graph::edge_descriptor;
  const auto edge_ids = boost::get(boost::edge_index, g);
  const auto reverse_edge = boost::make_function_property_map<Edge>(
      [&](const Edge& e) { return Edge(head[e.idx], reverse_[e.idx]); });
  // The max-flow reads the capacities once, to start the residuals from them: one array serves
  // as both.
  const auto residual = boost::make_iterator_property_map(residual_.begin(), edge_ids);
  std::vector<Edge> predecessor(vertices);
  std::vector<boost::default_color_type> color(vertices);
  std::vector<Capacity> distance(vertices);
  const auto vertex_ids = boost::get(boost::vertex_index, g);
  const Capacity flow = boost::boykov_kolmogorov_max_flow(
      g, residual, residual, reverse_edge,
      boost::make_iterator_property_map(predecessor.begin(), vertex_ids),
      boost::make_iterator_property_map(color.begin(), vertex_ids),
      boost::make_iterator_property_map(distance.begin(), vertex_ids), vertex_ids, source(),
      sink());
  if (flow >= kInfinity) return std::nullopt;

  Sides sides;
  const std::vector<uint8_t> reaches_sink = residual_reach(sink(), true, head);
  sides.maximal.resize(n_);
  for (uint32_t i = 0; i < n_; ++i) sides.maximal[i] = !reaches_sink[i];
  if (wanted == Wanted::Both) {
    std::vector<uint8_t> from_source = residual_reach(source(), false, head);
    from_source.resize(n_);
    sides.minimal = std::move(from_source);
  }
  return sides;
}

}  // namespace egkb
