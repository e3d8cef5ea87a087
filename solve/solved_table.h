// A solved material: for every entry of its index and each side to move, illegal or the result
// for the side to move, two bits each; the counts of its placements; and, when kept for queries,
// each entry's distance in plies to the end of its line (a mate, or the capture that decides).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "lattice/solved.h"
#include "solve/position_index.h"

namespace egkb::solve {

enum class Outcome : uint8_t { illegal = 0, win = 1, draw = 2, loss = 3 };

// Placements (not entries: an entry off the axis stands for two) with a side to move, from its
// view.
struct SideCounts {
  uint64_t win = 0, draw = 0, loss = 0;
  uint64_t legal() const { return win + draw + loss; }
  friend bool operator==(const SideCounts&, const SideCounts&) = default;
};

// Two bits an entry.
class OutcomeBits {
 public:
  OutcomeBits() = default;
  explicit OutcomeBits(uint64_t entries) : words_((entries + 31) / 32, 0) {}
  Outcome get(uint64_t i) const {
    return static_cast<Outcome>(words_[i >> 5] >> (2 * (i & 31)) & 3);
  }
  // Not thread-safe: each word is written by one thread (ranges aligned to 32 entries).
  void set(uint64_t i, Outcome o) { words_[i >> 5] |= static_cast<uint64_t>(o) << (2 * (i & 31)); }
  std::vector<uint64_t>& words() { return words_; }
  const std::vector<uint64_t>& words() const { return words_; }

 private:
  std::vector<uint64_t> words_;
};

constexpr uint16_t kPlies = 0x3fff;
constexpr uint16_t kForcedMate = 0x8000;

struct SolvedTable {
  explicit SolvedTable(const Material& m) : index(m), rules(rules_of(m, PieceSet::xiangqi())) {}

  PositionIndex index;
  SolveRules rules;
  std::array<OutcomeBits, 2> outcome;  // by the side to move
  std::array<SideCounts, 2> counts;    // by the side to move
  // By the side to move, empty unless kept: the plies to the end (kPlies), and kForcedMate when
  // the winner forces a mate in exactly those plies whatever the loser does, captures included;
  // 0 for draws and illegal entries.
  std::array<std::vector<uint16_t>, 2> distance;
  double seconds = 0;

  Outcome probe(Side to_move, uint64_t entry) const {
    return outcome[xiangqi::index(to_move)].get(entry);
  }
  bool has_distances() const { return !distance[0].empty(); }
};

}  // namespace egkb::solve
