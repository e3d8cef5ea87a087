// evidence: a UCI engine's verdict on random positions of each material, kept apart from the
// base's rows (docs/design.md section 4b); `evidence import` merges the files of a sharded run.
#include <fmt/format.h>

#include <charconv>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>

#include "base/errors.h"
#include "base/text.h"
#include "cli/command.h"
#include "cli/evidence_options.h"
#include "cli/kb_options.h"
#include "evidence/calibration.h"
#include "evidence/evidence_file.h"
#include "evidence/evidence_import.h"
#include "evidence/evidence_record.h"
#include "evidence/evidence_run.h"
#include "io/json_text.h"
#include "io/material_list.h"

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
    for (const BatchItem& item : store->batch(BatchId(id)).items) add_key(item.key);
  } else if (rows == "ranges") {
    needs_store("ranges");
    for (const auto& [key, span] : store->last_ranges()) add_key(key);
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

nlohmann::ordered_json calibration_json(const Calibration& c, const std::string& against) {
  nlohmann::ordered_json agreement = nlohmann::ordered_json::object();
  for (std::size_t t = 0; t < kCalibrationThresholds.size(); ++t) {
    agreement[std::to_string(kCalibrationThresholds[t])] = c.agreement[t];
  }
  return {{"threshold", c.threshold},
          {"held_out", c.held_out},
          {"rows", c.rows},
          {"agreement", agreement},
          {"against", against}};
}

void print_calibration(const Calibration& c, const std::string& against) {
  fmt::print(
      "  threshold calibrated on {} rows of {}: {} cp, held-out rank agreement {:.1f}% (each "
      "fifth judged by the threshold the other four chose); the rows are counted at it\n",
      c.rows,
      against == "expert"   ? "the store's expert rows"
      : against == "solved" ? "the solved rows (exact counts)"
                            : path_text(against),
      c.threshold, 100 * c.held_out);
  fmt::print("    rank agreement by threshold:");
  for (std::size_t t = 0; t < kCalibrationThresholds.size(); ++t) {
    fmt::print("  {} {:.1f}%", kCalibrationThresholds[t], 100 * c.agreement[t]);
  }
  fmt::print("\n");
}

void print_outcome(const EvidenceOutcome& o, const EvidenceRequest& r, const std::string& engine,
                   const PieceSet& pieces) {
  fmt::print(
      "evidence: {} materials, {} ({}), {}, up to {} positions{}, threshold {} cp, {} job{}\n",
      o.materials, path_text(r.engine.program), engine, r.settings.budget.text(),
      r.settings.positions, r.settings.sequential ? " (fewer once sure)" : "", r.settings.threshold,
      r.jobs, r.jobs == 1 ? "" : "s");
  fmt::print("  searched {}, kept from before {}, failed {}, in {:.1f} s\n", o.searched, o.kept,
             o.failed, o.seconds);
  for (const EvidenceRecord& row : o.rows) {
    if (row.failed()) {
      fmt::print("  failed {}: {}\n", material_text(row.key, pieces), evidence_text(row.failure));
    } else if (!row.restarts.empty()) {
      fmt::print(
          "  the engine was started again on {}: {}{}\n", material_text(row.key, pieces),
          evidence_text(row.restarts.front()),
          row.restarts.size() == 1 ? "" : fmt::format(" (and {} more)", row.restarts.size() - 1));
    }
  }
}

}  // namespace

