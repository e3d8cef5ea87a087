// One min-cut problem in place: vertex i < n is a problem vertex, then the source and the sink.
// Every arc is counted first, then the slots are laid out and the arcs added; each arc takes a
// forward and a reverse slot, and the capacities start the residuals (no arc list, no copy).
// Solved by Boost.Graph's Boykov-Kolmogorov max-flow over the slots themselves (cut_graph.h).
// A network is meant to be reset and used again for the next cut: its arrays keep their memory,
// so only the first and largest cut faults pages in.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "reducer/scratch_array.h"

namespace egkb {

// Capacities are integers: a repair's costs in units of 1/kCostScale of a weight.
using Capacity = int64_t;
constexpr Capacity kInfinity = Capacity{1} << 50;

class CutNetwork {
 public:
  CutNetwork();
  explicit CutNetwork(uint32_t vertices) : CutNetwork() { reset(vertices); }
  ~CutNetwork();

  // A new problem of `vertices` problem vertices, in the memory of the last.
  void reset(uint32_t vertices);

  uint32_t source() const { return n_; }
  uint32_t sink() const { return n_ + 1; }

  void count(uint32_t from, uint32_t to, Capacity cap) {
    if (cap <= 0) return;
    ++offset_[from + 1];
    ++offset_[to + 1];
  }
  void lay_out();
  void add(uint32_t from, uint32_t to, Capacity cap) {
    if (cap <= 0) return;
    const uint32_t f = next_[from]++, r = next_[to]++;
    head_[f] = to;
    head_[r] = from;
    residual_[f] = cap;
    residual_[r] = 0;
    reverse_[f] = r;
    reverse_[r] = f;
  }

  // The two ends of the optimal cuts: which vertices lie on the source side of the minimal
  // minimum cut (reachable from the source in the residual graph) and of the maximal one (not
  // reaching the sink). Every minimum cut lies between them.
  struct Sides {
    std::vector<uint8_t> minimal;
    std::vector<uint8_t> maximal;
  };
  enum class Wanted { Minimal, Maximal, Both };
  // Solves the max-flow; nullopt when every cut is infinite. The side not wanted is left empty.
  std::optional<Sides> solve(Wanted wanted);

 private:
  // Marks in `reached_` the vertices reaching `from` (backward) or reached from it (forward)
  // along residual arcs.
  void residual_reach(uint32_t from, bool backward);

  uint32_t n_ = 0;
  std::span<uint32_t> offset_;  // degrees until lay_out(), then where each vertex's slots begin
  std::span<uint32_t> next_;    // the next free slot of each vertex while arcs are added
  std::span<uint32_t> head_;
  std::span<uint32_t> reverse_;
  std::span<Capacity> residual_;  // the capacities until the max-flow runs

  ScratchArray<uint32_t> offset_memory_, next_memory_, head_memory_, reverse_memory_;
  ScratchArray<Capacity> residual_memory_;
  // The max-flow's own per-vertex arrays (their types are Boost.Graph's, kept out of this
  // header), and the residual search's.
  struct FlowMemory;
  std::unique_ptr<FlowMemory> flow_memory_;
  ScratchArray<uint8_t> reached_memory_;
  ScratchArray<uint32_t> stack_memory_;
  std::span<uint8_t> reached_;
};

}  // namespace egkb
