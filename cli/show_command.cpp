#include <fmt/format.h>

#include <iostream>
#include <nlohmann/json.hpp>

#include "base/errors.h"
#include "base/text.h"
#include "cli/command.h"
#include "cli/kb_options.h"
#include "io/json_text.h"
#include "lattice/conflicts.h"
#include "lattice/neighbourhood.h"
#include "present/dot.h"
#include "present/node_json.h"
#include "prose/link_text.h"
#include "prose/material_words.h"
#include "prose/score_meaning.h"
#include "review/node_record.h"

namespace egkb::cli {

namespace {

NodeId find_node(const ScoredLattice& scored, const std::string& text) {
  const PieceSet& pieces = scored.lattice.pieces();
  const Material m = material_argument(text, pieces);
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
  if (r.line > 0) text += fmt::format(", {} line {}", path_text(kb.origin), r.line);
  return text;
}

void print_node(const KnowledgeBase& kb, const ScoredLattice& scored, NodeId n,
                const std::vector<Neighbour>& neighbours) {
  const Lattice& lat = scored.lattice;
  const PieceSet& pieces = lat.pieces();
  const Score score = scored.scores[n];
  fmt::print("{}  score {} ({}), rank {}\n", format_material(lat.material(n), pieces), value(score),
             score_meaning(pieces, score), value(rank_of(score)));
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

// The node's history and verdicts, as the store records them.
void print_record(const nlohmann::ordered_json& record) {
  if (const auto& r = record["range"]; !r.is_null()) {
    // In scores as the base writes them; a balanced end is 4 or 5, shown as 4.
    const auto score = [](int rank) { return value(score_of(Rank(rank), Score(4))); };
    fmt::print(
        "\n  ambiguous: the data allow scores {}..{} (ranks {}..{}); run {} took the middle, and "
        "a verdict settles it\n",
        score(r["low"].get<int>()), score(r["high"].get<int>()), r["low"].get<int>(),
        r["high"].get<int>(), r["run"].get<int64_t>());
  }
  if (!record["history"].empty()) fmt::print("\n  history\n");
  for (const auto& h : record["history"]) {
    fmt::print("  {}  run {} {}: {} -> {}{}\n", h["time"].get<std::string>(),
               h["run"].get<int64_t>(), h["command"].get<std::string>(),
               h["from"].is_null() ? std::string("added") : std::to_string(h["from"].get<int>()),
               h["to"].get<int>(),
               h["reviewer"].get<std::string>().empty()
                   ? std::string()
                   : " by " + h["reviewer"].get<std::string>());
  }
  if (!record["verdicts"].empty()) fmt::print("\n  verdicts\n");
  for (const auto& v : record["verdicts"]) {
    fmt::print("  {}  batch {}: {} by {}{}{}\n", v["time"].get<std::string>(),
               v["batch"].get<int64_t>(), v["verdict"].get<int>(), v["reviewer"].get<std::string>(),
               v["stands"].get<bool>() ? "" : " (taken back or replaced)",
               v["note"].get<std::string>().empty()
                   ? std::string()
                   : " — " + printable(v["note"].get<std::string>(), 200));
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
        OpenedKb opened = open(o->kb);
        const KnowledgeBase& kb = opened.kb;
        const ScoredLattice scored = ScoredLattice::of(kb);
        const NodeId n = find_node(scored, o->material);
        const std::vector<Neighbour> neighbours = neighbourhood(scored.lattice, scored.ranks(), n);
        // A CSV base records no history: the same keys, empty.
        const nlohmann::ordered_json record =
            opened.store ? node_record_json(*opened.store, scored.lattice.key(n))
                         : nlohmann::ordered_json{{"history", nlohmann::ordered_json::array()},
                                                  {"verdicts", nlohmann::ordered_json::array()},
                                                  {"range", nullptr}};
        if (o->json) {
          nlohmann::ordered_json j = node_json(kb, scored, n, neighbours);
          for (const char* key : {"history", "verdicts", "range"}) j[key] = record[key];
          std::cout << json_text(j) << '\n';
        } else if (o->dot) {
          write_neighbourhood_dot(std::cout, scored.lattice, scored.scores, n, neighbours);
        } else {
          print_node(kb, scored, n, neighbours);
          print_record(record);
        }
        return 0;
      }};
}

}  // namespace egkb::cli
