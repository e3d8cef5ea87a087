#include "lattice/lattice.h"

#include <fmt/format.h>

#include <algorithm>
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

}  // namespace

Lattice Lattice::closure(const PieceSet& pieces, std::vector<Key> stored_keys) {
  std::vector<Key> keys;
  std::vector<uint8_t> implied;
  if (pieces.key_count() <= kMaxMarkedKeys) {
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

Lattice::Lattice(const PieceSet& pieces, std::vector<Key> keys, std::vector<uint8_t> implied)
    : pieces_(&pieces), keys_(std::move(keys)), implied_(std::move(implied)) {
  if (keys_.size() >= kMaxLatticeNodes) throw std::invalid_argument("lattice too large");
  const NodeId n = size();

  // At most one edge per node, side and kind. Reserving that bound touches no memory beyond
  // the edges written, and spares the copies and page faults of growing 140 MB by doubling.
  const std::size_t most_edges = std::size_t{n} * 2 * static_cast<std::size_t>(pieces.kind_count());
  std::vector<std::pair<NodeId, NodeId>> edges;
  std::vector<EdgeLabel> labels;
  edges.reserve(most_edges);
  labels.reserve(most_edges);
  for (NodeId u = 0; u < n; ++u) {
    const Material m = material(u);
    for (Side side : {Side::Red, Side::Black}) {
      const Key side_scale = side == Side::Red ? pieces.side_key_count() : 1;
      for (int k = 0; k < pieces.kind_count(); ++k) {
        if (m.count(side, k) >= pieces.kind(k).max) continue;
        if (auto v = find(keys_[u] + pieces.side_stride(k) * side_scale)) {
          edges.emplace_back(u, *v);
          labels.push_back(EdgeLabel::of(side, k));
        }
      }
    }
  }
  graph_ = std::make_unique<LatticeGraph>(LatticeGraph{LatticeGraph::Csr(
      boost::edges_are_unsorted_multi_pass, edges.begin(), edges.end(), labels.begin(), n)});
  const auto& forward = graph_->csr.m_forward;
  const auto& backward = graph_->csr.m_backward;
  csr_ = {forward.m_rowstart,  forward.m_column,  forward.m_edge_properties,
          backward.m_rowstart, backward.m_column, backward.m_edge_properties};

  mirror_.resize(n);
  mirror_linked_.resize(n);
  neighbour_count_.resize(n);
  for (NodeId u = 0; u < n; ++u) {
    mirror_[u] = find(mirror_key(keys_[u], pieces)).value_or(kNoNode);
    const bool self = mirror_[u] == u;
    mirror_linked_[u] = self || (mirror_[u] != kNoNode && !implied_[u] && !implied_[mirror_[u]]);
    neighbour_count_[u] = static_cast<uint8_t>(
        boost::out_degree(u, graph_->csr) + boost::in_degree(u, graph_->csr) + mirror_linked_[u]);
  }
}

Lattice::Lattice(Lattice&&) noexcept = default;
Lattice& Lattice::operator=(Lattice&&) noexcept = default;
Lattice::~Lattice() = default;

std::optional<NodeId> Lattice::find(Key key) const {
  // A lattice holding every key of its set is indexed by key itself.
  if (keys_.size() == pieces_->key_count()) {
    if (key < keys_.size()) return static_cast<NodeId>(key);
    return std::nullopt;
  }
  auto it = std::lower_bound(keys_.begin(), keys_.end(), key);
  if (it == keys_.end() || *it != key) return std::nullopt;
  return static_cast<NodeId>(it - keys_.begin());
}

std::size_t Lattice::memory_bytes() const {
  auto bytes = [](const auto& v) { return v.capacity() * sizeof(v[0]); };
  return bytes(keys_) + bytes(mirror_) + bytes(implied_) + bytes(mirror_linked_) +
         bytes(neighbour_count_) + bytes(graph_->csr.m_forward.m_rowstart) +
         bytes(graph_->csr.m_forward.m_column) + bytes(graph_->csr.m_forward.m_edge_properties) +
         bytes(graph_->csr.m_backward.m_rowstart) + bytes(graph_->csr.m_backward.m_column) +
         bytes(graph_->csr.m_backward.m_edge_properties);
}

}  // namespace egkb
