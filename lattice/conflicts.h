// Conflict computation: which edges and mirror pairs break the piece additive rule.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "lattice/lattice.h"
#include "lattice/piece_rule.h"
#include "lattice/types.h"

namespace egkb {

constexpr int kLevels = 10;

// A mirror link is broken when the pair's ranks do not mirror each other; for a node that is its
// own mirror that means any rank but 4.
constexpr bool mirror_inconsistent(Rank a, Rank b) {
  return value(a) + value(b) != kMaxRank;
}

// Level L = ceil(pct / 10) - 1 for pct in (0, 100]; -1 for a consistent node.
constexpr int inconsistency_level(int inconsistent, int neighbours) {
  if (inconsistent == 0 || neighbours == 0) return -1;
  return (10 * inconsistent + neighbours - 1) / neighbours - 1;
}

struct ConflictSummary {
  uint64_t nodes = 0;
  uint64_t edges = 0;
  uint64_t inconsistent_nodes = 0;
  uint64_t inconsistent_edges = 0;
  // Stored mirror pairs that disagree, plus self-mirror nodes off rank 4.
  uint64_t mirror_conflicts = 0;
  std::array<uint64_t, kLevels> levels{};
  // Vc = sum over levels of 2^L times the nodes at level L.
  uint64_t corrected_score = 0;

  friend bool operator==(const ConflictSummary&, const ConflictSummary&) = default;
};

// Counts conflicts for any ranks on one lattice. Keeps its per-node buffers between calls so
// repeated evaluation, as the reducers do, allocates nothing.
class ConflictCounter {
 public:
  explicit ConflictCounter(const Lattice& lattice);

  ConflictSummary count(std::span<const Rank> ranks);

  // Per-node results of the last count().
  int inconsistent_neighbours(NodeId n) const { return inconsistent_[n]; }
  int level(NodeId n) const {
    return inconsistency_level(inconsistent_[n], lattice_->neighbour_count(n));
  }

 private:
  const Lattice* lattice_;
  std::vector<uint8_t> inconsistent_;
};

// The inconsistent nodes of the counter's last count, worst first (highest level, then most
// inconsistent neighbours, then key order), at most `limit` of them; `total` gets how many there
// are in all.
std::vector<NodeId> worst_nodes(const Lattice& lattice, const ConflictCounter& counter,
                                std::size_t limit, std::size_t& total);

}  // namespace egkb
