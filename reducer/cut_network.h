// One min-cut problem in place: vertex i < n is a problem vertex, then the source and the sink.
// Every arc is counted first, then the slots are laid out and the arcs added; each arc takes a
// forward and a reverse slot, and the capacities start the residuals (no arc list, no copy).
// Solved by Boost.Graph's Boykov-Kolmogorov max-flow over a CSR graph.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace egkb {

// Capacities are integers: a repair's costs in units of 1/kCostScale of a weight.
using Capacity = int64_t;
constexpr Capacity kInfinity = Capacity{1} << 50;

class CutNetwork {
 public:
  explicit CutNetwork(uint32_t vertices) : n_(vertices), offset_(vertices + 3, 0) {}

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
    target_[f] = to;
    target_[r] = from;
    residual_[f] = cap;
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
  enum class Wanted { Maximal, Both };
  // Solves the max-flow; nullopt when every cut is infinite. `wanted` Maximal leaves `minimal`
  // empty.
  std::optional<Sides> solve(Wanted wanted);

 private:
  // The vertices reaching `from` (backward) or reached from it (forward) along residual arcs.
  std::vector<uint8_t> residual_reach(uint32_t from, bool backward,
                                      std::span<const uint32_t> head) const;

  uint32_t n_;
  std::vector<uint32_t> offset_;  // degrees until lay_out(), then where each vertex's slots begin
  std::vector<uint32_t> next_;    // the next free slot of each vertex while arcs are added
  std::vector<uint32_t> target_;
  std::vector<uint32_t> reverse_;
  std::vector<Capacity> residual_;  // the capacities until the max-flow runs
};

}  // namespace egkb
