#include "lattice/fixed_ranks.h"

#include <set>
#include <utility>

#include "lattice/links.h"

namespace egkb {

namespace {

// Bounds only tighten, at most 8 times per end, so the worklist ends after O(9 E) edge visits.
// A node whose interval crossed still passes its bounds on: each end stays the strongest of
// every chain, whatever other fixed nodes did.
class BoundPropagation {
 public:
  BoundPropagation(const Lattice& lattice, std::span<const uint8_t> fixed,
                   std::span<const Rank> ranks)
      : lat_(lattice), links_(lattice), queued_(lattice.size(), 0) {
    b_.lo.assign(lattice.size(), Rank{0});
    b_.hi.assign(lattice.size(), Rank{kMaxRank});
    b_.lo_from.assign(lattice.size(), kNoNode);
    b_.hi_from.assign(lattice.size(), kNoNode);
    for (NodeId u = 0; u < lattice.size(); ++u) {
      if (!fixed[u]) continue;
      b_.lo[u] = b_.hi[u] = ranks[u];
      b_.lo_from[u] = b_.hi_from[u] = u;
      push(u);
    }
  }

  RankBounds run() {
    while (!work_.empty()) {
      const NodeId u = work_.back();
      work_.pop_back();
      queued_[u] = 0;
      spread(u);
    }
    return std::move(b_);
  }

 private:
  // A red piece added makes the rank no higher, a black one no lower; the mirror mirrors both.
  // Out-edges (one piece more) first, as the loop this replaced had them: which fixed node a
  // bound is traced to follows the order.
  void spread(NodeId u) {
    links_.for_each_link<LinkOrder::MoreFirst>(u, [&](NodeId v, Link link, EdgeIndex e) {
      if (link == Link::Mirror) {
        raise_lo(v, mirror(b_.hi[u]), b_.hi_from[u]);
        lower_hi(v, mirror(b_.lo[u]), b_.lo_from[u]);
      } else if (neighbour_at_most(link, lat_.out_labels()[e].side())) {
        lower_hi(v, b_.hi[u], b_.hi_from[u]);
      } else {
        raise_lo(v, b_.lo[u], b_.lo_from[u]);
      }
    });
  }

  void raise_lo(NodeId v, Rank bound, NodeId source) {
    if (source == kNoNode || bound <= b_.lo[v]) return;
    b_.lo[v] = bound;
    b_.lo_from[v] = source;
    push(v);
  }

  void lower_hi(NodeId v, Rank bound, NodeId source) {
    if (source == kNoNode || bound >= b_.hi[v]) return;
    b_.hi[v] = bound;
    b_.hi_from[v] = source;
    push(v);
  }

  void push(NodeId v) {
    if (queued_[v]) return;
    queued_[v] = 1;
    work_.push_back(v);
  }

  const Lattice& lat_;
  Links links_;
  RankBounds b_;
  std::vector<uint8_t> queued_;
  std::vector<NodeId> work_;
};

}  // namespace

std::optional<Contradiction> RankBounds::against(NodeId n, Rank rank) const {
  if (lo_from[n] != kNoNode && rank < lo[n]) return Contradiction{lo_from[n], n, n, lo[n], rank};
  if (hi_from[n] != kNoNode && rank > hi[n]) return Contradiction{n, hi_from[n], n, rank, hi[n]};
  return std::nullopt;
}

RankBounds rank_bounds(const Lattice& lattice, std::span<const uint8_t> fixed,
                       std::span<const Rank> ranks) {
  return BoundPropagation(lattice, fixed, ranks).run();
}

std::vector<Contradiction> fixed_contradictions(const Lattice& lattice,
                                                std::span<const uint8_t> fixed,
                                                std::span<const Rank> ranks, std::size_t limit) {
  const RankBounds b = rank_bounds(lattice, fixed, ranks);
  std::vector<Contradiction> found;
  std::set<std::pair<NodeId, NodeId>> pairs;
  for (NodeId u = 0; u < lattice.size() && found.size() < limit; ++u) {
    if (b.lo[u] > b.hi[u] && pairs.emplace(b.lo_from[u], b.hi_from[u]).second)
      found.push_back({b.lo_from[u], b.hi_from[u], u, b.lo[u], b.hi[u]});
  }
  return found;
}

}  // namespace egkb
