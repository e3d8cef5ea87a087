#include "lattice/lattice.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <mutex>
#include <numeric>
#include <stdexcept>
#include <utility>

#include "lattice/lattice_graph.h"

namespace egkb {

namespace {

// Beyond this the node ids would not fit and the arrays would not fit in memory anyway.
constexpr Key kMaxLatticeNodes = Key{1} << 31;
// Piece sets with at most this many keys (xiangqi's 2.1M) build closures from a byte map.
constexpr Key kMaxMarkedKeys = Key{1} << 26;
// ... when at least one key in this many is stored.
constexpr Key kDenseShare = 16;

}  // namespace

Lattice Lattice::closure(const PieceSet& pieces, std::vector<Key> stored_keys) {
  std::vector<Key> keys;
  std::vector<uint8_t> implied;
  // A byte map costs a pass over the whole key space: worth it only when the keys fill a good
  // part of it (sorting 4.2M keys of the full lattice is slower; sorting 36K is not).
  if (pieces.key_count() <= kMaxMarkedKeys &&
      stored_keys.size() * kDenseShare >= pieces.key_count()) {
    // One byte per key of the set, so the closure comes out in key order without sorting.
    constexpr uint8_t kStored = 1;
    constexpr uint8_t kMirror = 2;
    std::vector<uint8_t> mark(pieces.key_count());
    keys.reserve(stored_keys.size() * 2);
    implied.reserve(stored_keys.size() * 2);
    for (Key k : stored_keys) {
      mark[k] |= kStored;
      mark[mirror_key(k, pieces)] |= kMirror;
    }
    for (Key k = 0; k < mark.size(); ++k) {
      if (mark[k] == 0) continue;
      keys.push_back(k);
      implied.push_back((mark[k] & kStored) == 0);
    }
    return Lattice(pieces, std::move(keys), std::move(implied));
  }
  std::sort(stored_keys.begin(), stored_keys.end());
  stored_keys.erase(std::unique(stored_keys.begin(), stored_keys.end()), stored_keys.end());
  keys = stored_keys;
  keys.reserve(stored_keys.size() * 2);
  for (Key k : stored_keys) keys.push_back(mirror_key(k, pieces));
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  implied.resize(keys.size());
  for (std::size_t i = 0; i < keys.size(); ++i) {
    implied[i] = !std::binary_search(stored_keys.begin(), stored_keys.end(), keys[i]);
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

struct Lattice::Lazy {
  std::once_flag in_built;
  InEdges in;
  std::once_flag graph_built;
  std::unique_ptr<LatticeGraph> graph;
};

Lattice::Lattice(const PieceSet& pieces, std::vector<Key> keys, std::vector<uint8_t> implied)
    : pieces_(&pieces),
      keys_(std::move(keys)),
      dense_(keys_.size() == pieces.key_count()),
      implied_(std::move(implied)),
      lazy_(std::make_unique<Lazy>()) {
  if (keys_.size() >= kMaxLatticeNodes) throw std::invalid_argument("lattice too large");
  add_out_edges();
  const NodeId n = size();
  mirror_.resize(n);
  mirror_linked_.resize(n);
  neighbour_count_.resize(n);
  for (NodeId u = 0; u < n; ++u) {
    mirror_[u] = find(mirror_key(keys_[u], pieces)).value_or(kNoNode);
    const bool self = mirror_[u] == u;
    mirror_linked_[u] = self || (mirror_[u] != kNoNode && !implied_[u] && !implied_[mirror_[u]]);
    neighbour_count_[u] =
        static_cast<uint8_t>(out_offsets_[u + 1] - out_offsets_[u] + in_offsets_[u + 1] -
                             in_offsets_[u] + mirror_linked_[u]);
  }
}

void Lattice::add_out_edges() {
  const PieceSet& pieces = *pieces_;
  const NodeId n = size();
  const int kinds = pieces.kind_count();
  const Key side_keys = pieces.side_key_count();
  // Which kinds a side may still gain, for each of its counts: one look-up per node and side
  // instead of decoding every node's material.
  std::vector<uint8_t> can_gain(side_keys);
  for (Key s = 0; s < side_keys; ++s) {
    for (int k = 0; k < kinds; ++k) {
      const Key most = static_cast<Key>(pieces.kind(k).max);
      if (s / pieces.side_stride(k) % (most + 1) < most) can_gain[s] |= uint8_t(1u << k);
    }
  }
  // Adding kind k to a side moves the key by a fixed step, so for nodes in key order each
  // step's targets come in key order too: one cursor per step finds them in a sparse lattice.
  std::array<Key, 2 * kMaxKinds> step{};
  std::array<std::size_t, 2 * kMaxKinds> cursor{};
  for (int k = 0; k < kinds; ++k) {
    step[static_cast<std::size_t>(k)] = pieces.side_stride(k) * side_keys;
    step[static_cast<std::size_t>(kinds + k)] = pieces.side_stride(k);
  }

  // At most one edge per node, side and kind. Reserving that bound touches no memory beyond
  // the edges written, and spares the copies and page faults of growing by doubling.
  const std::size_t most_edges = std::size_t{n} * 2 * static_cast<std::size_t>(kinds);
  out_offsets_.resize(std::size_t{n} + 1);
  out_targets_.reserve(most_edges);
  out_labels_.reserve(most_edges);
  in_offsets_.assign(std::size_t{n} + 1, 0);
  for (NodeId u = 0; u < n; ++u) {
    out_offsets_[u] = static_cast<EdgeIndex>(out_targets_.size());
    const Key key = keys_[u];
    const std::array<uint8_t, 2> gain = {can_gain[key / side_keys], can_gain[key % side_keys]};
    for (Side side : {Side::Red, Side::Black}) {
      const auto s = static_cast<std::size_t>(side);
      for (int k = 0; k < kinds; ++k) {
        if ((gain[s] >> k & 1u) == 0) continue;
        const std::size_t j = s * static_cast<std::size_t>(kinds) + static_cast<std::size_t>(k);
        const Key target = key + step[j];
        NodeId v = static_cast<NodeId>(target);
        if (!dense_) {
          std::size_t& c = cursor[j];
          while (c < n && keys_[c] < target) ++c;
          if (c == n || keys_[c] != target) continue;
          v = static_cast<NodeId>(c);
        }
        out_targets_.push_back(v);
        out_labels_.push_back(EdgeLabel::of(side, k));
        ++in_offsets_[std::size_t{v} + 1];
      }
    }
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
