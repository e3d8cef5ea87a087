// One node's neighbours with their links and which of them break the additive rule.
#pragma once

#include <span>
#include <vector>

#include "lattice/lattice.h"
#include "lattice/links.h"

namespace egkb {

// A link that counts as a neighbour: a piece edge, or the mirror link when Lattice::mirror_linked.
struct Neighbour {
  NodeId node;
  Link link;
  EdgeLabel label;  // meaningless for Link::Mirror
  bool inconsistent;
};

// Fewer-piece neighbours first, then more-piece ones, then the mirror link.
std::vector<Neighbour> neighbourhood(const Lattice& lattice, std::span<const Rank> ranks, NodeId n);

}  // namespace egkb
