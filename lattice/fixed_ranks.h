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

// `settled`, one flag per piece edge (empty: none), marks edges the bounds do not cross
// (settled_edges below).
RankBounds rank_bounds(const Lattice& lattice, std::span<const uint8_t> fixed,
                       std::span<const Rank> ranks, std::span<const uint8_t> settled = {});

// Up to `limit` distinct contradicting pairs, none when the fixed ranks admit a consistent
// assignment (the rank in each node's interval nearest to 4 is then one: it keeps every edge
// and is mirror-symmetric).
std::vector<Contradiction> fixed_contradictions(const Lattice& lattice,
                                                std::span<const uint8_t> fixed,
                                                std::span<const Rank> ranks, std::size_t limit = 20,
                                                std::span<const uint8_t> settled = {});

// The piece edges along which facts (solved rows and their mirrors, `facts` one flag per node,
// at `ranks`) contradict each other: binned exact results may break the additive rule (KNKM's
// expected result 0.151 bins to rank 3, KNMKM's 0.142 to rank 4), and then no repair can keep
// the edge, nor may it move either row. Every edge on a chain of piece edges and mirror links
// between two facts that contradict, with no fact inside the chain: an edge between two facts
// that breaks the rule, or edges through other nodes (a node between two contradicting facts is
// bound by neither along that chain). With these edges set aside the facts contradict nowhere,
// unless a fact and its mirror do. Sorted; none when no node is a fact.
std::vector<EdgeIndex> settled_edges(const Lattice& lattice, std::span<const uint8_t> facts,
                                     std::span<const Rank> ranks);

// One flag per piece edge of `lattice`, set for `edges`.
std::vector<uint8_t> edge_mask(const Lattice& lattice, std::span<const EdgeIndex> edges);

}  // namespace egkb
