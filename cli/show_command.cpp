#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>

#include "base/errors.h"
#include "base/text.h"
#include "cli/command.h"
#include "cli/evidence_options.h"
#include "cli/kb_options.h"
#include "evidence/evidence_example.h"
#include "evidence/evidence_record.h"
#include "io/json_text.h"
#include "lattice/conflicts.h"
#include "lattice/neighbourhood.h"
#include "lattice/solved_bounds.h"
#include "present/bounds_json.h"
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

// The node's solved record, when it is solved (or the mirror of a solved row).
void print_solved(const nlohmann::ordered_json& solved) {
  if (solved.is_null()) return;
  std::string cost;
  if (!solved["positions"].is_null())
    cost += fmt::format(", {} positions", solved["positions"].get<uint64_t>());
  if (!solved["seconds"].is_null())
    cost += fmt::format(", {:.1f} s", solved["seconds"].get<double>());
  fmt::print("  solved (run {}{}): {}\n    {}\n", solved["run"].get<int64_t>(), cost,
             solved["counts"].get<std::string>(), solved["meaning"].get<std::string>());
}

// The bounds solved rows put on the node, and those it puts on its neighbours when solved.
void print_bounds(const nlohmann::ordered_json& b, bool solved_row) {
  if (b["rank_low"].is_null()) return;
  const int low = b["rank_low"].get<int>(), high = b["rank_high"].get<int>();
  if (!solved_row && (low > 0 || high < kMaxRank)) {
    std::string from;
    if (!b["low_from"].is_null() && low > 0)
      from += fmt::format("at least rank {} from {}", low, b["low_from"].get<std::string>());
    if (!b["high_from"].is_null() && high < kMaxRank) {
      from += fmt::format("{}at most rank {} from {}", from.empty() ? "" : ", ", high,
                          b["high_from"].get<std::string>());
    }
    fmt::print("\n  solved rows leave it ranks {}..{} ({})\n", low, high, from);
  }
  for (const auto& e : b["from_neighbours"]) {
    fmt::print("    {} rank {}, {}: {} is solved {}\n", e["bound"].get<std::string>(),
               e["rank"].get<int>(), e["text"].get<std::string>(), e["material"].get<std::string>(),
               e["score"].get<int>());
  }
  if (!b["on_neighbours"].empty()) fmt::print("\n  the bounds it puts on its neighbours\n");
  for (const auto& e : b["on_neighbours"]) {
    fmt::print("    {:<20} {} rank {}, {}\n", e["material"].get<std::string>(),
               e["bound"].get<std::string>(), e["rank"].get<int>(), e["text"].get<std::string>());
  }
  for (const auto& e : b["settled"]) {
    fmt::print(
        "\n  settled by fact: {} (solved {}) and this row break the piece additive rule by "
        "binning alone; no repair moves either, and the edge binds nothing\n",
        e["material"].get<std::string>(), e["score"].get<int>());
  }
}

void print_node(const KnowledgeBase& kb, const ScoredLattice& scored, NodeId n,
                const std::vector<Neighbour>& neighbours, const nlohmann::ordered_json& record,
                const nlohmann::ordered_json& bounds) {
  const Lattice& lat = scored.lattice;
  const PieceSet& pieces = lat.pieces();
  const Score score = scored.scores[n];
  fmt::print("{}  score {} ({}), rank {}\n", format_material(lat.material(n), pieces), value(score),
             score_meaning(pieces, score), value(rank_of(score)));
  fmt::print("  {}\n  {}\n", describe_material(lat.material(n), pieces),
             origin_text(kb, scored, n));
  print_solved(record["solved"]);
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
  const auto settled = [&](NodeId other) {
    for (const auto& e : bounds["settled"]) {
      if (e["material"] == format_material(lat.material(other), pieces)) return true;
    }
    return false;
  };
  for (const Neighbour& nb : neighbours) {
    fmt::print("  {:<14} {:<20} {:>5}  {}\n", link_text(pieces, nb),
               format_material(lat.material(nb.node), pieces), value(scored.scores[nb.node]),
               !nb.inconsistent   ? ""
               : settled(nb.node) ? "x settled by fact"
                                  : "x inconsistent");
  }
  print_bounds(bounds, !record["solved"].is_null());
}

