#include "sampling/distance_k.h"

#include <algorithm>
#include <unordered_set>

#include "lattice/material.h"

namespace egkb {

namespace {

// Calls f(key) for every material within `radius` pieces of `key`, each once: a path from the
// centre changes the counts in the order for_each_step takes them, each count one way only (the
// step after `last`, along the same count the same way or along a later count), so each
// material in the ball is reached by one path.
template <typename F>
void for_each_in_ball(Key key, int radius, const PieceSet& pieces, int last, bool more, F& f) {
  f(key);
  if (radius == 0) return;
  pieces.for_each_step(key, [&](Key near, PieceStep step) {
    const int count = static_cast<int>(step.side) * kMaxKinds + kind_index(step.kind);
    if (count < last || (count == last && step.more != more)) return;
    for_each_in_ball(near, radius - 1, pieces, count, step.more, f);
  });
}

template <typename F>
void for_each_in_ball(Key centre, int radius, const PieceSet& pieces, F&& f) {
  for_each_in_ball(centre, radius, pieces, -1, false, f);
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
