// evidence: a UCI engine's verdict on random positions of each material, kept apart from the
// base's rows (docs/design.md section 4b); `evidence import` merges the files of a sharded run.
#include <fmt/format.h>

#include <charconv>
#include <map>
#include <nlohmann/json.hpp>

#include "base/errors.h"
#include "base/text.h"
#include "cli/command.h"
#include "cli/evidence_options.h"
#include "cli/evidence_result.h"
#include "cli/kb_options.h"
#include "cli/result_output.h"
#include "evidence/calibration.h"
#include "evidence/evidence_file.h"
#include "evidence/evidence_import.h"
#include "evidence/evidence_record.h"
#include "evidence/evidence_run.h"
#include "io/material_list.h"
#include "store/batches.h"
#include "store/evidence.h"
#include "store/runs.h"

namespace egkb::cli {

namespace {

struct EvidenceCommandOptions {
  KbOptions kb;
  // Optional to the parser: CLI11 fills a required argument before it looks for a subcommand,
  // so `evidence import` would read "import" as the KB. Checked when the command runs.
  std::optional<std::string> kb_path;
  EngineOptions engine;
  std::string rows = "all";
  std::optional<std::string> shard;
  std::optional<std::string> out;
  std::optional<std::string> calibrate;
  bool solved = false;
  bool json = false;
  bool quiet = false;
};

Shard shard_named(const std::string& text) {
  const auto slash = text.find('/');
  uint32_t k = 0, n = 0;
  const auto number = [](std::string_view s, uint32_t& v) {
    const auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), v);
    return error == std::errc() && end == s.data() + s.size();
  };
  if (slash == std::string::npos || !number(std::string_view(text).substr(0, slash), k) ||
      !number(std::string_view(text).substr(slash + 1), n) || n == 0 || k == 0 || k > n) {
    throw InputError("", 0, "--shard",
                     in_quotes(text) +
                         " is not K/N with 1 <= K <= N, e.g. 2/8 for the second of "
                         "eight parts");
  }
  return {k, n};
}

// The rows --rows names, as indices into the KB's rows.
std::vector<std::size_t> chosen_rows(const std::string& rows, const KnowledgeBase& kb,
                                     std::optional<Store>& store) {
  std::map<Key, std::size_t> row_of;
  for (std::size_t i = 0; i < kb.rows.size(); ++i) row_of[kb.rows[i].key] = i;
  std::vector<std::size_t> out;
  const auto add_key = [&](Key key) {
    if (const auto it = row_of.find(key); it != row_of.end()) out.push_back(it->second);
  };
  const auto needs_store = [&](const char* what) {
    if (!store) throw InputError("", 0, "--rows", fmt::format("{} needs a store (.sqlite)", what));
  };
  if (rows == "all") {
    for (std::size_t i = 0; i < kb.rows.size(); ++i) out.push_back(i);
  } else if (rows.rfind("batch:", 0) == 0) {
    needs_store("batch:ID");
    int64_t id = 0;
    const std::string_view digits = std::string_view(rows).substr(6);
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), id);
    if (error != std::errc() || end != digits.data() + digits.size()) {
      throw InputError("", 0, "--rows", in_quotes(rows) + " is not batch:ID with a batch's number");
    }
    for (const BatchItem& item : store::batch(*store, BatchId(id)).items) add_key(item.key);
  } else if (rows == "ranges") {
    needs_store("ranges");
    for (const auto& [key, span] : store::last_ranges(*store)) add_key(key);
  } else {
    const PieceSet& pieces = *kb.pieces;
    for (const ListedMaterial& m : read_material_list(rows, pieces)) {
      const Key key = key_of(m.material, pieces);
      const auto it = row_of.count(key) ? row_of.find(key) : row_of.find(mirror_key(key, pieces));
      if (it == row_of.end()) {
        throw InputError(rows, m.line, "material",
                         format_material(m.material, pieces) +
                             " is not in the knowledge base, nor is its mirror");
      }
      out.push_back(it->second);
    }
  }
  return out;
}

std::size_t solved_rows(const KnowledgeBase& kb) {
  return static_cast<std::size_t>(std::count_if(
      kb.rows.begin(), kb.rows.end(), [](const KbRow& r) { return r.source == Source::Solved; }));
}

// What the threshold is calibrated on: --calibrate's, else the solved rows where there are
// enough of them (their materials are then searched too); nullopt for none.
std::optional<std::string> calibration_of(const EvidenceCommandOptions& o,
                                          const KnowledgeBase& kb) {
  if (o.calibrate == "none") return std::nullopt;
  if (o.calibrate) return o.calibrate;
  if (solved_rows(kb) >= kLeastCalibrationRows) return "solved";
  return std::nullopt;
}

