#include "lattice/neighbourhood.h"

#include "lattice/conflicts.h"

namespace egkb {

std::vector<Neighbour> neighbourhood(const Lattice& lattice, std::span<const Rank> ranks,
                                     NodeId n) {
  std::vector<Neighbour> result;
  Links(lattice).for_each_link(n, [&](NodeId other, Link link, EdgeIndex e) {
    if (link == Link::Mirror) {
      if (lattice.mirror_linked(n))
        result.push_back({other, link, EdgeLabel{}, mirror_inconsistent(ranks[n], ranks[other])});
      return;
    }
    const EdgeLabel label = lattice.out_labels()[e];
    const NodeId fewer = link == Link::Fewer ? other : n;
    const NodeId more = link == Link::Fewer ? n : other;
    result.push_back(
        {other, link, label, edge_inconsistent(ranks[fewer], ranks[more], label.side())});
  });
  return result;
}

}  // namespace egkb
