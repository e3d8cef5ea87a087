#include "lattice/fixed_ranks.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <utility>

namespace egkb {

namespace {

// Each node's interval of ranks and the fixed node that set each end. Bounds only tighten, at
// most 8 times per end, so the worklist ends after O(9 E) edge visits.
class BoundPropagation {
 public:
  BoundPropagation(const Lattice& lattice, std::span<const uint8_t> fixed,
                   std::span<const Rank> ranks)
      : lat_(lattice),
        lo_(lattice.size(), 0),
        hi_(lattice.size(), kMaxRank),
        lo_src_(lattice.size(), kNoNode),
        hi_src_(lattice.size(), kNoNode),
        queued_(lattice.size(), 0) {
    for (NodeId u = 0; u < lattice.size(); ++u) {
      if (!fixed[u]) continue;
      lo_[u] = hi_[u] = static_cast<uint8_t>(value(ranks[u]));
      lo_src_[u] = hi_src_[u] = u;
      push(u);
    }
  }

  std::vector<Contradiction> run(std::size_t limit) {
    std::vector<Contradiction> found;
    std::set<std::pair<NodeId, NodeId>> pairs;
    while (!work_.empty() && found.size() < limit) {
      const NodeId u = work_.back();
      work_.pop_back();
      queued_[u] = 0;
      if (lo_[u] > hi_[u]) {
        if (pairs.emplace(lo_src_[u], hi_src_[u]).second)
          found.push_back({lo_src_[u], hi_src_[u], u, Rank(lo_[u]), Rank(hi_[u])});
        continue;
      }
      spread(u);
    }
    return found;
  }

 private:
  // A red piece added makes the rank no higher, a black one no lower; the mirror mirrors both.
  void spread(NodeId u) {
    const auto out = lat_.out_offsets();
    for (EdgeIndex e = out[u]; e < out[u + 1]; ++e) {
      const NodeId v = lat_.out_targets()[e];
      if (lat_.out_labels()[e].side() == Side::Red) {
        lower_hi(v, hi_[u], hi_src_[u]);
      } else {
        raise_lo(v, lo_[u], lo_src_[u]);
      }
    }
    const auto in = lat_.in_offsets();
    for (EdgeIndex k = in[u]; k < in[u + 1]; ++k) {
      const NodeId w = lat_.in_sources()[k];
      if (lat_.out_labels()[lat_.in_edge_ids()[k]].side() == Side::Red) {
        raise_lo(w, lo_[u], lo_src_[u]);
      } else {
        lower_hi(w, hi_[u], hi_src_[u]);
      }
    }
    const NodeId m = lat_.mirror(u);
    raise_lo(m, kMaxRank - hi_[u], hi_src_[u]);
    lower_hi(m, kMaxRank - lo_[u], lo_src_[u]);
  }

  void raise_lo(NodeId v, int bound, NodeId source) {
    if (source == kNoNode || bound <= lo_[v]) return;
    lo_[v] = static_cast<uint8_t>(bound);
    lo_src_[v] = source;
    push(v);
  }

  void lower_hi(NodeId v, int bound, NodeId source) {
    if (source == kNoNode || bound >= hi_[v]) return;
    hi_[v] = static_cast<uint8_t>(bound);
    hi_src_[v] = source;
    push(v);
  }

  void push(NodeId v) {
    if (queued_[v]) return;
    queued_[v] = 1;
    work_.push_back(v);
  }

  const Lattice& lat_;
  std::vector<uint8_t> lo_, hi_;
  std::vector<NodeId> lo_src_, hi_src_;
  std::vector<uint8_t> queued_;
  std::vector<NodeId> work_;
};

}  // namespace

std::vector<Contradiction> fixed_contradictions(const Lattice& lattice,
                                                std::span<const uint8_t> fixed,
                                                std::span<const Rank> ranks, std::size_t limit) {
  return BoundPropagation(lattice, fixed, ranks).run(limit);
}

std::string explain(const Lattice& lattice, const Contradiction& c,
                    const std::function<std::string(NodeId)>& name) {
  if (c.low == c.high && c.at == c.low) {
    return fmt::format("{} is its own mirror, so it must have rank 4 (score 4 or 5)", name(c.low));
  }
  if (c.low == c.high) {
    return fmt::format("{} forces {} both to rank {} or above and to rank {} or below", name(c.low),
                       format_material(lattice.material(c.at), lattice.pieces()), value(c.low_rank),
                       value(c.high_rank));
  }
  if (c.at == c.low) {
    return fmt::format("{} forces {} to rank {} or below", name(c.high), name(c.low),
                       value(c.high_rank));
  }
  if (c.at == c.high) {
    return fmt::format("{} forces {} to rank {} or above", name(c.low), name(c.high),
                       value(c.low_rank));
  }
  return fmt::format("{} forces {} to rank {} or above, {} forces it to rank {} or below",
                     name(c.low), format_material(lattice.material(c.at), lattice.pieces()),
                     value(c.low_rank), name(c.high), value(c.high_rank));
}

}  // namespace egkb
