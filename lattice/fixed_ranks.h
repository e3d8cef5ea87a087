// Whether ranks fixed at some nodes (invariable rows, expert verdicts) leave any consistent
// assignment of the others, and which fixed nodes contradict each other when they do not.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "lattice/lattice.h"

namespace egkb {

// Two fixed nodes that no consistent assignment satisfies together: through the piece edges and
// mirror links, `low` forces `at` to rank `low_rank` or above while `high` forces it to rank
// `high_rank` or below, and high_rank < low_rank. `at` may be `low` or `high` itself.
struct Contradiction {
  NodeId low;
  NodeId high;
  NodeId at;
  Rank low_rank;
  Rank high_rank;
};

// The interval of ranks the fixed nodes leave each node, and the fixed node that sets each end
// (kNoNode for an end no fixed node bounds). Each end is exact: the strongest bound of any chain
// of piece edges and mirror links from any fixed node, crossed intervals included.
struct RankBounds {
  std::vector<Rank> lo, hi;
  std::vector<NodeId> lo_from, hi_from;

  // A fixed rank for `n` against these bounds: the contradiction it makes, if any.
  std::optional<Contradiction> against(NodeId n, Rank rank) const;
};

RankBounds rank_bounds(const Lattice& lattice, std::span<const uint8_t> fixed,
                       std::span<const Rank> ranks);

// Up to `limit` distinct contradicting pairs, none when the fixed ranks admit a consistent
// assignment (the rank in each node's interval nearest to 4 is then one: it keeps every edge
// and is mirror-symmetric).
std::vector<Contradiction> fixed_contradictions(const Lattice& lattice,
                                                std::span<const uint8_t> fixed,
                                                std::span<const Rank> ranks,
                                                std::size_t limit = 20);

}  // namespace egkb
