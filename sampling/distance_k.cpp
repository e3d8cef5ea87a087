#include "sampling/distance_k.h"

#include <cstdlib>
#include <unordered_set>

#include "lattice/material.h"

namespace egkb {

namespace {

int l1(const Material& a, const Material& b, int kinds) {
  int d = 0;
  for (Side s : {Side::Red, Side::Black}) {
    for (int k = 0; k < kinds; ++k) d += std::abs(a.count(s, k) - b.count(s, k));
  }
  return d;
}

// Adds every material within `radius` piece changes of m (inside the piece set's bounds).
void block_ball(Material m, int coordinate, int radius, const PieceSet& pieces,
                std::unordered_set<Key>& blocked) {
  const int coordinates = 2 * pieces.kind_count();
  if (coordinate == coordinates || radius == 0) {
    blocked.insert(key_of(m, pieces));
    return;
  }
  const Side side = coordinate < pieces.kind_count() ? Side::Red : Side::Black;
  const int kind = coordinate % pieces.kind_count();
  const int here = m.count(side, kind);
  for (int delta = -radius; delta <= radius; ++delta) {
    const int c = here + delta;
    if (c < 0 || c > pieces.kind(kind).max) continue;
    m.count(side, kind) = static_cast<uint8_t>(c);
    block_ball(m, coordinate + 1, radius - std::abs(delta), pieces, blocked);
  }
}

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
  DistanceKSample sample;
  sample.wanted = wanted;
  std::unordered_set<Key> blocked;
  for (std::size_t i : order) {
    if (sample.rows.size() >= wanted) break;
    const Key key = kb.rows[i].key;
    if (blocked.count(key) || blocked.count(mirror_key(key, pieces))) continue;
    sample.rows.push_back(i);
    block_ball(material_of(key, pieces), 0, k - 1, pieces, blocked);
  }
  return sample;
}

}  // namespace egkb
