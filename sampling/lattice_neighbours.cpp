#include "sampling/lattice_neighbours.h"

#include <algorithm>
#include <bit>
#include <cassert>

#include "lattice/material.h"

namespace egkb {

namespace {

// The key map costs two bits and half a byte a key of the piece set (0.6 MB for xiangqi's 2.1M
// keys), worth it where scanning every live unit at each step would cost more; chess's key space
// is too large to map at all.
constexpr Key kMostMappedKeys = Key{1} << 24;
constexpr std::size_t kFewestMappedUnits = 512;

}  // namespace

LatticeNeighbours::LatticeNeighbours(const PieceSet& pieces, std::span<const Key> keys)
    : dims_(2 * pieces.kind_count()), keys_(keys.begin(), keys.end()) {
  const int kinds = pieces.kind_count();
  for (int c = 0; c < dims_; ++c) {
    const auto kind = PieceKind(c % kinds);
    most_.push_back(static_cast<uint8_t>(pieces.kind(kind).max));
    stride_.push_back(pieces.key_step(c < kinds ? Side::Red : Side::Black, kind));
  }
  counts_.resize(keys.size() * static_cast<std::size_t>(dims_));
  live_.resize(keys.size());
  position_.resize(keys.size());
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const Material m = material_of(keys[i], pieces);
    for (int c = 0; c < dims_; ++c)
      counts_[i * static_cast<std::size_t>(dims_) + static_cast<std::size_t>(c)] =
          m.count(c < kinds ? Side::Red : Side::Black, PieceKind(c % kinds));
    live_[i] = position_[i] = static_cast<uint32_t>(i);
  }
  int diameter = 0;
  for (uint8_t most : most_) diameter += most;
  assert(diameter <= UINT8_MAX);  // distances are kept in bytes
  tally_.resize(static_cast<std::size_t>(diameter) + 1);
  if (pieces.key_count() <= kMostMappedKeys && keys.size() >= kFewestMappedUnits) {
    const std::size_t words = (pieces.key_count() + 63) / 64;
    unit_keys_.assign(words, 0);
    for (Key key : keys) unit_keys_[key / 64] |= uint64_t{1} << (key % 64);
    live_keys_ = unit_keys_;
    rank_before_.resize(words);
    uint32_t before = 0;
    for (std::size_t w = 0; w < words; ++w) {
      rank_before_[w] = before;
      before += static_cast<uint32_t>(std::popcount(unit_keys_[w]));
    }
    unit_by_rank_.resize(keys.size());
    for (std::size_t i = 0; i < keys.size(); ++i) {
      const uint64_t below = unit_keys_[keys[i] / 64] & ((uint64_t{1} << (keys[i] % 64)) - 1);
      unit_by_rank_[rank_before_[keys[i] / 64] + std::popcount(below)] = static_cast<uint32_t>(i);
    }
  }
}

uint32_t LatticeNeighbours::unit_at(Key key) const {
  const uint64_t below = unit_keys_[key / 64] & ((uint64_t{1} << (key % 64)) - 1);
  return unit_by_rank_[rank_before_[key / 64] + static_cast<uint32_t>(std::popcount(below))];
}

void LatticeNeighbours::remove(uint32_t unit) {
  const uint32_t place = position_[unit];
  assert(place < live_.size() && live_[place] == unit);
  const uint32_t last = live_.back();
  live_[place] = last;
  position_[last] = place;
  live_.pop_back();
  if (!live_keys_.empty()) live_keys_[keys_[unit] / 64] &= ~(uint64_t{1} << (keys_[unit] % 64));
}

int LatticeNeighbours::nearest(uint32_t unit, std::size_t want, std::vector<uint32_t>& out) {
  out.clear();
  int found_at = -1;
  if (!live_keys_.empty() && search_shells(unit, want, found_at)) {
    for (Key key : keys_found_) out.push_back(unit_at(key));
    return found_at;
  }
  return scan(unit, want, out);
}

uint32_t LatticeNeighbours::random_nearest(uint32_t unit, Random& random) {
  // Only the unit drawn is looked up: in a dense lattice a shell holds dozens of live units.
  int found_at = -1;
  if (!live_keys_.empty() && search_shells(unit, 1, found_at))
    return unit_at(keys_found_[random.below(keys_found_.size())]);
  units_found_.clear();
  scan(unit, 1, units_found_);
  return units_found_[random.below(units_found_.size())];
}

