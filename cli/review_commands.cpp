// sample, review import, review undo, estimate: the expert's loop on a store (DESIGN.md
// section 4).
#include <fmt/format.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "cli/kb_options.h"
#include "io/output_files.h"
#include "lattice/errors.h"
#include "lattice/material.h"
#include "lattice/neighbourhood.h"
#include "present/json_forms.h"
#include "review/result_json.h"
#include "review/reviewer.h"
#include "review/rules.h"
#include "review/sheet.h"
#include "sampling/active.h"
#include "sampling/distance_k.h"
#include "sampling/estimate.h"
#include "sampling/hss.h"
#include "sampling/risk.h"

namespace egkb::cli {

namespace {

// A sheet's CSV file and the HTML page beside it (none for standard output).
struct SheetPaths {
  std::string csv;
  std::string html;
};

SheetPaths sheet_paths(const std::string& out) {
  if (out == "-") return {out, ""};
  if (std::filesystem::path(out).extension() != ".csv")
    throw InputError(out, 0, "--out", "expected a .csv file");
  return {out, std::filesystem::path(out).replace_extension(".html").string()};
}

// Refuses sheet paths that exist: an older sheet may hold a reviewer's verdicts not yet
// imported.
void check_sheet_paths(const SheetPaths& paths, const std::string& kb) {
  for (const std::string& file : {paths.csv, paths.html}) {
    if (file.empty()) continue;
    check_output(file, files_of(kb), "--out");
    if (file != "-" && path_exists(file)) {
      throw InputError(file, 0, "--out",
                       "exists already, and a sheet may hold a reviewer's verdicts; name a new "
                       "file");
    }
  }
}

void write_sheets(Outputs& outputs, const SheetPaths& paths, int64_t batch,
                  const std::vector<SheetRow>& sheet, const PieceSet& pieces,
                  const std::string& store) {
  outputs.write(
      paths.csv, [&](std::ostream& out) { write_sheet_csv(out, batch, sheet, pieces); }, false);
  if (!paths.html.empty()) {
    outputs.write(
        paths.html,
        [&](std::ostream& out) { write_sheet_html(out, batch, sheet, pieces, store, paths.csv); },
        false);
  }
}

}  // namespace

Command sample_command() {
  struct Options {
    KbOptions kb;
    SampleDesign sample;
    uint64_t seed = 1;
    std::string out;
    std::string design = "distance-k";
    bool exclude_reviewed = false;
    bool json = false;
  };
  auto o = std::make_shared<Options>();
  return {
      "sample", "draw a review batch from a store: a CSV sheet and an HTML page for the expert",
      "egkb sample kb.sqlite --p 0.01 --k 4 --seed 1 --out batch.csv",
      [o](OptionSink& sink) {
        add_kb_options(sink, o->kb, false);
        add_sample_design_options(sink, o->sample, "");
        sink.whole(o->seed, "--seed", "same seed, same batch", 0, UINT64_MAX);
        sink.text(o->out, "--out",
                  "the sheet (a new .csv file; the HTML page goes beside it), or - for the CSV on "
                  "standard output",
                  true);
        sink.flag(o->exclude_reviewed, "--exclude-reviewed",
                  "never sample rows an expert has reviewed");
        sink.flag(o->json, "--json", "print the batch's figures as JSON");
      },
      [o] {
        require_store(o->kb.path);
        if (o->json && o->out == "-")
          throw InputError("", 0, "--json", "--json and --out - both write to standard output");
        const bool to_stdout = o->out == "-";
        const auto [csv, html] = sheet_paths(o->out);
        check_sheet_paths({csv, html}, o->kb.path);
        OpenedKb opened = open(o->kb);
        const KnowledgeBase& kb = opened.kb;
        o->sample.check(*kb.pieces);
        const std::unordered_map<Key, Score> original = opened.store->original_scores();
        std::vector<uint8_t> eligible(kb.rows.size(), 1);
        std::vector<std::size_t> strata(3, 0);  // eligible rows by provenance, for the estimate
        std::size_t population = 0;
        for (std::size_t i = 0; i < kb.rows.size(); ++i) {
          eligible[i] = !(o->exclude_reviewed && kb.rows[i].source == Source::Expert);
          population += eligible[i];
          if (eligible[i]) ++strata[static_cast<std::size_t>(kb.rows[i].source)];
        }
        if (population == 0) {
          throw InputError(o->kb.path, 0, o->exclude_reviewed ? "--exclude-reviewed" : "",
                           kb.rows.empty() ? "the store holds no rows to draw; nothing was recorded"
                                           : "every row has been reviewed by an expert, so no row "
                                             "is left to draw; nothing was recorded");
        }
        const std::size_t wanted = o->sample.wanted(population);
        const std::string& design = o->sample.design;
        Random random(o->seed);
        std::vector<std::size_t> rows;
        std::vector<double> probability;
        if (design == "distance-k") {
          rows = sample_distance_k(kb, wanted, o->sample.distance(), random, eligible).rows;
          probability.assign(rows.size(),
                             static_cast<double>(wanted) /
                                 static_cast<double>(std::max<std::size_t>(population, 1)));
        } else {
          KnowledgeBase first = kb;
          for (KbRow& row : first.rows) {
            if (const auto it = original.find(row.key); it != original.end())
              row.score = it->second;
          }
          if (design == "active") {
            ActiveSample drawn = sample_active(kb, active_risk(kb, first), wanted,
                                               kActiveCensusShare, random, eligible);
            rows = std::move(drawn.rows);
            probability = std::move(drawn.probability);
          } else {
            const std::vector<double> p =
                risk_probabilities(kb, first, static_cast<double>(wanted));
            rows = HybridSampler(p).draw(random);
            for (std::size_t i : rows) probability.push_back(p[i]);
          }
        }
        if (rows.empty()) {
          throw InputError("", 0, "--seed",
                           fmt::format("the {} design drew no row with this seed (its rows are "
                                       "drawn independently); nothing was recorded: try another "
                                       "seed or a larger --p",
                                       design));
        }
        Batch batch;
        batch.design = design;
        batch.seed = o->seed;
        batch.population = population;
        batch.parameters = nlohmann::json{
            {"p", o->sample.share()},
            {"size", wanted},
            {"k", o->sample.distance()},
            {"exclude_reviewed", o->exclude_reviewed},
            {"strata", strata}}.dump();
        for (std::size_t j = 0; j < rows.size(); ++j) {
          const KbRow& row = kb.rows[rows[j]];
          batch.items.push_back(
              {row.key, row.score, probability[j], static_cast<std::size_t>(row.source)});
        }
        const std::vector<SheetRow> sheet = sheet_rows(kb, original, batch.items);
        // The sheets carry the batch's number, known inside the write; they appear after its
        // commit (`review export` writes them again should they not), and never over a sheet
        // another command wrote meanwhile: it may hold verdicts.
        Outputs outputs;
        int64_t id = 0;
        opened.store->write(
            [&](StoreWriter& w) {
              id = w.add_batch(batch);
              write_sheets(outputs, {csv, html}, id, sheet, *kb.pieces, o->kb.path);
            },
            &outputs);
        if (o->json) {
          std::cout << nlohmann::ordered_json{{"batch", id},      {"rows", rows.size()},
                                              {"wanted", wanted}, {"design", design},
                                              {"seed", o->seed},  {"csv", csv},
                                              {"html", html}}
                           .dump(2)
                    << '\n';
          return 0;
        }
        std::FILE* text = to_stdout ? stderr : stdout;
        fmt::print(text, "batch {}: {} rows ({}, seed {}) -> {}{}\n", id, rows.size(), design,
                   o->seed, csv, html.empty() ? "" : ", " + html);
        if (design == "distance-k" && rows.size() < wanted) {
          fmt::print(text, "  only {} of the {} rows asked for fit at pairwise distance >= {}\n",
                     rows.size(), wanted, o->sample.distance());
        }
        return 0;
      }};
}

namespace {

struct SheetOptions {
  KbOptions kb;
  std::string sheet;
  bool partial = false;
};

void add_sheet_options(OptionSink& sink, SheetOptions& o) {
  add_kb_options(sink, o.kb, false);
  sink.argument(o.sheet, "SHEET",
                "the batch CSV with its verdict column filled (- reads standard input)");
  sink.flag(o.partial, "--partial", "the sheet may lack rows of its batch: use those it has");
}

FilledSheet read_filled_sheet(const SheetOptions& o, const PieceSet& pieces) {
  return read_sheet(ByteSource::file(o.sheet), pieces);
}

void print_plan(const Store& store, const ReviewPlan& plan, bool dry_run) {
  const PieceSet& pieces = store.pieces();
  for (const std::string& note : plan.notes) fmt::print("  note: {}\n", note);
  std::unordered_map<Key, Score> earlier;
  if (plan.replaces) earlier = plan.replaces->verdicts;
  std::size_t shown = 0;
  for (const PlannedVerdict& v : plan.verdicts) {
    const auto was = earlier.find(v.verdict.key);
    const bool differs = was != earlier.end() && was->second != v.verdict.verdict;
    const bool change = v.before.score != v.after.score;
    if (!(dry_run ? change || differs : differs) || shown == 50) continue;
    ++shown;
    fmt::print("  {}{} {} -> {}{}\n", dry_run ? "would set " : "",
               material_text(v.verdict.key, pieces), value(v.before.score), value(v.after.score),
               differs ? fmt::format("  (the earlier verdict, by {}, was {})",
                                     plan.replaces->reviewer, value(was->second))
                       : "");
  }
}

}  // namespace

Command review_import_command() {
  struct Options {
    SheetOptions sheet;
    std::string reviewer;
    bool accept_stale = false;
    bool replace = false;
    bool dry_run = false;
    bool json = false;
  };
  auto o = std::make_shared<Options>();
  return {"review import", "apply a filled batch sheet: every verdict or none",
          "egkb review import kb.sqlite batch.csv --reviewer alice",
          [o](OptionSink& sink) {
            add_sheet_options(sink, o->sheet);
            sink.text(o->reviewer, "--reviewer", "who reviewed (default: $USER)", false);
            sink.flag(o->accept_stale, "--accept-stale",
                      "apply verdicts to rows that changed since the batch was drawn");
            sink.flag(o->replace, "--replace",
                      "import a batch again, or let a verdict replace a newer expert verdict");
            sink.flag(o->dry_run, "--dry-run", "show what would change; change nothing");
            sink.flag(o->json, "--json", "print what was applied as JSON");
          },
          [o] {
            Store store = open_store(o->sheet.kb.path);
            const FilledSheet sheet = read_filled_sheet(o->sheet, store.pieces());
            const ReviewPlan plan =
                plan_review(store, sheet, {o->sheet.partial, o->accept_stale, o->replace});
            const Batch& batch = plan.sheet.batch;
            const char* user = std::getenv("USER");
            const std::string reviewer = checked_reviewer(
                o->reviewer.empty() ? (user != nullptr ? user : "unknown") : o->reviewer,
                o->reviewer.empty() ? "$USER" : "--reviewer");
            std::size_t rescored = 0;
            for (const PlannedVerdict& v : plan.verdicts)
              rescored += v.before.score != v.after.score;
            ReviewResult r{0, plan.verdicts.size(), rescored, plan.verdicts.size() - rescored};
            if (!o->dry_run) r = apply_review(store, plan, reviewer);
            if (o->json) {
              std::cout << review_result_json(plan, r, reviewer, o->dry_run, store.pieces()).dump(2)
                        << '\n';
              return 0;
            }
            if (o->dry_run) {
              fmt::print(
                  "batch {}: {} verdicts would be applied, {} scores changed (dry run: "
                  "nothing written)\n",
                  batch.id, plan.verdicts.size(), rescored);
            } else {
              fmt::print(
                  "batch {}: {} verdicts by {} applied (run {}): {} scores changed, {} confirmed; "
                  "the rows are now invariable expert rows\n",
                  batch.id, r.verdicts, reviewer, r.run, r.rescored, r.confirmed);
            }
            if (plan.sheet.verdicts.size() < batch.items.size()) {
              fmt::print("  a partial sheet: {} of the {} rows drawn\n", plan.sheet.verdicts.size(),
                         batch.items.size());
            }
            print_plan(store, plan, o->dry_run);
            return 0;
          }};
}

Command review_undo_command() {
  struct Options {
    KbOptions kb;
    uint64_t batch = 0;
    bool json = false;
  };
  auto o = std::make_shared<Options>();
  return {"review undo",
          "take a batch's verdicts back: its rows return to their state before the import",
          "egkb review undo kb.sqlite 3",
          [o](OptionSink& sink) {
            add_kb_options(sink, o->kb, false);
            sink.whole(o->batch, "BATCH", "the batch number", 1, INT64_MAX);
            sink.flag(o->json, "--json", "print what was taken back as JSON");
          },
          [o] {
            Store store = open_store(o->kb.path);
            const UndoPlan plan = plan_undo(store, static_cast<int64_t>(o->batch));
            const UndoResult r = apply_undo(store, plan);
            if (o->json) {
              std::cout << nlohmann::ordered_json{{"batch", o->batch},
                                                  {"import_run", plan.import.run},
                                                  {"run", r.run},
                                                  {"restored", r.restored}}
                               .dump(2)
                        << '\n';
              return 0;
            }
            fmt::print("batch {}: the verdicts of run {} taken back (run {}), {} rows restored\n",
                       o->batch, plan.import.run, r.run, r.restored);
            return 0;
          }};
}

Command review_export_command() {
  struct Options {
    KbOptions kb;
    uint64_t batch = 0;
    std::string out;
  };
  auto o = std::make_shared<Options>();
  return {"review export",
          "write a batch's sheet again from the store, with the verdicts imported for it",
          "egkb review export kb.sqlite 3 --out batch3.csv",
          [o](OptionSink& sink) {
            add_kb_options(sink, o->kb, false);
            sink.whole(o->batch, "BATCH", "the batch number", 1, INT64_MAX);
            sink.text(o->out, "--out",
                      "the sheet (a new .csv file; the HTML page goes beside it), or - for the "
                      "CSV on standard output",
                      true);
          },
          [o] {
            require_store(o->kb.path);
            const SheetPaths paths = sheet_paths(o->out);
            check_sheet_paths(paths, o->kb.path);
            Store store = open_store(o->kb.path);
            const Batch batch = store.batch(static_cast<int64_t>(o->batch));
            std::vector<SheetRow> sheet =
                sheet_rows(store.knowledge_base(), store.original_scores(), batch.items);
            const std::optional<BatchImport> import = store.batch_import(batch.id);
            for (std::size_t i = 0; i < sheet.size() && import; ++i) {
              if (const auto v = import->verdicts.find(batch.items[i].key);
                  v != import->verdicts.end()) {
                sheet[i].verdict = std::to_string(value(v->second));
              }
            }
            Outputs outputs;
            write_sheets(outputs, paths, batch.id, sheet, store.pieces(), o->kb.path);
            outputs.publish();
            outputs.keep();
            std::FILE* text = outputs.to_standard_output() ? stderr : stdout;
            fmt::print(
                text, "batch {}: {} rows{} -> {}{}\n", batch.id, sheet.size(),
                import ? fmt::format(", the verdicts of {} ({})", import->reviewer, import->time)
                       : std::string(", no verdicts imported"),
                paths.csv, paths.html.empty() ? "" : ", " + paths.html);
            return 0;
          }};
}

Command estimate_command() {
  struct Options {
    SheetOptions sheet;
    bool json = false;
  };
  auto o = std::make_shared<Options>();
  return {
      "estimate", "errors left in the KB, estimated from a reviewed batch",
      "egkb estimate kb.sqlite batch.csv",
      [o](OptionSink& sink) {
        add_sheet_options(sink, o->sheet);
        sink.flag(o->json, "--json", "print the figures as JSON");
      },
      [o] {
        Store store = open_store(o->sheet.kb.path);
        const FilledSheet sheet = read_filled_sheet(o->sheet, store.pieces());
        const MatchedSheet matched = match_sheet(store, sheet, o->sheet.partial);
        check_possible(store.knowledge_base(), matched.verdicts, sheet.origin);
        const Batch& batch = matched.batch;
        std::vector<Observation> observations;
        for (const MatchedVerdict& v : matched.verdicts) {
          observations.push_back({v.drawn.score, v.verdict, v.drawn.probability, v.drawn.stratum});
        }
        // Rows by provenance when sampled; a batch without them counts as one stratum.
        const std::vector<std::size_t> strata =
            batch.strata.empty() ? std::vector<std::size_t>{batch.population} : batch.strata;
        const ErrorEstimate e = batch.design != "distance-k"
                                    ? estimate_horvitz_thompson(observations, batch.population)
                                    : estimate_simple(observations, strata);
        if (o->json) {
          nlohmann::ordered_json j = estimate_json(e);
          j["drawn"] = batch.items.size();
          std::cout << j.dump(2) << '\n';
          return 0;
        }
        const double n = static_cast<double>(e.population);
        fmt::print("batch {} ({}): {} errors in {} reviewed rows (used {} of the {} rows drawn)\n",
                   batch.id, batch.design, e.found.errors, e.sample, matched.verdicts.size(),
                   batch.items.size());
        fmt::print(
            "  estimated in {} rows: {:.0f} errors ({:.2f}%, 95% interval {:.2f}%..{:.2f}%, "
            "{:.0f}..{:.0f})\n",
            e.population, e.errors, 100 * e.rate, 100 * e.low, 100 * e.high, e.low * n, e.high * n);
        fmt::print(
            "  D>=4 {:.0f}  D=3 {:.0f}  D=2 {:.0f}  D=1 {:.0f}  D=0 {:.0f}  inverted {:.0f}\n",
            e.d_ge4, e.d3, e.d2, e.d1, e.d0, e.inverted);
        return 0;
      }};
}

}  // namespace egkb::cli
