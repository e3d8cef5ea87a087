#include "lattice/neighbourhood.h"

#include "lattice/conflicts.h"

namespace egkb {

std::vector<Neighbour> neighbourhood(const Lattice& lattice, std::span<const Rank> ranks,
                                     NodeId n) {
  std::vector<Neighbour> result;
  const auto in_offsets = lattice.in_offsets();
  for (EdgeIndex i = in_offsets[n]; i < in_offsets[n + 1]; ++i) {
    const NodeId fewer = lattice.in_sources()[i];
    const EdgeLabel label = lattice.out_labels()[lattice.in_edge_ids()[i]];
    result.push_back(
        {fewer, Link::Fewer, label, edge_inconsistent(ranks[fewer], ranks[n], label.side())});
  }
  const auto out_offsets = lattice.out_offsets();
  for (EdgeIndex e = out_offsets[n]; e < out_offsets[n + 1]; ++e) {
    const NodeId more = lattice.out_targets()[e];
    const EdgeLabel label = lattice.out_labels()[e];
    result.push_back(
        {more, Link::More, label, edge_inconsistent(ranks[n], ranks[more], label.side())});
  }
  if (lattice.mirror_linked(n)) {
    const NodeId m = lattice.mirror(n);
    result.push_back({m, Link::Mirror, EdgeLabel{}, mirror_inconsistent(ranks[n], ranks[m])});
  }
  return result;
}

}  // namespace egkb
