// Lattice::is_ok(): the lattice's contract, checked in one pass over its arrays.
#include "base/contract.h"
#include "lattice/lattice.h"

namespace egkb {

namespace {

// Offsets of a CSR array: one per node and one more, from 0 up to `edges`, never falling.
bool offsets_ok(std::span<const EdgeIndex> offsets, NodeId n, EdgeIndex edges, const char* name) {
  if (offsets.size() != std::size_t{n} + 1)
    return broken("{} has {} entries for {} nodes", name, offsets.size(), n);
  if (offsets[0] != 0 || offsets[n] != edges)
    return broken("{} run from {} to {}, not from 0 to the {} edges", name, offsets[0], offsets[n],
                  edges);
  for (NodeId u = 0; u < n; ++u) {
    if (offsets[u] > offsets[u + 1]) return broken("{} fall after node {}", name, u);
  }
  return true;
}

}  // namespace

bool Lattice::is_ok() const {
  const NodeId n = size();
  const EdgeIndex edges = edge_count();
  const PieceSet& pieces = *pieces_;
  if (mirror_.size() != n || implied_.size() != n || mirror_linked_.size() != n ||
      neighbour_count_.size() != n)
    return broken("the node arrays are not one entry per node ({})", n);
  if (out_labels_.size() != edges)
    return broken("{} edge labels for {} edges", out_labels_.size(), edges);
  if (dense_ != (n == pieces.key_count()))
    return broken("dense is set for a lattice it does not fit");
  if (!offsets_ok(out_offsets_, n, edges, "out-offsets") ||
      !offsets_ok(in_offsets_, n, edges, "in-offsets"))
    return false;
  for (NodeId u = 0; u < n; ++u) {
    if (keys_[u] >= pieces.key_count())
      return broken("node {} has key {} outside its piece set", u, keys_[u]);
    if (u > 0 && keys_[u - 1] >= keys_[u])
      return broken("the keys of nodes {} and {} do not ascend", u - 1, u);
    if (dense_ && keys_[u] != u) return broken("dense node {} has key {}", u, keys_[u]);
    const NodeId m = mirror_[u];
    // The closure holds every mirror, so no node lacks one.
    if (m >= n) return broken("node {} has no mirror", u);
    if (mirror_[m] != u) return broken("node {}'s mirror {} has mirror {}", u, m, mirror_[m]);
    if (keys_[m] != mirror_key(keys_[u], pieces))
      return broken("node {}'s mirror has the wrong key", u);
    if (implied_[u] && implied_[m]) return broken("node {} and its mirror are both implied", u);
    if (mirror_linked_[u] != mirror_linked_[m])
      return broken("node {} is linked to its mirror one way only", u);
    const EdgeIndex degree =
        out_offsets_[u + 1] - out_offsets_[u] + in_offsets_[u + 1] - in_offsets_[u];
    if (neighbour_count_[u] != degree + mirror_linked_[u])
      return broken("node {} counts {} neighbours for {} links", u, neighbour_count_[u],
                    degree + mirror_linked_[u]);
  }
  // Each edge adds one piece: its target's key is its source's plus that piece's key step.
  std::vector<EdgeIndex> in_degree(n, 0);
  for (NodeId u = 0; u < n; ++u) {
    for (EdgeIndex e = out_offsets_[u]; e < out_offsets_[u + 1]; ++e) {
      const NodeId v = out_targets_[e];
      if (v >= n) return broken("edge {} of node {} ends at {}, outside the {} nodes", e, u, v, n);
      const EdgeLabel label = out_labels_[e];
      if (kind_index(label.kind()) >= pieces.kind_count())
        return broken("edge {} adds kind {}, which the piece set lacks", e,
                      kind_index(label.kind()));
      if (keys_[v] != keys_[u] + pieces.key_step(label.side(), label.kind()))
        return broken("edge {} from node {} to node {} does not add its piece", e, u, v);
      ++in_degree[v];
    }
  }
  for (NodeId v = 0; v < n; ++v) {
    if (in_offsets_[v + 1] - in_offsets_[v] != in_degree[v])
      return broken("node {} has room for {} in-edges and {} edges to it", v,
                    in_offsets_[v + 1] - in_offsets_[v], in_degree[v]);
  }
  return true;
}

bool Lattice::in_edges_ok(const InEdges& in) const {
  const NodeId n = size();
  const EdgeIndex edges = edge_count();
  if (in.sources.size() != edges || in.edge_ids.size() != edges)
    return broken("the in-edge lists do not hold every edge");
  for (NodeId v = 0; v < n; ++v) {
    for (EdgeIndex k = in_offsets_[v]; k < in_offsets_[v + 1]; ++k) {
      const EdgeIndex e = in.edge_ids[k];
      const NodeId u = in.sources[k];
      if (e >= edges || u >= n || out_targets_[e] != v || e < out_offsets_[u] ||
          e >= out_offsets_[u + 1])
        return broken("in-edge {} of node {} is not an edge from node {}", k, v, u);
    }
  }
  return true;
}

}  // namespace egkb