// The node's history and verdicts, as the store records them.
void print_record(const nlohmann::ordered_json& record) {
  if (const auto& r = record["range"]; !r.is_null()) {
    fmt::print(
        "\n  ambiguous: the data allow scores {}..{} (ranks {}..{}); run {} took the middle, and "
        "a verdict settles it\n",
        r["low_score"].get<int>(), r["high_score"].get<int>(), r["low"].get<int>(),
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

// The moves of the engine's line `show` prints: a plan to read, the rest in --json.
constexpr std::size_t kPvMovesShown = 8;

// What evidence from play says of the node, and one position it searched.
void print_evidence(const std::optional<EvidenceView>& v, const PieceSet& pieces, Score score) {
  if (!v) return;
  const EvidenceRecord& r = *v->record;
  fmt::print("\n  evidence from play: {}, {}, {} positions of {}, threshold {} cp\n", r.engine,
             r.budget, r.positions(), material_text(r.key, pieces), r.threshold);
  const int apart = distance(rank_of(score), rank_of(v->score));
  fmt::print(
      "    {} wins {}, draws {}, {} wins {}: expected {:+.2f} ({:+.2f}..{:+.2f}), score {} "
      "({}){}\n",
      pieces.side_name(Side::Red), v->wins, v->draws, pieces.side_name(Side::Black), v->losses,
      v->expected, v->low, v->high, value(v->score), score_meaning(pieces, v->score),
      apart == 0 ? ", the row's rank"
                 : fmt::format(", {} rank{} from the row's", apart, apart == 1 ? "" : "s"));
  if (!r.restarts.empty()) {
    fmt::print("    the engine was started again {} during the search:\n",
               r.restarts.size() == 1 ? "once" : fmt::format("{} times", r.restarts.size()));
    for (const std::string& fault : r.restarts) fmt::print("      {}\n", evidence_text(fault));
  }
  if (const auto example = evidence_example(*v, pieces)) {
    const Side to_move = example->position.to_move();
    fmt::print("    a position searched ({} to move): {}\n", pieces.side_name(to_move),
               example->fen);
    std::string board = diagram(example->position);
    for (std::size_t at = 0;
         (at = board.find('\n', at)) != std::string::npos && at + 1 < board.size(); at += 7) {
      board.insert(at + 1, "      ");
    }
    fmt::print("      {}", board);
    fmt::print("    the engine: {}, {}\n", score_text(example->score, to_move, pieces),
               outcome_text(example->outcome, pieces));
    if (!example->pv.empty()) {
      const std::size_t shown = std::min(example->pv.size(), kPvMovesShown);
      fmt::print("    the engine's line: {}{}\n",
                 fmt::join(example->pv.begin(), example->pv.begin() + shown, " "),
                 shown == example->pv.size()
                     ? ""
                     : fmt::format(" … (the first {} of {} moves)", shown, example->pv.size()));
    }
  }
}

}  // namespace

Command show_command() {
  struct Options {
    KbOptions kb;
    std::string material;
    bool dot = false;
    std::optional<std::string> evidence;
    bool json = false;
  };
  auto o = std::make_shared<Options>();
  return {
      "show", "a node, its score, its neighbours and its conflicts", "egkb show kb.sqlite KRKNMM",
      [o](OptionSink& sink) {
        add_kb_options(sink, o->kb);
        sink.argument(o->material, "MATERIAL", "the material, e.g. KCCKHCPGG or KRPvKR");
        sink.flag(o->dot, "--dot", "print the neighbourhood as Graphviz DOT instead");
        sink.text(o->evidence, "--evidence",
                  "an evidence file to show evidence from (a store shows its own)");
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
                                                  {"range", nullptr},
                                                  {"solved", nullptr}};
        const nlohmann::ordered_json bounds = bounds_json(scored, solved_bounds(kb, scored), n);
        const std::vector<EvidenceRecord> records = evidence_records(o->evidence, opened);
        const std::optional<EvidenceView> evidence = evidence_for_nodes(kb, scored, records)[n];
        const auto row_views = evidence_for_rows(kb, records);
        const auto covered = static_cast<std::size_t>(std::count_if(
            row_views.begin(), row_views.end(), [](const auto& v) { return v.has_value(); }));
        if (o->json) {
          nlohmann::ordered_json j = node_json(kb, scored, n, neighbours);
          for (const char* key : {"history", "verdicts", "range"}) j[key] = record[key];
          j["evidence_rows"] = covered;
          j["evidence"] = nullptr;
          if (evidence) {
            j["evidence"] = evidence_view_json(*evidence, *kb.pieces);
            if (const auto example = evidence_example(*evidence, *kb.pieces)) {
              j["evidence"]["example"] = {
                  {"fen", example->fen},
                  {"to_move", kb.pieces->side_name(example->position.to_move())},
                  {"engine", score_text(example->score, example->position.to_move(), *kb.pieces)},
                  {"outcome", outcome_text(example->outcome, *kb.pieces)},
                  {"pv", example->pv}};
            }
          }
          j["solved"] = record["solved"];
          j["bounds"] = bounds;
          std::cout << json_text(j) << '\n';
        } else if (o->dot) {
          write_neighbourhood_dot(std::cout, scored.lattice, scored.scores, n, neighbours);
        } else {
          print_node(kb, scored, n, neighbours, record, bounds);
          print_evidence(evidence, *kb.pieces, scored.scores[n]);
          if (!records.empty()) fmt::print("  {}\n", evidence_coverage(covered, kb.rows.size()));
          print_record(record);
        }
        return 0;
      }};
}

}  // namespace egkb::cli
