#include "present/dot.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <ostream>

namespace egkb {

namespace {

// A node's DOT attributes: its material and score, and a yellow fill with the ranks the data
// allow where that range holds more than one.
std::string node_attributes(const Lattice& lat, std::span<const Score> scores, NodeId n,
                            std::span<const std::optional<NodeRange>> ambiguous) {
  std::string attributes =
      fmt::format("label=\"{}\\n{}{}\"", format_material(lat.material(n), lat.pieces()),
                  value(scores[n]), lat.implied(n) ? " (implied)" : "");
  if (!ambiguous.empty() && ambiguous[n]) {
    attributes += fmt::format(", style=filled, fillcolor=\"#fff3b0\", xlabel=\"ranks {}..{}\"",
                              value(ambiguous[n]->low), value(ambiguous[n]->high));
  }
  return attributes;
}

}  // namespace

void write_neighbourhood_dot(std::ostream& out, const Lattice& lattice,
                             std::span<const Score> scores, NodeId centre,
                             const std::vector<Neighbour>& neighbours,
                             std::span<const std::optional<NodeRange>> ambiguous) {
  const PieceSet& pieces = lattice.pieces();
  fmt::print(out, "digraph neighbourhood {{\n  rankdir=LR;\n  node [shape=ellipse];\n");
  fmt::print(out, "  n{} [{}, penwidth=2];\n", centre,
             node_attributes(lattice, scores, centre, ambiguous));
  for (const Neighbour& nb : neighbours) {
    if (nb.node != centre)
      fmt::print(out, "  n{} [{}];\n", nb.node,
                 node_attributes(lattice, scores, nb.node, ambiguous));
  }
  for (const Neighbour& nb : neighbours) {
    const char* style = nb.inconsistent ? ", color=red, fontcolor=red" : "";
    const char* cross = nb.inconsistent ? " ×" : "";
    if (nb.link == Link::Mirror) {
      fmt::print(out, "  n{} -> n{} [dir=none, style=dashed, label=\"mirror{}\"{}];\n", centre,
                 nb.node, cross, style);
      continue;
    }
    // Edges point from the material with fewer pieces to the one with the added piece.
    const NodeId fewer = nb.link == Link::Fewer ? nb.node : centre;
    const NodeId more = nb.link == Link::Fewer ? centre : nb.node;
    fmt::print(out, "  n{} -> n{} [label=\"+{} {}{}\"{}];\n", fewer, more,
               pieces.kind(nb.label.kind()).letter, pieces.side_name(nb.label.side()), cross,
               style);
  }
  fmt::print(out, "}}\n");
}

}  // namespace egkb
