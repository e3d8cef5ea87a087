// The piece additive rule (docs/design.md section 1), stated once: the conflict count, the link
// signs greedy and bound propagation follow, the exact repair's penalties, the arcs of its cut
// networks and the synthetic truth's envelopes all derive from more_ranks_at_most below.
#pragma once

#include "lattice/types.h"

namespace egkb {

// Along a piece edge, whether the material with the piece more must rank at most the one without
// it: a red piece more makes red no worse off (a rank no higher), a black piece more makes black
// no worse off (a rank no lower).
constexpr bool more_ranks_at_most(Side added) {
  return added == Side::Red;
}

// Across one piece from a material, whether the neighbour may rank at most the material: the
// neighbour with a red piece more, or with a black piece fewer.
constexpr bool neighbour_ranks_at_most(bool neighbour_has_more, Side side) {
  return neighbour_has_more == more_ranks_at_most(side);
}

// By how many ranks an edge's ends break the rule; zero or less when they keep it.
constexpr int rule_excess(Rank fewer, Rank more, Side added) {
  return more_ranks_at_most(added) ? value(more) - value(fewer) : value(fewer) - value(more);
}

constexpr bool edge_inconsistent(Rank fewer, Rank more, Side added) {
  return rule_excess(fewer, more, added) > 0;
}

}  // namespace egkb
