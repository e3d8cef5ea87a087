#include "sampling/distance_k.h"

#include <algorithm>
#include <cstdlib>
#include <unordered_set>

#include "lattice/material.h"

namespace egkb {

namespace {

int l1(const Material& a, const Material& b, int kinds) {
  int d = 0;
  for (Side s : {Side::Red, Side::Black}) {
    for (PieceKind k : KindRange(kinds)) d += std::abs(a.count(s, k) - b.count(s, k));
  }
  return d;
}

// Calls f(key) for every material within `radius` piece changes of m (inside the piece set's
// bounds), the key kept up to date as counts change rather than recomputed.
template <typename F>
void for_each_in_ball(Material& m, Key key, int coordinate, int radius, const PieceSet& pieces,
                      F&& f) {
  const int coordinates = 2 * pieces.kind_count();
  if (coordinate == coordinates || radius == 0) {
    f(key);
    return;
  }
  const Side side = coordinate < pieces.kind_count() ? Side::Red : Side::Black;
  const auto kind = PieceKind(coordinate % pieces.kind_count());
  const Key step = pieces.key_step(side, kind);
  const int here = m.count(side, kind);
  for (int c = std::max(0, here - radius); c <= std::min(pieces.kind(kind).max, here + radius);
       ++c) {
    m.count(side, kind) = static_cast<uint8_t>(c);
    const Key moved = c >= here ? key + static_cast<Key>(c - here) * step
                                : key - static_cast<Key>(here - c) * step;
    for_each_in_ball(m, moved, coordinate + 1, radius - std::abs(c - here), pieces, f);
  }
  m.count(side, kind) = static_cast<uint8_t>(here);
}

template <typename F>
void for_each_in_ball(Key centre, int radius, const PieceSet& pieces, F&& f) {
  Material m = material_of(centre, pieces);
  for_each_in_ball(m, centre, 0, radius, pieces, f);
}

// A set of keys: a bitmap over the key space where it is small (xiangqi's 2.1M keys), a hash
// set otherwise (chess).
class KeySet {
 public:
  explicit KeySet(const PieceSet& pieces)
      : dense_(pieces.key_count() <= kMostDenseKeys ? pieces.key_count() : 0) {}

  void insert(Key key) {
    if (!dense_.empty()) {
      dense_[key] = 1;
    } else {
      sparse_.insert(key);
    }
  }
  bool contains(Key key) const {
    return dense_.empty() ? sparse_.count(key) > 0 : dense_[key] != 0;
  }

 private:
  static constexpr Key kMostDenseKeys = Key{1} << 26;
  std::vector<uint8_t> dense_;
  std::unordered_set<Key> sparse_;
};

}  // namespace

int material_distance(const Material& a, const Material& b, const PieceSet& pieces) {
  return std::min(l1(a, b, pieces.kind_count()), l1(a, mirror(b), pieces.kind_count()));
}

DistanceKSample sample_distance_k(const KnowledgeBase& kb, std::size_t wanted, int k,
                                  Random& random, std::span<const uint8_t> eligible) {
  const PieceSet& pieces = *kb.pieces;
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < kb.rows.size(); ++i) {
    if (eligible.empty() || eligible[i]) order.push_back(i);
  }
  random.shuffle(order);
  // The order stays random: taking the least crowded rows first packs about 40% more on
  // endall, but those rows (few neighbours, little to constrain them) hold more errors, and the
  // estimate rose from about 8,000 to 10,500 errors against 7,500 true (docs/review-loop.md).
  DistanceKSample sample;
  sample.wanted = wanted;
  KeySet blocked(pieces);
  for (std::size_t i : order) {
    if (sample.rows.size() >= wanted) break;
    const Key key = kb.rows[i].key;
    if (blocked.contains(key) || blocked.contains(mirror_key(key, pieces))) continue;
    sample.rows.push_back(i);
    for_each_in_ball(key, k - 1, pieces, [&](Key near) { blocked.insert(near); });
  }
  return sample;
}

}  // namespace egkb
