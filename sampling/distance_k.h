// The paper's verification sample (section 4.3): nodes at random such that every two lie at
// lattice distance >= k, a mirror pair counting as one node.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "lattice/knowledge_base.h"
#include "lattice/random.h"

namespace egkb {

struct DistanceKSample {
  std::vector<std::size_t> rows;  // indices into the KB's rows, in the order drawn
  std::size_t wanted = 0;
};

// Takes rows in a random order, each unless it or its mirror lies within k - 1 of a row
// already taken (the radius-(k-1) balls of taken rows are blocked), until `wanted` are taken or
// the rows run out — then fewer are returned, and the caller reports the shortfall. Rows with
// `eligible[i] == 0` are never taken (empty span: all eligible). Deterministic for a seed.
DistanceKSample sample_distance_k(const KnowledgeBase& kb, std::size_t wanted, int k,
                                  Random& random, std::span<const uint8_t> eligible = {});

}  // namespace egkb
