#include <egkb/probe.h>
#include <fmt/format.h>

#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "base/errors.h"
#include "base/progress.h"
#include "base/text.h"
#include "cli/command.h"
#include "cli/kb_options.h"
#include "cli/result_output.h"
#include "export/closure_export.h"
#include "export/engine_table.h"
#include "export/probe_header.h"
#include "io/json_text.h"
#include "io/output_files.h"
#include "lattice/conflicts.h"
#include "prose/score_meaning.h"
#include "repair/reduce_run.h"
#include "store/runs.h"
#include "store/store.h"

namespace egkb::cli {

namespace {

struct ExportOptions {
  KbOptions kb;
  std::string format;
  std::string out;
  bool allow_conflicts = false;
  bool ranges = false;
  bool json = false;
  std::string prefix = ProbeHeaderInfo{}.prefix;
};

// The ranges the store's last exact repair recorded, for every node of the closure (a node it
// left unambiguous is its own rank; a mirror takes its pair's range, mirrored). Refused when
// there is no such repair or a later run may have changed the rows since.
NodeRanges recorded_ranges(Store& store, const ScoredLattice& scored) {
  const std::optional<RecordedRepair> repair = store::last_repair(store);
  const std::optional<Method> method = repair ? method_of_run(repair->command) : std::nullopt;
  if (!repair || (method && !method_info(*method).certified())) {
    throw InputError(store.path(), 0, "--ranges",
                     "the store records no exact repair, whose ranges these are: run egkb reduce "
                     "(its default method or exact) first");
  }
  if (repair->later_runs > 0) {
    throw InputError(store.path(), 0, "--ranges",
                     fmt::format("{} runs changed the store after the repair (run {}) whose "
                                 "ranges these would be; run egkb reduce again first",
                                 repair->later_runs, repair->run));
  }
  const auto recorded = store::last_ranges(store);
  const Lattice& lat = scored.lattice;
  const std::vector<Rank> ranks = scored.ranks();
  NodeRanges ranges{ranks, ranks};
  for (NodeId n = 0; n < lat.size(); ++n) {
    if (const auto it = recorded.find(lat.key(n)); it != recorded.end()) {
      ranges.low[n] = it->second.low;
      ranges.high[n] = it->second.high;
      ranges.low[lat.mirror(n)] = mirror(it->second.high);
      ranges.high[lat.mirror(n)] = mirror(it->second.low);
    }
  }
  return ranges;
}

// Writes the export among `outputs`; for a table, what is worth saying about its size.
std::optional<EngineTable> write_export(const ExportOptions& o, const KnowledgeBase& kb,
                                        const ScoredLattice& scored, bool has_conflicts,
                                        const NodeRanges& ranges, Outputs& outputs) {
  if (o.format == "table") {
    EngineTable table = EngineTable::of(scored, has_conflicts);
    outputs.write(o.out, [&](std::ostream& out) { table.write(out); });
    return table;
  }
  outputs.write(o.out, [&](std::ostream& out) {
    if (o.format == "csv") {
      write_closure_csv(out, kb, scored, ranges);
    } else if (o.format == "json") {
      write_closure_json(out, kb, scored, has_conflicts, ranges);
    } else {
      write_probe_header(out, scored, {kb.origin, has_conflicts, o.prefix});
    }
  });
  return std::nullopt;
}

// What export wrote, as its JSON and its text say it.
struct ExportResult {
  std::size_t materials = 0;  // the closure's: stored and implied by a mirror
  std::size_t stored = 0;
  std::string pieces;
  std::string origin;
  std::string format;
  std::string out;
  bool has_conflicts = false;
  std::size_t inconsistent_nodes = 0;
  std::optional<EngineTable> table;
};

nlohmann::ordered_json to_json(const ExportResult& r) {
  nlohmann::ordered_json j = {{"materials", r.materials},
                              {"stored", r.stored},
                              {"implied", r.materials - r.stored},
                              {"pieces", r.pieces},
                              {"format", r.format},
                              {"out", r.out},
                              {"has_conflicts", r.has_conflicts}};
  if (r.table) {
    j["columns"] = r.table->column_count();
    j["bytes"] = r.table->file_bytes();
  }
  return j;
}

void print_text(std::FILE* out, const ExportResult& r) {
  fmt::print(out, "exported {} materials ({} stored, {} implied by a mirror) from {} as {} to {}\n",
             r.materials, r.stored, r.materials - r.stored, path_text(r.origin), r.format,
             path_text(r.out));
  if (r.table) {
    fmt::print(out, "  {} side configurations, a table of {} bytes\n", r.table->column_count(),
               r.table->file_bytes());
  }
  if (r.has_conflicts) {
    fmt::print(out, "  warning: {} inconsistent nodes remain (--allow-conflicts)\n",
               r.inconsistent_nodes);
  }
}

void declare_export_options(OptionSink& sink, ExportOptions& o) {
  add_kb_options(sink, o.kb);
  sink.text(o.format, "--format", "csv, json, table (binary, for egkb probe) or header", true,
            {"csv", "json", "table", "header"});
  sink.text(o.out, "--out", "the file to write (- for standard output)", true);
  sink.flag(o.allow_conflicts, "--allow-conflicts",
            "export even though conflicts remain (they are recorded in the file)");
  sink.flag(o.ranges, "--ranges",
            "csv, json: add each material's low and high rank in the store's last exact repair "
            "(the ranks the data allow)");
  sink.text(o.prefix, "--prefix",
            "header: the prefix of its names and include guard (default kb), so two bases can "
            "be included in one file",
            false);
  sink.flag(o.json, "--json", "print what was exported as JSON");
}

void check_export_options(const ExportOptions& o) {
  if (o.prefix != ProbeHeaderInfo{}.prefix && o.format != "header")
    throw InputError("", 0, "--prefix", "only the header format has names to prefix");
  if (!is_header_prefix(o.prefix)) {
    throw InputError("", 0, "--prefix",
                     fmt::format("{} is not a C identifier of 1 to 32 letters, digits and "
                                 "underscores (not starting with a digit) other than egkb and "
                                 "egkb_... (libegkb-probe's names)",
                                 in_quotes(o.prefix)));
  }
  if (o.json && o.out == "-")
    throw InputError("", 0, "--json", "--json and --out - both write to standard output");
  check_output(o.out, files_of(o.kb.path), "--out");
  if (o.ranges && o.format != "csv" && o.format != "json")
    throw InputError("", 0, "--ranges", "only the csv and json formats carry ranges");
}

// Refuses a base with conflicts unless --allow-conflicts, naming the repair to run first.
void check_conflicts(const ExportOptions& o, const OpenedKb& opened,
                     const ConflictSummary& conflicts) {
  if (conflicts.inconsistent_nodes == 0 || o.allow_conflicts) return;
  const KnowledgeBase& kb = opened.kb;
  // A store is repaired in place; a CSV is never rewritten, so the repair needs --out.
  std::string repair = "egkb reduce " + kb.origin;
  if (!opened.store) {
    const std::string stem =
        kb.origin.ends_with(".csv") ? kb.origin.substr(0, kb.origin.size() - 4) : kb.origin;
    repair += fmt::format(" --out {0}-repaired.csv, then export {0}-repaired.csv", stem);
  }
  throw InputError(kb.origin, 0, "",
                   fmt::format("{} inconsistent nodes ({} mirror conflicts), which an engine "
                               "would trust; nothing was written. Repair it first ({}) or pass "
                               "--allow-conflicts",
                               conflicts.inconsistent_nodes, conflicts.mirror_conflicts, repair));
}

ExportResult run_export(const ExportOptions& o, Outputs& outputs) {
  OpenedKb opened = open(o.kb);
  const KnowledgeBase& kb = opened.kb;
  std::optional<ProgressStep> step(std::in_place, "building the lattice", "", 0);
  const ScoredLattice scored = ScoredLattice::of(kb);
  step.emplace("checking for conflicts", "", 0);
  if (o.ranges && !opened.store) {
    throw InputError(kb.origin, 0, "--ranges",
                     "a CSV base records no repair; ranges come from a store's last exact "
                     "repair");
  }
  const NodeRanges ranges = o.ranges ? recorded_ranges(*opened.store, scored) : NodeRanges{};
  ConflictCounter counter(scored.lattice);
  const ConflictSummary conflicts = counter.count(scored.ranks());
  check_conflicts(o, opened, conflicts);
  step.reset();
  const bool has_conflicts = conflicts.inconsistent_nodes > 0;
  ExportResult result{scored.lattice.size(),
                      kb.rows.size(),
                      kb.pieces->name(),
                      kb.origin,
                      o.format,
                      o.out,
                      has_conflicts,
                      conflicts.inconsistent_nodes,
                      write_export(o, kb, scored, has_conflicts, ranges, outputs)};
  outputs.publish();
  outputs.keep();
  return result;
}

}  // namespace

Command export_command() {
  auto o = std::make_shared<ExportOptions>();
  return {"export", "write a consistent KB for engines: csv, json, a score table or a C/C++ header",
          "egkb export kb.sqlite --format table --out kb.egkb",
          [o](OptionSink& sink) { declare_export_options(sink, *o); },
          [o] {
            check_export_options(*o);
            Outputs outputs;
            const ExportResult result = run_export(*o, outputs);
            // Data on standard output leaves the report to standard error.
            print_result(outputs.to_standard_output() ? stderr : stdout, o->json, result);
            return 0;
          }};
}

Command probe_command() {
  struct Options {
    std::string table;
    std::vector<std::string> materials;
    bool json = false;
  };
  auto o = std::make_shared<Options>();
  return {"probe", "look materials up in a table written by egkb export",
          "egkb probe kb.egkb KRKNMM KCKC",
          [o](OptionSink& sink) {
            sink.argument(o->table, "TABLE",
                          "a file from egkb export --format table (- reads standard input)");
            sink.arguments(o->materials, "MATERIAL", "one or more materials, e.g. KRKNMM");
            sink.flag(o->json, "--json", "print the answers as JSON");
          },
          [o] {
            // The library answers, as it answers an engine; egkb's parser words a refusal.
            const ProbeTable table = open_probe_table(o->table);
            const PieceSet& pieces = PieceSet::named(egkb_pieces(table.get()));
            nlohmann::ordered_json answers = nlohmann::ordered_json::array();
            // A material that does not parse is named after the others are answered.
            std::vector<std::string> refused;
            for (const std::string& text : o->materials) {
              Material m;
              try {
                m = parse_material(text, pieces);
              } catch (const MaterialParseError& e) {
                refused.emplace_back(e.what());
                if (o->json) answers.push_back({{"material", text}, {"error", e.what()}});
                continue;
              }
              const std::string material = format_material(m, pieces);
              const int score = egkb_probe_material(table.get(), text.c_str());
              const bool known = score != EGKB_UNKNOWN;
              const std::string meaning = known ? score_meaning(pieces, Score(score)) : "unknown";
              if (o->json) {
                answers.push_back({{"material", material},
                                   {"score", known ? nlohmann::ordered_json(score) : nullptr},
                                   {"meaning", meaning}});
              } else if (known) {
                fmt::print("{:<20} {}  {}\n", material, score, meaning);
              } else {
                fmt::print("{:<20} -  unknown: not in the table\n", material);
              }
            }
            if (o->json) std::cout << json_text(answers) << '\n';
            if (refused.size() == 1 && o->materials.size() == 1)
              throw InputError("", 0, "MATERIAL", refused.front());
            if (!refused.empty()) {
              throw InputError(
                  "", 0, "MATERIAL",
                  fmt::format("{} of the {} materials given {} not parse (the others are "
                              "answered):\n  {}",
                              refused.size(), o->materials.size(),
                              refused.size() == 1 ? "does" : "do", fmt::join(refused, "\n  ")));
            }
            return 0;
          }};
}

}  // namespace egkb::cli
