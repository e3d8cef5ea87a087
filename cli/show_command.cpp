#include <fmt/format.h>

#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "cli/kb_options.h"
#include "lattice/conflicts.h"
#include "lattice/errors.h"
#include "lattice/neighbourhood.h"
#include "present/dot.h"
#include "present/node_json.h"

namespace egkb::cli {

namespace {

NodeId find_node(const ScoredLattice& scored, const std::string& text) {
  const PieceSet& pieces = scored.lattice.pieces();
  Material m;
  try {
    m = parse_material(text, pieces);
  } catch (const MaterialParseError& e) {
    throw InputError("", 0, "MATERIAL", e.what());
  }
  const auto node = scored.lattice.find(key_of(m, pieces));
  if (!node) {
    throw InputError("", 0, "MATERIAL",
                     fmt::format("{} is not in the knowledge base, nor is its mirror",
                                 format_material(m, pieces)));
  }
  return *node;
}

std::string origin_text(const KnowledgeBase& kb, const ScoredLattice& scored, NodeId n) {
  const std::size_t row = scored.row_of[n];
  if (row == ScoredLattice::kImplied) return "implied by its stored mirror";
  const KbRow& r = kb.rows[row];
  std::string text = fmt::format("stored, {}", source_name(r.source));
  if (r.invariable) text += ", invariable";
  if (r.line > 0) text += fmt::format(", {} line {}", kb.origin, r.line);
  return text;
}

void print_node(const KnowledgeBase& kb, const ScoredLattice& scored, NodeId n,
                const std::vector<Neighbour>& neighbours) {
  const Lattice& lat = scored.lattice;
  const PieceSet& pieces = lat.pieces();
  const Score score = scored.scores[n];
  fmt::print("{}  score {} ({}), rank {}\n", format_material(lat.material(n), pieces), value(score),
             pieces.meaning(score), value(rank_of(score)));
  fmt::print("  {}\n  {}\n", describe_material(lat.material(n), pieces),
             origin_text(kb, scored, n));
  const NodeId m = lat.mirror(n);
  if (m == n) {
    fmt::print("  its own mirror: must score 4 or 5\n");
  } else {
    fmt::print("  mirror {} scores {} ({})\n", format_material(lat.material(m), pieces),
               value(scored.scores[m]), lat.implied(m) ? "implied" : "stored");
  }
  int bad = 0;
  for (const Neighbour& nb : neighbours) bad += nb.inconsistent;
  const int level = inconsistency_level(bad, lat.neighbour_count(n));
  fmt::print("  {} neighbours, {} inconsistent", neighbours.size(), bad);
  if (bad > 0) fmt::print(" ({}%, level {})", 100 * bad / lat.neighbour_count(n), level);
  fmt::print("\n\n  {:<14} {:<20} {:>5}\n", "link", "material", "score");
  for (const Neighbour& nb : neighbours) {
    fmt::print("  {:<14} {:<20} {:>5}  {}\n", link_text(pieces, nb),
               format_material(lat.material(nb.node), pieces), value(scored.scores[nb.node]),
               nb.inconsistent ? "x inconsistent" : "");
  }
}

}  // namespace

Command show_command() {
  struct Options {
    KbOptions kb;
    std::string material;
    bool dot = false;
    bool json = false;
  };
  auto o = std::make_shared<Options>();
  return {
      "show", "a node, its score, its neighbours and its conflicts", "egkb show kb.sqlite KRKNMM",
      [o](OptionSink& sink) {
        add_kb_options(sink, o->kb);
        sink.argument(o->material, "MATERIAL", "the material, e.g. KCCKHCPGG or KRPvKR");
        sink.flag(o->dot, "--dot", "print the neighbourhood as Graphviz DOT instead");
        sink.flag(o->json, "--json", "print the node and its neighbours as JSON");
      },
      [o] {
        const KnowledgeBase kb = load(o->kb);
        const ScoredLattice scored = ScoredLattice::of(kb);
        const NodeId n = find_node(scored, o->material);
        const std::vector<Neighbour> neighbours = neighbourhood(scored.lattice, scored.ranks(), n);
        if (o->json) {
          std::cout << node_json(kb, scored, n, neighbours).dump(2) << '\n';
        } else if (o->dot) {
          write_neighbourhood_dot(std::cout, scored.lattice, scored.scores, n, neighbours);
        } else {
          print_node(kb, scored, n, neighbours);
        }
        return 0;
      }};
}

}  // namespace egkb::cli
