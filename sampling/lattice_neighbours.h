// Nearest neighbours by lattice distance among units placed at materials, some of them still
// live: what the local pivotal method asks at every step and the spread estimate's variance asks
// once per reviewed row. Distance is the lattice distance (lattice/material.h: lattice_distance),
// as distance-k measures it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "lattice/piece_set.h"
#include "lattice/random.h"

namespace egkb {

class LatticeNeighbours {
 public:
  // Unit i stands at keys[i]; the keys are distinct. Every unit starts live.
  LatticeNeighbours(const PieceSet& pieces, std::span<const Key> keys);

  std::size_t live_count() const { return live_.size(); }
  // The live units in no particular order, for uniform draws: live_unit(i), i < live_count().
  uint32_t live_unit(std::size_t i) const { return live_[i]; }
  void remove(uint32_t unit);

  // The live units other than `unit` (live or not) within distance d of it, for the least d at
  // which there are at least `want` of them (all when fewer are live), every unit tied at d
  // included, in the order of their keys. Returns d, or -1 when no other unit is live.
  int nearest(uint32_t unit, std::size_t want, std::vector<uint32_t>& out);
  // One of the live units nearest to `unit`, every one tied at the least distance equally
  // likely; `unit` must not be the only live one.
  uint32_t random_nearest(uint32_t unit, Random& random);

 private:
  const uint8_t* at(uint32_t unit) const { return &counts_[std::size_t{unit} * dims_]; }
  // The nearest live units' keys, ascending, into keys_found_, by shells expanding around the
  // unit and its mirror over the key map; false when they would cost more than a scan.
  bool search_shells(uint32_t unit, std::size_t want, int& found_at);
  // The nearest live units by every live unit's distance, in the order of their keys: the answer
  // whatever the density, and the only one without a key map.
  int scan(uint32_t unit, std::size_t want, std::vector<uint32_t>& out);
  // Calls visit(key) for every key at exactly `radius` from `centre` over the coordinates from
  // `c` on, `reach` holding the most each suffix of coordinates can move; stops when visit does.
  template <typename Visit>
  bool shell(const uint8_t* centre, const int* reach, int c, int radius, Key key, Visit& visit);
  // The unit at a key that has one.
  uint32_t unit_at(Key key) const;

  int dims_;                     // red's kinds, then black's
  std::vector<uint8_t> counts_;  // dims_ piece counts per unit
  std::vector<uint8_t> most_;    // most pieces per coordinate
  std::vector<Key> stride_;      // key step per coordinate
  std::vector<Key> keys_;
  std::vector<uint32_t> live_, position_;  // live units, and each unit's place among them
  // The key map, empty where the key space is too large: a bit per key with a unit and per key
  // with a live one (265 KB each for xiangqi, so probes stay in cache), and the unit at a key
  // found by the key's rank among the set bits, so a small base pays for its own size.
  std::vector<uint64_t> unit_keys_, live_keys_;
  std::vector<uint32_t> rank_before_;   // set bits of unit_keys_ before each word
  std::vector<uint32_t> unit_by_rank_;  // units in the order of their keys
  std::vector<Key> keys_found_;         // scratch for search_shells()
  std::vector<uint8_t> distance_;       // scratch for scan(): each live unit's distance
  std::vector<std::size_t> tally_;      // scratch for scan(): live units by distance
  std::vector<uint32_t> units_found_;   // scratch for random_nearest()
};

}  // namespace egkb
