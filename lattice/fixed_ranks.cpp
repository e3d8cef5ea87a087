#include "lattice/fixed_ranks.h"

#include <algorithm>
#include <cassert>
#include <set>
#include <utility>

#include "lattice/links.h"
#include "lattice/piece_rule.h"

namespace egkb {

namespace {

// Bounds only tighten, at most 8 times per end, so the worklist ends after O(9 E) edge visits.
// A node whose interval crossed still passes its bounds on: each end stays the strongest of
// every chain, whatever other fixed nodes did.
class BoundPropagation {
 public:
  // `hold`: fixed nodes keep their rank as their bounds and pass on no other, so each bound
  // comes from a chain with no fixed node inside it.
  BoundPropagation(const Lattice& lattice, std::span<const uint8_t> fixed,
                   std::span<const Rank> ranks, std::span<const uint8_t> settled, bool hold = false)
      : lat_(lattice),
        links_(lattice),
        settled_(settled),
        fixed_(fixed),
        hold_(hold),
        queued_(lattice.size(), 0) {
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
      } else if (!settled_.empty() && settled_[e]) {
        return;  // the facts break this edge: it carries no bound
      } else if (neighbour_at_most(link, lat_.out_labels()[e].side())) {
        lower_hi(v, b_.hi[u], b_.hi_from[u]);
      } else {
        raise_lo(v, b_.lo[u], b_.lo_from[u]);
      }
    });
  }

  void raise_lo(NodeId v, Rank bound, NodeId source) {
    if (source == kNoNode || bound <= b_.lo[v] || (hold_ && fixed_[v])) return;
    b_.lo[v] = bound;
    b_.lo_from[v] = source;
    push(v);
  }

  void lower_hi(NodeId v, Rank bound, NodeId source) {
    if (source == kNoNode || bound >= b_.hi[v] || (hold_ && fixed_[v])) return;
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
  std::span<const uint8_t> settled_;
  std::span<const uint8_t> fixed_;
  bool hold_;
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
                       std::span<const Rank> ranks, std::span<const uint8_t> settled) {
  assert(settled.empty() || settled.size() == lattice.edge_count());
  return BoundPropagation(lattice, fixed, ranks, settled).run();
}

std::vector<Contradiction> fixed_contradictions(const Lattice& lattice,
                                                std::span<const uint8_t> fixed,
                                                std::span<const Rank> ranks, std::size_t limit,
                                                std::span<const uint8_t> settled) {
  const RankBounds b = rank_bounds(lattice, fixed, ranks, settled);
  std::vector<Contradiction> found;
  std::set<std::pair<NodeId, NodeId>> pairs;
  for (NodeId u = 0; u < lattice.size() && found.size() < limit; ++u) {
    if (b.lo[u] > b.hi[u] && pairs.emplace(b.lo_from[u], b.hi_from[u]).second)
      found.push_back({b.lo_from[u], b.hi_from[u], u, b.lo[u], b.hi[u]});
  }
  return found;
}

std::vector<uint8_t> edge_mask(const Lattice& lattice, std::span<const EdgeIndex> edges) {
  std::vector<uint8_t> mask(lattice.edge_count(), 0);
  for (const EdgeIndex e : edges) mask[e] = 1;
  return mask;
}

std::vector<EdgeIndex> settled_edges(const Lattice& lattice, std::span<const uint8_t> facts,
                                     std::span<const Rank> ranks) {
  std::vector<EdgeIndex> edges;
  if (std::find(facts.begin(), facts.end(), 1) == facts.end()) return edges;
  // Each chain between two facts with no fact inside: an edge lies on one that contradicts when
  // the bound its fewer-piece end takes from one fact and the bound its other end takes from
  // the other break the rule whatever the nodes between. A longer contradicting chain holds a
  // fact inside, and so a shorter one that contradicts.
  const RankBounds b = BoundPropagation(lattice, facts, ranks, {}, true).run();
  const auto offsets = lattice.out_offsets();
  const auto targets = lattice.out_targets();
  const auto labels = lattice.out_labels();
  for (NodeId u = 0; u < lattice.size(); ++u) {
    for (EdgeIndex e = offsets[u]; e < offsets[u + 1]; ++e) {
      const NodeId v = targets[e];
      const int least_excess = more_ranks_at_most(labels[e].side())
                                   ? value(b.lo[v]) - value(b.hi[u])
                                   : value(b.lo[u]) - value(b.hi[v]);
      if (least_excess > 0) edges.push_back(e);
    }
  }
  return edges;
}

}  // namespace egkb