// The rows --rows names without the solved ones (unless --solved), then with --calibrate solved
// every solved row, whose known score the threshold is chosen on.
std::vector<std::size_t> searched_rows(const EvidenceCommandOptions& o, const KnowledgeBase& kb,
                                       const std::vector<std::size_t>& chosen,
                                       const std::optional<std::string>& calibrate) {
  std::vector<std::size_t> rows;
  for (const std::size_t i : chosen) {
    if (o.solved || kb.rows[i].source != Source::Solved) rows.push_back(i);
  }
  if (calibrate == "solved") {
    for (std::size_t i = 0; i < kb.rows.size(); ++i) {
      if (kb.rows[i].source == Source::Solved) rows.push_back(i);
    }
  }
  return rows;
}

// The known score of each key, mirrors included: a truth's rows, or the store's expert or solved
// rows.
std::unordered_map<Key, Score> known_scores(const EvidenceCommandOptions& o,
                                            const std::string& calibrate, const KnowledgeBase& kb,
                                            std::optional<Store>& store) {
  KnowledgeBase known;
  if (calibrate == "solved") {
    known.pieces = kb.pieces;
    for (const KbRow& row : kb.rows) {
      if (row.source == Source::Solved) known.rows.push_back(row);
    }
  } else if (calibrate == "expert") {
    if (!store) {
      throw InputError("", 0, "--calibrate", "'expert' reads a store's expert rows; give a truth");
    }
    known.pieces = kb.pieces;
    for (const KbRow& row : kb.rows) {
      if (row.source == Source::Expert) known.rows.push_back(row);
    }
  } else {
    known = load_truth(o.kb, calibrate, kb);
  }
  std::unordered_map<Key, Score> scores;
  for (const KbRow& row : known.rows) {
    scores.emplace(row.key, row.score);
    scores.emplace(mirror_key(row.key, *kb.pieces), mirror(row.score));
  }
  return scores;
}

std::size_t known_searched(std::span<const EvidenceRecord> rows,
                           const std::unordered_map<Key, Score>& known) {
  return static_cast<std::size_t>(
      std::count_if(rows.begin(), rows.end(),
                    [&](const EvidenceRecord& r) { return !r.failed() && known.contains(r.key); }));
}

void declare_evidence_options(OptionSink& sink, EvidenceCommandOptions& o) {
  sink.argument(o.kb_path, "KB",
                "the knowledge base: a .csv file (- reads standard input) or a .sqlite store");
  add_pieces_option(sink, o.kb.pieces);
  add_duplicate_option(sink, o.kb.on_duplicate);
  add_engine_options(sink, o.engine, true);
  sink.text(o.rows, "--rows",
            "which rows: all, batch:ID (a drawn batch's), ranges (those the last exact repair "
            "left open), or a file listing materials",
            false);
  sink.text(o.shard, "--shard",
            "K/N: only part K of N of the materials, into the --out file (a job array)");
  sink.text(o.calibrate, "--calibrate",
            "calibrate the threshold on known scores: a truth (.csv or .sqlite), 'expert' (the "
            "store's expert rows), 'solved' (the solved rows, searched too; the default where "
            "there are 10 or more) or 'none'; the rows are counted again at the one chosen");
  sink.flag(o.solved, "--solved",
            "search the solved rows' materials too (skipped otherwise: their counts are known)");
  sink.text(o.out, "--out",
            "an evidence file to write (and continue, when it holds this search) instead of the "
            "store");
  sink.flag(o.json, "--json", "print the figures and every material's row as JSON");
  sink.flag(o.quiet, "--quiet", "no progress on the terminal");
}

// A shard, or a CSV base, writes its rows to an --out file, never over the base.
void check_target(const EvidenceCommandOptions& o, const OpenedKb& opened,
                  const EvidenceRequest& request) {
  if (!o.out && (!opened.store || request.shard)) {
    throw InputError("", 0, "--out",
                     request.shard ? "a shard writes an evidence file: give --out FILE"
                                   : "a CSV base keeps no evidence: give --out FILE, or import "
                                     "the base into a store");
  }
  if (o.out && o.kb.path == *o.out) {
    throw InputError("", 0, "--out", "the output would overwrite the knowledge base");
  }
}

// Where the rows go: the --out file, or the store's table; `stored` gets what is kept there.
std::unique_ptr<EvidenceSink> evidence_sink(const EvidenceCommandOptions& o, OpenedKb& opened,
                                            const EvidenceRequest& request,
                                            const std::string& engine,
                                            std::vector<EvidenceRecord>& stored) {
  if (o.out) {
    const EvidenceFileHeader header{
        opened.kb.pieces, engine, request.settings.budget.text(), request.settings.seed,
        o.shard ? fmt::format("{}/{}", request.shard->index, request.shard->count) : ""};
    return file_sink(*o.out, header, stored);
  }
  stored = store::evidence(*opened.store);
  return store_sink(*opened.store, {{"engine", engine},
                                    {"program", request.engine.program},
                                    {"budget", request.settings.budget.text()},
                                    {"positions", request.settings.positions},
                                    {"threshold", request.settings.threshold},
                                    {"seed", request.settings.seed},
                                    {"rows", o.rows},
                                    {"jobs", request.jobs}});
}