template <typename Visit>
bool LatticeNeighbours::shell(const uint8_t* centre, const int* reach, int c, int radius, Key key,
                              Visit& visit) {
  if (radius == 0) return visit(key);
  const int here = centre[c];
  if (c == dims_ - 1) {
    // The last coordinate takes up the whole remaining distance, one way or the other.
    if (here - radius >= 0 && !visit(key - static_cast<Key>(radius) * stride_[c])) return false;
    return here + radius > most_[c] || visit(key + static_cast<Key>(radius) * stride_[c]);
  }
  // Each suffix can move any distance from 0 to its reach, so every branch kept reaches a key.
  for (int step = std::max(0, radius - reach[c + 1]); step <= radius; ++step) {
    const Key moved = static_cast<Key>(step) * stride_[c];
    if (step == 0) {
      if (!shell(centre, reach, c + 1, radius, key, visit)) return false;
      continue;
    }
    if (here - step >= 0 && !shell(centre, reach, c + 1, radius - step, key - moved, visit))
      return false;
    if (here + step <= most_[c] && !shell(centre, reach, c + 1, radius - step, key + moved, visit))
      return false;
  }
  return true;
}

bool LatticeNeighbours::search_shells(uint32_t unit, std::size_t want, int& found_at) {
  // Shells around the unit and around its mirror (the sides swapped), each with the most every
  // suffix of coordinates can move: a shell beyond that reach is empty.
  const int kinds = dims_ / 2;
  uint8_t centres[2][2 * kMaxKinds];
  int reach[2][2 * kMaxKinds + 1];
  Key centre_keys[2] = {0, 0};
  const uint8_t* own = at(unit);
  for (int s = 0; s < 2; ++s) {
    for (int c = 0; c < dims_; ++c) {
      centres[s][c] = own[s == 0 ? c : (c + kinds) % dims_];
      centre_keys[s] += centres[s][c] * stride_[static_cast<std::size_t>(c)];
    }
    reach[s][dims_] = 0;
    for (int c = dims_; c-- > 0;)
      reach[s][c] = reach[s][c + 1] + std::max<int>(centres[s][c], most_[c] - centres[s][c]);
  }
  const int centre_count = centre_keys[1] == centre_keys[0] ? 1 : 2;  // a self-mirror: one
  // A probe tests a bit, a scanned unit reads a few bytes in order: past as many probes as there
  // are live units, scanning them all is the cheaper answer.
  const std::size_t budget = live_.size();
  std::size_t probes = 0;
  keys_found_.clear();
  auto visit = [&](Key key) {
    if (++probes > budget) return false;
    if ((live_keys_[key / 64] >> (key % 64)) & 1 && key != centre_keys[0])
      keys_found_.push_back(key);
    return true;
  };
  const int limit = std::max(reach[0][0], reach[centre_count - 1][0]);
  for (int radius = 0; radius <= limit; ++radius) {
    const std::size_t before = keys_found_.size();
    for (int s = 0; s < centre_count; ++s) {
      if (radius <= reach[s][0] && !shell(centres[s], reach[s], 0, radius, centre_keys[s], visit))
        return false;
    }
    if (keys_found_.size() == before) continue;
    // A unit near both the material and its mirror is met twice.
    std::sort(keys_found_.begin(), keys_found_.end());
    keys_found_.erase(std::unique(keys_found_.begin(), keys_found_.end()), keys_found_.end());
    if (keys_found_.size() > before) found_at = radius;
    if (keys_found_.size() >= want) return true;
  }
  return true;  // fewer than `want` live: all of them
}

int LatticeNeighbours::scan(uint32_t unit, std::size_t want, std::vector<uint32_t>& out) {
  const int kinds = dims_ / 2;
  const uint8_t* own = at(unit);
  distance_.resize(live_.size());
  std::fill(tally_.begin(), tally_.end(), 0);
  int farthest = -1;
  for (std::size_t i = 0; i < live_.size(); ++i) {
    const int d = lattice_distance(own, at(live_[i]), kinds);
    distance_[i] = static_cast<uint8_t>(d);
    if (live_[i] == unit) continue;
    ++tally_[static_cast<std::size_t>(d)];
    farthest = std::max(farthest, d);
  }
  int bound = -1;
  for (std::size_t seen = 0; bound < farthest && seen < want;)
    seen += tally_[static_cast<std::size_t>(++bound)];
  for (std::size_t i = 0; i < live_.size(); ++i) {
    if (live_[i] != unit && distance_[i] <= bound) out.push_back(live_[i]);
  }
  std::sort(out.begin(), out.end(), [&](uint32_t a, uint32_t b) { return keys_[a] < keys_[b]; });
  return bound;
}

}  // namespace egkb
