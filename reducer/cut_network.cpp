#include "reducer/cut_network.h"

#include <algorithm>
#include <boost/graph/boykov_kolmogorov_max_flow.hpp>
#include <boost/property_map/function_property_map.hpp>
#include <numeric>

#include "reducer/cut_graph.h"

namespace egkb {

struct CutNetwork::FlowMemory {
  ScratchArray<CutEdge> predecessor;
  ScratchArray<boost::default_color_type> color;
  ScratchArray<uint32_t> distance;
};

CutNetwork::CutNetwork() : flow_memory_(std::make_unique<FlowMemory>()) {}
CutNetwork::~CutNetwork() = default;

void CutNetwork::reset(uint32_t vertices) {
  n_ = vertices;
  offset_ = offset_memory_.take(std::size_t{vertices} + 3);
  std::fill(offset_.begin(), offset_.end(), 0u);
}

void CutNetwork::lay_out() {
  std::partial_sum(offset_.begin(), offset_.end(), offset_.begin());
  const uint32_t slots = offset_.back();
  head_ = head_memory_.take(slots);
  reverse_ = reverse_memory_.take(slots);
  residual_ = residual_memory_.take(slots);
  next_ = next_memory_.take(std::size_t{n_} + 2);
  std::copy(offset_.begin(), offset_.end() - 1, next_.begin());
}

void CutNetwork::residual_reach(uint32_t from, bool backward) {
  reached_ = reached_memory_.take(std::size_t{n_} + 2);
  std::fill(reached_.begin(), reached_.end(), uint8_t{0});
  const std::span<uint32_t> stack = stack_memory_.take(std::size_t{n_} + 2);
  std::size_t top = 0;
  stack[top++] = from;
  reached_[from] = 1;
  while (top > 0) {
    const uint32_t w = stack[--top];
    for (uint32_t s = offset_[w]; s < offset_[w + 1]; ++s) {
      const uint32_t u = head_[s];
      // Backward: u reaches w when the arc u -> w (the reverse of slot s) has capacity left.
      const Capacity left = backward ? residual_[reverse_[s]] : residual_[s];
      if (!reached_[u] && left > 0) {
        reached_[u] = 1;
        stack[top++] = u;
      }
    }
  }
}

std::optional<CutNetwork::Sides> CutNetwork::solve(Wanted wanted) {
  const uint32_t vertices = n_ + 2;
  CutGraph g{offset_, head_};  // not const: Boost.Graph's traits are for the graph type itself
  const auto slot =
      boost::make_function_property_map<CutEdge>([](const CutEdge& e) { return e.slot; });
  const auto reverse_edge = boost::make_function_property_map<CutEdge>([this](const CutEdge& e) {
    return CutEdge{head_[e.slot], reverse_[e.slot]};
  });
  // The max-flow reads the capacities once, to start the residuals from them: one array serves
  // as both.
  const auto residual = boost::make_iterator_property_map(residual_.data(), slot);
  const boost::typed_identity_property_map<uint32_t> vertex_ids;
  const Capacity flow = boost::boykov_kolmogorov_max_flow(
      g, residual, residual, reverse_edge,
      boost::make_iterator_property_map(flow_memory_->predecessor.take(vertices).data(),
                                        vertex_ids),
      boost::make_iterator_property_map(flow_memory_->color.take(vertices).data(), vertex_ids),
      boost::make_iterator_property_map(flow_memory_->distance.take(vertices).data(), vertex_ids),
      vertex_ids, source(), sink());
  if (flow >= kInfinity) return std::nullopt;

  Sides sides;
  if (wanted != Wanted::Minimal) {
    residual_reach(sink(), true);
    sides.maximal.resize(n_);
    for (uint32_t i = 0; i < n_; ++i) sides.maximal[i] = !reached_[i];
  }
  if (wanted != Wanted::Maximal) {
    residual_reach(source(), false);
    sides.minimal.assign(reached_.begin(), reached_.begin() + n_);
  }
  return sides;
}

}  // namespace egkb