Command evidence_command() {
  auto o = std::make_shared<EvidenceCommandOptions>();
  return {
      "evidence",
      "a UCI engine's verdict on random positions of each material, kept beside the rows",
      "egkb evidence kb.sqlite --jobs 2",
      [o](OptionSink& sink) {
        sink.argument(o->kb_path, "KB",
                      "the knowledge base: a .csv file (- reads standard input) or a .sqlite "
                      "store");
        add_pieces_option(sink, o->kb.pieces);
        add_duplicate_option(sink, o->kb.on_duplicate);
        add_engine_options(sink, o->engine, true);
        sink.text(o->rows, "--rows",
                  "which rows: all, batch:ID (a drawn batch's), ranges (those the last exact "
                  "repair left open), or a file listing materials",
                  false);
        sink.text(o->shard, "--shard",
                  "K/N: only part K of N of the materials, into the --out file (a job array)");
        sink.text(o->calibrate, "--calibrate",
                  "calibrate the threshold on known scores: a truth (.csv or .sqlite), 'expert' "
                  "(the store's expert rows), 'solved' (the solved rows, searched too; the "
                  "default where there are 10 or more) or 'none'; the rows are counted again at "
                  "the one chosen");
        sink.flag(o->solved, "--solved",
                  "search the solved rows' materials too (skipped otherwise: their counts are "
                  "known)");
        sink.text(o->out, "--out",
                  "an evidence file to write (and continue, when it holds this search) instead of "
                  "the store");
        sink.flag(o->json, "--json", "print the figures and every material's row as JSON");
        sink.flag(o->quiet, "--quiet", "no progress on the terminal");
      },
      [o] {
        if (!o->kb_path) {
          throw InputError("", 0, "KB",
                           "no knowledge base given: egkb evidence KB (or egkb evidence import "
                           "KB FILE...)");
        }
        o->kb.path = *o->kb_path;
        OpenedKb opened = open(o->kb);
        const KnowledgeBase& kb = opened.kb;
        const PieceSet& pieces = *kb.pieces;
        EvidenceRequest request = evidence_request(o->engine, pieces);
        if (o->shard) request.shard = shard_named(*o->shard);
        if (!o->out && (!opened.store || request.shard)) {
          throw InputError("", 0, "--out",
                           request.shard ? "a shard writes an evidence file: give --out FILE"
                                         : "a CSV base keeps no evidence: give --out FILE, or "
                                           "import the base into a store");
        }
        if (o->out && o->kb.path == *o->out) {
          throw InputError("", 0, "--out", "the output would overwrite the knowledge base");
        }
        const std::optional<std::string> calibrate = calibration_of(*o, kb);
        const std::vector<std::size_t> chosen = chosen_rows(o->rows, kb, opened.store);
        const std::vector<std::size_t> rows = searched_rows(*o, kb, chosen, calibrate);
        const bool skipped_solved = !o->solved && calibrate != "solved" &&
                                    std::any_of(chosen.begin(), chosen.end(), [&](std::size_t i) {
                                      return kb.rows[i].source == Source::Solved;
                                    });
        const std::vector<Key> materials = evidence_materials(kb, rows, request.shard);
        const std::string engine = engine_name(request, o->json);
        std::vector<EvidenceRecord> stored;
        std::unique_ptr<EvidenceSink> sink;
        if (o->out) {
          const EvidenceFileHeader header{
              &pieces, engine, request.settings.budget.text(), request.settings.seed,
              o->shard ? fmt::format("{}/{}", request.shard->index, request.shard->count) : ""};
          sink = file_sink(*o->out, header, stored);
        } else {
          stored = opened.store->evidence();
          sink = store_sink(*opened.store, {{"engine", engine},
                                            {"program", request.engine.program},
                                            {"budget", request.settings.budget.text()},
                                            {"positions", request.settings.positions},
                                            {"threshold", request.settings.threshold},
                                            {"seed", request.settings.seed},
                                            {"rows", o->rows},
                                            {"jobs", request.jobs}});
        }
        const EvidencePlan plan = plan_evidence(materials, pieces, stored, request, engine);
        EvidenceOutcome outcome = gather(plan, request, pieces, sink.get());
        std::optional<Calibration> calibration;
        std::unordered_map<Key, Score> known;
        if (calibrate) known = known_scores(*o, *calibrate, kb, opened.store);
        // The default calibration gives way where a shard, or failures, left too few rows.
        const bool too_few = calibrate && !o->calibrate &&
                             known_searched(outcome.rows, known) < kLeastCalibrationRows;
        if (calibrate && !too_few) {
          calibration = calibrate_threshold(outcome.rows, known);
          for (EvidenceRecord& r : outcome.rows) {
            if (r.threshold == calibration->threshold) continue;
            recount(r, calibration->threshold);
            sink->put(r);
          }
        }
        if (o->json) {
          nlohmann::ordered_json list = nlohmann::ordered_json::array();
          for (const EvidenceRecord& r : outcome.rows) list.push_back(evidence_json(r, pieces));
          nlohmann::ordered_json j{{"materials", outcome.materials}, {"searched", outcome.searched},
                                   {"kept", outcome.kept},           {"failed", outcome.failed},
                                   {"seconds", outcome.seconds},     {"rows", list}};
          if (calibration) j["calibration"] = calibration_json(*calibration, *calibrate);
          std::cout << json_text(j) << '\n';
        } else {
          print_outcome(outcome, request, engine, pieces);
          if (calibration) print_calibration(*calibration, *calibrate);
          if (skipped_solved) {
            fmt::print(
                "  the solved rows were skipped: their counts are known (--solved "
                "searches them)\n");
          }
          if (too_few) {
            fmt::print("  not calibrated: fewer than {} solved materials searched here\n",
                       kLeastCalibrationRows);
          }
        }
        if (outcome.failed > 0) {
          throw IoError(fmt::format(
              "{} of {} materials failed (named above; every other material's evidence is "
              "kept): run the command again to retry them",
              outcome.failed, outcome.materials));
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
            if (o->json) {
              nlohmann::ordered_json torn = nlohmann::ordered_json::array();
              for (const auto& t : counts.torn_lines)
                torn.push_back({{"file", t.file}, {"line", t.line}});
              std::cout << json_text({{"files", counts.files},
                                      {"rows", counts.rows},
                                      {"added", counts.added},
                                      {"replaced", counts.replaced},
                                      {"unchanged", counts.unchanged},
                                      {"torn_lines", torn}})
                        << '\n';
            } else {
              fmt::print("evidence import: {} from {}: {} added, {} replaced, {} unchanged\n",
                         counted(counts.rows, "row"), counted(counts.files, "file"), counts.added,
                         counts.replaced, counts.unchanged);
            }
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
