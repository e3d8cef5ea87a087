// One side's pieces by xiangqi kind, the form the truth models' raw evaluations read.
#pragma once

#include "lattice/material.h"

namespace egkb {

// The kinds of the xiangqi piece set, in its canonical order.
constexpr PieceKind kRook{0}, kHorse{1}, kCannon{2}, kPawn{3}, kGuard{4}, kMinister{5};
constexpr int kXiangqiKinds = 6;

using SideCounts = ByKind<int>;

inline SideCounts side_counts(const Material& m, Side s) {
  SideCounts c{};
  for (PieceKind k : KindRange(kXiangqiKinds)) c[k] = m.count(s, k);
  return c;
}

// Rooks, horses, cannons and pawns: the pieces that cross the river to attack.
inline int attackers(const SideCounts& s) {
  return s[kRook] + s[kHorse] + s[kCannon] + s[kPawn];
}

}  // namespace egkb
