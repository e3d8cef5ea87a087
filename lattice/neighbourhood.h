// One node's neighbours with their links and which of them break the additive rule.
#pragma once

#include <span>
#include <vector>

#include "lattice/lattice.h"

namespace egkb {

enum class Link : uint8_t {
  Fewer,   // the neighbour has one piece less (label: the piece this node adds)
  More,    // the neighbour has one piece more (label: the piece it adds)
  Mirror,  // the stored mirror, or the node itself when it is its own mirror
};

struct Neighbour {
  NodeId node;
  Link link;
  EdgeLabel label;  // meaningless for Link::Mirror
  bool inconsistent;
};

// Fewer-piece neighbours first, then more-piece ones, then the mirror link.
std::vector<Neighbour> neighbourhood(const Lattice& lattice, std::span<const Rank> ranks, NodeId n);

}  // namespace egkb
