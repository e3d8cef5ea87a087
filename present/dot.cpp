#include "present/dot.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <ostream>

namespace egkb {

namespace {

std::string node_label(const Lattice& lat, std::span<const Score> scores, NodeId n) {
  return fmt::format("{}\\n{}{}", format_material(lat.material(n), lat.pieces()), value(scores[n]),
                     lat.implied(n) ? " (implied)" : "");
}

}  // namespace

void write_neighbourhood_dot(std::ostream& out, const Lattice& lattice,
                             std::span<const Score> scores, NodeId centre,
                             const std::vector<Neighbour>& neighbours) {
  const PieceSet& pieces = lattice.pieces();
  fmt::print(out, "digraph neighbourhood {{\n  rankdir=LR;\n  node [shape=ellipse];\n");
  fmt::print(out, "  n{} [label=\"{}\", penwidth=2];\n", centre,
             node_label(lattice, scores, centre));
  for (const Neighbour& nb : neighbours) {
    if (nb.node != centre)
      fmt::print(out, "  n{} [label=\"{}\"];\n", nb.node, node_label(lattice, scores, nb.node));
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
