// The piece additive rule (docs/design.md section 1), stated once: the conflict count, the link
// signs greedy and bound propagation follow, the exact repair's penalties and the arcs of its cut
// networks all derive from the two functions below.
#pragma once

#include "lattice/types.h"

namespace egkb {

// Along a piece edge, whether the material with the piece more must rank at most the one without
// it: a red piece more makes red no worse off (a rank no higher), a black piece more makes black
// no worse off (a rank no lower).
constexpr bool more_ranks_at_most(Side added) {
  return added == Side::Red;
}

// By how many ranks an edge's ends break the rule; zero or less when they keep it.
constexpr int rule_excess(Rank fewer, Rank more, Side added) {
  return more_ranks_at_most(added) ? value(more) - value(fewer) : value(fewer) - value(more);
}

constexpr bool edge_inconsistent(Rank fewer, Rank more, Side added) {
  return rule_excess(fewer, more, added) > 0;
}

}  // namespace egkb
