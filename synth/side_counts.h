// One side's pieces by xiangqi kind, the form the truth models' raw evaluations read.
#pragma once

#include <array>
#include <cstddef>

#include "lattice/material.h"

namespace egkb {

// Kind indices of the xiangqi piece set, in its canonical order.
enum XiangqiKind { kRook, kHorse, kCannon, kPawn, kGuard, kMinister, kXiangqiKinds };

using SideCounts = std::array<int, kXiangqiKinds>;

inline SideCounts side_counts(const Material& m, Side s) {
  SideCounts c{};
  for (int k = 0; k < kXiangqiKinds; ++k) c[static_cast<std::size_t>(k)] = m.count(s, k);
  return c;
}

// Rooks, horses, cannons and pawns: the pieces that cross the river to attack.
inline int attackers(const SideCounts& s) {
  return s[kRook] + s[kHorse] + s[kCannon] + s[kPawn];
}

}  // namespace egkb
