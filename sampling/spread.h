// The spread design (`sample --design spread`): exactly the number of rows asked for, spread
// over the lattice as distance-k wants them, each with a known inclusion probability. The local
// pivotal method (Grafström, Lundström & Schelin, Biometrics 2012, their LPM2): every eligible
// row starts with probability n / N; a random undecided row and its nearest undecided neighbour
// (by lattice distance, a mirror pair one place, ties broken at random; a stored material and
// its stored mirror are two rows at distance 0, docs/decisions.md "Mirrors") settle their two
// probabilities between them, one going to 0 or 1 and the other taking the rest, so their sum and
// each one's expectation stay. Near rows thus repel each other, and the n / N of every row is its
// inclusion probability. The probabilities add up to an integer, so exactly n rows are taken.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "lattice/knowledge_base.h"
#include "lattice/random.h"

namespace egkb {

struct SpreadSample {
  std::vector<std::size_t> rows;  // indices into the KB's rows, ascending
  double probability = 0;         // every eligible row's inclusion probability: n / N
};

// `wanted` rows (at most the eligible ones) of those with `eligible[i] != 0` (empty span: all).
// Deterministic for a seed.
SpreadSample sample_spread(const KnowledgeBase& kb, std::size_t wanted, Random& random,
                           std::span<const uint8_t> eligible = {});

}  // namespace egkb
