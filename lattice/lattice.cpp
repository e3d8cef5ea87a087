#include "lattice/lattice.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cassert>
#include <mutex>
#include <numeric>
#include <stdexcept>
#include <utility>

#include "lattice/lattice_graph.h"

namespace egkb {

namespace {

// Beyond this the node ids would not fit and the arrays would not fit in memory anyway.
constexpr Key kMaxLatticeNodes = Key{1} << 31;
// A closure marks its mirrors in a byte per key of the set when at least one key in this many
// is stored; a smaller base sorts its mirrors instead of touching the whole key space.
constexpr Key kDenseShare = 16;

}  // namespace

Lattice Lattice::closure(const PieceSet& pieces, std::vector<Key> stored_keys) {
  // Files and stores list their rows in key order: sorting is then one check.
  if (!std::is_sorted(stored_keys.begin(), stored_keys.end())) {
    std::sort(stored_keys.begin(), stored_keys.end());
  }
  stored_keys.erase(std::unique(stored_keys.begin(), stored_keys.end()), stored_keys.end());
  std::vector<Key> keys;
  std::vector<uint8_t> implied;
  keys.reserve(stored_keys.size() * 2);
  implied.reserve(stored_keys.size() * 2);
  if (stored_keys.size() * kDenseShare >= pieces.key_count()) {
    // Keys that fill much of the set (the full lattice): one byte per key of the set marks the
    // mirrors, and a pass over it lists the closure in key order.
    std::vector<uint8_t> mirrored(pieces.key_count());
    for (Key k : stored_keys) mirrored[mirror_key(k, pieces)] = 1;
    std::size_t i = 0;
    for (Key k = 0; k < mirrored.size(); ++k) {
      const bool stored = i < stored_keys.size() && stored_keys[i] == k;
      if (!stored && !mirrored[k]) continue;
      i += stored;
      keys.push_back(k);
      implied.push_back(!stored);
    }
    return Lattice(pieces, std::move(keys), std::move(implied));
  }
  // A key is red's count number then black's, and its mirror swaps the two: the stored keys
  // ordered by black's number, stably, give their mirrors in key order. A counting sort over
  // one side's numbers, instead of a sort of every key.
  const Key side_keys = pieces.side_key_count();
  std::vector<std::size_t> next(side_keys + 1, 0);
  for (Key k : stored_keys) ++next[k % side_keys + 1];
  std::partial_sum(next.begin(), next.end(), next.begin());
  std::vector<Key> mirrors(stored_keys.size());
  for (Key k : stored_keys) mirrors[next[k % side_keys]++] = mirror_key(k, pieces);
  // Both lists merged; a key found only among the mirrors is implied.
  std::size_t i = 0, j = 0;
  while (i < stored_keys.size() || j < mirrors.size()) {
    const bool from_stored =
        j == mirrors.size() || (i < stored_keys.size() && stored_keys[i] <= mirrors[j]);
    if (from_stored) {
      if (j < mirrors.size() && mirrors[j] == stored_keys[i]) ++j;
      keys.push_back(stored_keys[i++]);
    } else {
      keys.push_back(mirrors[j++]);
    }
    implied.push_back(!from_stored);
  }
  return Lattice(pieces, std::move(keys), std::move(implied));
}

Lattice Lattice::full(const PieceSet& pieces) {
  if (pieces.key_count() > kMaxLatticeNodes) {
    throw std::invalid_argument(
        fmt::format("the full {} lattice has {} materials: too many to enumerate", pieces.name(),
                    pieces.key_count()));
  }
  std::vector<Key> keys(pieces.key_count());
  std::iota(keys.begin(), keys.end(), Key{0});
  std::vector<uint8_t> implied(keys.size(), 0);
  return Lattice(pieces, std::move(keys), std::move(implied));
}

Lattice Lattice::without_edges(std::span<const EdgeIndex> drop) const {
  assert(std::is_sorted(drop.begin(), drop.end()));
  Lattice out(*pieces_, keys_, implied_, false);
  const NodeId n = size();
  out.out_offsets_.resize(std::size_t{n} + 1);
  out.out_targets_.reserve(out_targets_.size() - drop.size());
  out.out_labels_.reserve(out_targets_.size() - drop.size());
  out.in_offsets_.assign(std::size_t{n} + 1, 0);
  std::size_t next_drop = 0;
  for (NodeId u = 0; u < n; ++u) {
    out.out_offsets_[u] = static_cast<EdgeIndex>(out.out_targets_.size());
    for (EdgeIndex e = out_offsets_[u]; e < out_offsets_[u + 1]; ++e) {
      if (next_drop < drop.size() && drop[next_drop] == e) {
        ++next_drop;
        continue;
      }
      out.out_targets_.push_back(out_targets_[e]);
      out.out_labels_.push_back(out_labels_[e]);
      ++out.in_offsets_[std::size_t{out_targets_[e]} + 1];
    }
  }
  out.out_offsets_[n] = static_cast<EdgeIndex>(out.out_targets_.size());
  std::partial_sum(out.in_offsets_.begin(), out.in_offsets_.end(), out.in_offsets_.begin());
  out.add_mirrors();
  assert(out.is_ok());
  return out;
}

struct Lattice::Lazy {
  std::once_flag in_built;
  InEdges in;
  std::once_flag graph_built;
  std::unique_ptr<LatticeGraph> graph;
};

Lattice::Lattice(const PieceSet& pieces, std::vector<Key> keys, std::vector<uint8_t> implied,
                 bool with_edges)
    : pieces_(&pieces),
      keys_(std::move(keys)),
      dense_(keys_.size() == pieces.key_count()),
      implied_(std::move(implied)),
      lazy_(std::make_unique<Lazy>()) {
  if (keys_.size() >= kMaxLatticeNodes) throw std::invalid_argument("lattice too large");
  if (!with_edges) return;
  add_out_edges();
  add_mirrors();
  assert(is_ok());
}

void Lattice::add_mirrors() {
  const PieceSet& pieces = *pieces_;
  const NodeId n = size();
  mirror_.resize(n);
  mirror_linked_.resize(n);
  neighbour_count_.resize(n);
  for (NodeId u = 0; u < n; ++u) {
    // A closure adds the mirror of each stored key, so none is missing (is_ok() checks it too).
    const std::optional<NodeId> m = find(mirror_key(keys_[u], pieces));
    assert(m);
    mirror_[u] = *m;
    const bool self = mirror_[u] == u;
    mirror_linked_[u] = self || (!implied_[u] && !implied_[mirror_[u]]);
    neighbour_count_[u] =
        static_cast<uint8_t>(out_offsets_[u + 1] - out_offsets_[u] + in_offsets_[u + 1] -
                             in_offsets_[u] + mirror_linked_[u]);
  }
}

void Lattice::add_out_edges() {
  const PieceSet& pieces = *pieces_;
  const NodeId n = size();
  // Adding kind k to a side moves the key by a fixed step, so for nodes in key order each
  // step's targets come in key order too: one cursor per step finds them in a sparse lattice.
  std::array<ByKind<std::size_t>, 2> cursor{};  // red's, then black's

  // At most one edge per node, side and kind. Reserving that bound touches no memory beyond
  // the edges written, and spares the copies and page faults of growing by doubling.
  const std::size_t most_edges = std::size_t{n} * 2 * static_cast<std::size_t>(pieces.kind_count());
  out_offsets_.resize(std::size_t{n} + 1);
  out_targets_.reserve(most_edges);
  out_labels_.reserve(most_edges);
  in_offsets_.assign(std::size_t{n} + 1, 0);
  for (NodeId u = 0; u < n; ++u) {
    out_offsets_[u] = static_cast<EdgeIndex>(out_targets_.size());
    pieces.for_each_step<Toward::More>(keys_[u], [&](Key target, PieceStep step) {
      NodeId v = static_cast<NodeId>(target);
      if (!dense_) {
        std::size_t& c = cursor[static_cast<std::size_t>(step.side)][step.kind];
        while (c < n && keys_[c] < target) ++c;
        if (c == n || keys_[c] != target) return;
        v = static_cast<NodeId>(c);
      }
      out_targets_.push_back(v);
      out_labels_.push_back(EdgeLabel::of(step.side, step.kind));
      ++in_offsets_[std::size_t{v} + 1];
    });
  }
  out_offsets_[n] = static_cast<EdgeIndex>(out_targets_.size());
  std::partial_sum(in_offsets_.begin(), in_offsets_.end(), in_offsets_.begin());
}

const Lattice::InEdges& Lattice::in_edges() const {
  std::call_once(lazy_->in_built, [this] {
    InEdges& in = lazy_->in;
    in.sources.resize(edge_count());
    in.edge_ids.resize(edge_count());
    std::vector<EdgeIndex> next(in_offsets_.begin(), in_offsets_.end() - 1);
    for (NodeId u = 0; u < size(); ++u) {
      for (EdgeIndex e = out_offsets_[u]; e < out_offsets_[u + 1]; ++e) {
        const EdgeIndex slot = next[out_targets_[e]]++;
        in.sources[slot] = u;
        in.edge_ids[slot] = e;
      }
    }
    assert(in_edges_ok(in));
  });
  return lazy_->in;
}

const LatticeGraph& Lattice::graph() const {
  std::call_once(lazy_->graph_built, [this] {
    std::vector<std::pair<NodeId, NodeId>> edges;
    edges.reserve(edge_count());
    for (NodeId u = 0; u < size(); ++u) {
      for (EdgeIndex e = out_offsets_[u]; e < out_offsets_[u + 1]; ++e)
        edges.emplace_back(u, out_targets_[e]);
    }
    lazy_->graph = std::make_unique<LatticeGraph>(
        LatticeGraph{LatticeGraph::Csr(boost::edges_are_unsorted_multi_pass, edges.begin(),
                                       edges.end(), out_labels_.begin(), size())});
  });
  return *lazy_->graph;
}

Lattice::Lattice(Lattice&&) noexcept = default;
Lattice& Lattice::operator=(Lattice&&) noexcept = default;
Lattice::~Lattice() = default;

std::optional<NodeId> Lattice::search(Key key) const {
  auto it = std::lower_bound(keys_.begin(), keys_.end(), key);
  if (it == keys_.end() || *it != key) return std::nullopt;
  return static_cast<NodeId>(it - keys_.begin());
}

std::size_t Lattice::memory_bytes() const {
  auto bytes = [](const auto& v) { return v.size() * sizeof(v[0]); };
  return bytes(keys_) + bytes(mirror_) + bytes(implied_) + bytes(mirror_linked_) +
         bytes(neighbour_count_) + bytes(out_offsets_) + bytes(out_targets_) + bytes(out_labels_) +
         bytes(in_offsets_) + bytes(lazy_->in.sources) + bytes(lazy_->in.edge_ids);
}

}  // namespace egkb