// The threshold chosen on the known rows searched, and every row counted again at it. The default
// calibration gives way where a shard, or failures, left too few rows.
void calibrate(EvidenceResult& result, const EvidenceCommandOptions& o, OpenedKb& opened,
               EvidenceSink& sink) {
  const std::unordered_map<Key, Score> known =
      known_scores(o, result.calibrated_against, opened.kb, opened.store);
  result.too_few_to_calibrate =
      !o.calibrate && known_searched(result.outcome.rows, known) < kLeastCalibrationRows;
  if (result.too_few_to_calibrate) return;
  result.calibration = calibrate_threshold(result.outcome.rows, known, *opened.kb.pieces);
  for (EvidenceRecord& r : result.outcome.rows) {
    if (r.threshold == result.calibration->threshold) continue;
    recount(r, result.calibration->threshold, *opened.kb.pieces);
    sink.put(r);
  }
}

// Searches the rows asked for (and the known ones a calibration needs) and keeps their evidence.
EvidenceResult run_evidence(const EvidenceCommandOptions& o, OpenedKb& opened) {
  const KnowledgeBase& kb = opened.kb;
  EvidenceResult result;
  result.request = evidence_request(o.engine, *kb.pieces);
  result.pieces = kb.pieces;
  if (o.shard) result.request.shard = shard_named(*o.shard);
  check_target(o, opened, result.request);
  const std::optional<std::string> against = calibration_of(o, kb);
  const std::vector<std::size_t> chosen = chosen_rows(o.rows, kb, opened.store);
  const std::vector<std::size_t> rows = searched_rows(o, kb, chosen, against);
  result.skipped_solved = !o.solved && against != "solved" &&
                          std::any_of(chosen.begin(), chosen.end(), [&](std::size_t i) {
                            return kb.rows[i].source == Source::Solved;
                          });
  const std::vector<Key> materials = evidence_materials(kb, rows, result.request.shard);
  result.engine = engine_name(result.request, o.json);
  std::vector<EvidenceRecord> stored;
  const std::unique_ptr<EvidenceSink> sink =
      evidence_sink(o, opened, result.request, result.engine, stored);
  const EvidencePlan plan =
      plan_evidence(materials, *kb.pieces, stored, result.request, result.engine);
  result.outcome = gather(plan, result.request, *kb.pieces, sink.get());
  if (against) {
    result.calibrated_against = *against;
    calibrate(result, o, opened, *sink);
  }
  return result;
}

}  // namespace

Command evidence_command() {
  auto o = std::make_shared<EvidenceCommandOptions>();
  return {"evidence",
          "a UCI engine's verdict on random positions of each material, kept beside the rows",
          "egkb evidence kb.sqlite --jobs 2",
          [o](OptionSink& sink) { declare_evidence_options(sink, *o); },
          [o] {
            if (!o->kb_path) {
              throw InputError("", 0, "KB",
                               "no knowledge base given: egkb evidence KB (or egkb evidence "
                               "import KB FILE...)");
            }
            o->kb.path = *o->kb_path;
            OpenedKb opened = open(o->kb);
            const EvidenceResult result = run_evidence(*o, opened);
            print_result(stdout, o->json, result);
            if (result.outcome.failed > 0) {
              throw IoError(fmt::format(
                  "{} of {} materials failed (named above; every other material's evidence is "
                  "kept): run the command again to retry them",
                  result.outcome.failed, result.outcome.materials));
            }
            return 0;
          }};
}

Command evidence_import_command() {
  struct ImportOptions {
    std::string kb;
    std::vector<std::string> files;
    bool json = false;
  };
  auto o = std::make_shared<ImportOptions>();
  return {"evidence import",
          "merge evidence files (the shards of a job array) into a store, idempotently",
          "egkb evidence import kb.sqlite shard-*.jsonl",
          [o](OptionSink& sink) {
            sink.argument(o->kb, "KB", "the store (.sqlite) to merge into");
            sink.arguments(o->files, "FILE", "evidence files from egkb evidence --out");
            sink.flag(o->json, "--json", "print the figures as JSON");
          },
          [o] {
            require_store(o->kb);
            Store store = open_store(o->kb);
            const EvidenceImport counts = import_evidence(store, o->files);
            print_result(stdout, o->json, counts);
            // Said even with --json: a row left out is worth a word on the terminal.
            for (const auto& t : counts.torn_lines) {
              fmt::print(stderr,
                         "egkb: {}:{}: the last line is cut off (its writer stopped half-way) and "
                         "was left out; run that search again to import its material\n",
                         path_text(t.file), t.line);
            }
            return 0;
          }};
}

}  // namespace egkb::cli
