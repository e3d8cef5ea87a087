#include <fmt/format.h>

#include <cstdio>
#include <nlohmann/json.hpp>

#include "base/errors.h"
#include "base/text.h"
#include "cli/command.h"
#include "cli/counts_options.h"
#include "cli/kb_options.h"
#include "cli/result_output.h"
#include "io/output_files.h"
#include "store/import.h"
#include "store/solved_rows.h"

namespace egkb::cli {

namespace {

struct Options {
  std::string store;
  std::string file;
  std::optional<std::string> source;
  bool invariable = false;
  std::optional<std::string> pieces;
  std::optional<std::string> on_duplicate;
  CountsOptions counts;
  bool solved = false;
  bool json = false;
};

// --source's choices: every provenance but solved, which --solved alone gives.
std::vector<std::string> sources_a_user_gives() {
  std::vector<std::string> names;
  for (const Named<Source>& s : kSources) {
    if (s.value != Source::Solved) names.emplace_back(s.name);
  }
  return names;
}

void check_solved_options(const Options& o) {
  if (!o.counts.from_counts) {
    throw InputError("", 0, "--solved",
                     "marks counts as exact: give the counts file with --from-counts");
  }
  if (o.source || o.invariable) {
    throw InputError("", 0, o.source ? "--source" : "--invariable",
                     "a solved row's provenance is solved, and it is invariable: leave the "
                     "option out with --solved");
  }
}

// What an import of solved counts did, as its JSON and its text say it.
struct SolvedImportFigures {
  std::string store;
  std::string file;
  std::string pieces;
  std::size_t materials = 0;
  std::size_t repetition_draw = 0;
  SolvedResult result;
};

nlohmann::ordered_json to_json(const SolvedImportFigures& f) {
  const SolvedResult& r = f.result;
  return {{"store", f.store},
          {"file", f.file},
          {"pieces", f.pieces},
          {"materials", f.materials},
          {"exact", f.materials - f.repetition_draw},
          {"repetition_draw", f.repetition_draw},
          {"added", r.added},
          {"rescored", r.rescored},
          {"confirmed", r.confirmed},
          {"unchanged", r.unchanged},
          {"run", r.run}};
}

void print_text(std::FILE* out, const SolvedImportFigures& f) {
  const SolvedResult& r = f.result;
  fmt::print(out,
             "imported {} solved materials ({} pieces; {} exact, {} repetition-draw) from {} "
             "into {}: {} rows added, {} rescored, {} confirmed, {} unchanged (run {})\n",
             f.materials, f.pieces, f.materials - f.repetition_draw, f.repetition_draw,
             path_text(f.file), path_text(f.store), r.added, r.rescored, r.confirmed, r.unchanged,
             r.run);
}

// The counts as solved materials, each with the rules its material allows, recorded in one
// write (store/solved_rows.h).
SolvedImportFigures import_solved(const Options& o, const CountsFile& counts, const ScoreBins& bins,
                                  std::optional<Store> existing) {
  std::vector<SolvedMaterial> materials;
  for (const PositionCounts& c : counts.materials) {
    materials.push_back({c, rules_of(material_of(c.key, *counts.pieces), *counts.pieces),
                         std::nullopt, std::nullopt});
  }
  Outputs outputs;
  Store store = existing ? std::move(*existing) : Store::create(o.store, *counts.pieces, outputs);
  const SolvedResult r = record_solved(
      store, materials,
      {.command = "import",
       .parameters = {{"file", o.file},
                      {"source", source_name(Source::Solved)},
                      {"pieces", counts.pieces->name()},
                      {"from_counts",
                       {{"bins", bins.edges}, {"almost_draw", o.counts.almost_draw_share()}}}},
       .origin = counts.origin,
       .bins = bins,
       .almost_draw = o.counts.almost_draw_share()},
      &outputs);
  std::size_t repetition_draw = 0;
  for (const SolvedMaterial& m : materials) repetition_draw += m.rules != SolveRules::Exact;
  return {o.store, o.file, counts.pieces->name(), materials.size(), repetition_draw, r};
}

// What an import of a base or of counts did, as its JSON and its text say it.
struct ImportFigures {
  std::string store;
  std::string file;
  std::string pieces;
  std::size_t rows = 0;
  ImportResult result;
};

nlohmann::ordered_json to_json(const ImportFigures& f) {
  const ImportResult& r = f.result;
  return {{"store", f.store},
          {"file", f.file},
          {"pieces", f.pieces},
          {"rows", f.rows},
          {"added", r.added},
          {"rescored", r.rescored},
          {"reflagged", r.reflagged},
          {"unchanged", r.unchanged},
          {"run", r.run},
          {"solved_kept", r.solved_kept}};
}

void print_text(std::FILE* out, const ImportFigures& f) {
  const ImportResult& r = f.result;
  fmt::print(out,
             "imported {} rows ({} pieces) from {} into {}: {} added, {} rescored, {} with new "
             "flags, {} unchanged{} (run {})\n",
             f.rows, f.pieces, path_text(f.file), path_text(f.store), r.added, r.rescored,
             r.reflagged, r.unchanged,
             r.solved_kept == 0
                 ? std::string()
                 : fmt::format(", {} solved rows kept as they are (an import never replaces "
                               "what is solved)",
                               r.solved_kept),
             r.run);
}

// The store the rows go into, opened once: --pieces must name what it holds.
std::optional<Store> existing_store(const Options& o) {
  if (!is_store_path(o.store)) {
    throw InputError(o.store, 0, "KB", "expected a store path ending in .sqlite");
  }
  check_output(o.store, {o.file}, "KB");
  std::optional<Store> existing;
  if (path_exists(o.store)) existing.emplace(Store::open(o.store));
  if (existing && o.pieces && *o.pieces != existing->pieces().name()) {
    throw InputError(
        o.store, 0, "--pieces",
        fmt::format("the store holds {} materials, not {}", existing->pieces().name(), *o.pieces));
  }
  if (o.counts.from_counts && o.on_duplicate) {
    throw InputError("", 0, "--on-duplicate",
                     "applies to a base; a counts file gives each material once");
  }
  if (o.solved) check_solved_options(o);
  return existing;
}

CsvOptions csv_request(const Options& o, const std::optional<Store>& existing) {
  CsvOptions csv;
  if (existing) {
    csv.pieces = &existing->pieces();
  } else if (o.pieces) {
    csv.pieces = &PieceSet::named(*o.pieces);
  }
  if (o.source) csv.default_source = *source_named(*o.source);
  csv.all_invariable = o.invariable;
  if (o.on_duplicate) csv.on_duplicate = duplicate_policy_named(*o.on_duplicate, "--on-duplicate");
  return csv;
}

// Reads the base, or the counts binned into one, and imports it in one write.
ImportFigures import_rows(const Options& o, const CsvOptions& csv, const ScoreBins& bins,
                          const std::optional<CountsFile>& counts, std::optional<Store> existing) {
  const KnowledgeBase kb = counts ? kb_of_counts(*counts, bins, o.counts.almost_draw_share(), csv)
                                  : read_csv(ByteSource::file(o.file), csv);
  nlohmann::ordered_json parameters = {{"file", o.file},
                                       {"source", source_name(csv.default_source)},
                                       {"invariable", o.invariable},
                                       {"pieces", kb.pieces->name()}};
  if (counts) {
    parameters["from_counts"] = {{"bins", bins.edges},
                                 {"almost_draw", o.counts.almost_draw_share()}};
  } else {
    parameters["on_duplicate"] = kDuplicatePolicies.name(csv.on_duplicate);
  }
  Outputs outputs;
  Store store = existing ? std::move(*existing) : Store::create(o.store, *kb.pieces, outputs);
  const ImportResult r = import_kb(store, kb, parameters, &outputs,
                                   counts ? std::span<const PositionCounts>(counts->materials)
                                          : std::span<const PositionCounts>());
  return {o.store, o.file, kb.pieces->name(), kb.rows.size(), r};
}

void declare_import_options(OptionSink& sink, Options& o) {
  sink.argument(o.store, "KB", "the .sqlite store, created when missing");
  sink.argument(o.file, "FILE",
                "the CSV file (- reads standard input): a base (material,score), or "
                "with --from-counts the counts (material,wtm_win,...,btm_loss or "
                "material,win,draw,loss)");
  sink.text(o.source, "--source",
            fmt::format("provenance of rows without a source column (default {})",
                        source_name(CsvOptions{}.default_source))
                .c_str(),
            sources_a_user_gives());
  sink.flag(o.invariable, "--invariable", "mark every row invariable");
  add_pieces_option(sink, o.pieces);
  add_duplicate_option(sink, o.on_duplicate);
  add_counts_options(sink, o.counts);
  sink.flag(o.solved, "--solved",
            "with --from-counts: the counts are exact (a solver's, per side to move): "
            "each material becomes a solved row, invariable, with its rules (exact, or "
            "repetition-draw where both sides have attackers; docs/solve.md)");
  sink.flag(o.json, "--json", "print the counts as JSON");
}

}  // namespace

Command import_command() {
  auto o = std::make_shared<Options>();
  return {"import",
          "read a CSV knowledge base, or tablebase statistics (--from-counts), into a SQLite "
          "store, created when missing",
          "egkb import kb.sqlite base.csv --source manual",
          [o](OptionSink& sink) { declare_import_options(sink, *o); },
          [o] {
            std::optional<Store> existing = existing_store(*o);
            const CsvOptions csv = csv_request(*o, existing);
            const ScoreBins bins = o->counts.score_bins();
            std::optional<CountsFile> counts;
            if (o->counts.from_counts)
              counts = read_counts_csv(ByteSource::file(o->file), csv.pieces);
            if (o->solved) {
              print_result(stdout, o->json, import_solved(*o, *counts, bins, std::move(existing)));
            } else {
              print_result(stdout, o->json,
                           import_rows(*o, csv, bins, counts, std::move(existing)));
            }
            return 0;
          }};
}

}  // namespace egkb::cli
