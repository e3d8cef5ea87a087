// review import, review undo, review export: a batch's verdicts in and out of a store
// (docs/design.md section 4).
#include <fmt/format.h>

#include <cstdlib>
#include <iostream>
#include <nlohmann/json.hpp>

#include "base/text.h"
#include "cli/command.h"
#include "cli/kb_options.h"
#include "cli/sheet_files.h"
#include "io/json_text.h"
#include "lattice/material.h"
#include "review/adjudication.h"
#include "review/result_json.h"
#include "review/rules.h"
#include "store/answers.h"
#include "store/batches.h"
#include "store/history.h"
#include "store/nodes.h"
#include "store/reviewer.h"

namespace egkb::cli {

namespace {

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
  return {
      "review import", "apply a filled batch sheet: every verdict or none",
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
        const ReviewResult r =
            o->dry_run ? planned_result(plan)
                       : apply_review(store, plan, reviewer, answers_of_sheet(sheet, reviewer));
        if (o->json) {
          std::cout << json_text(review_result_json(plan, r, reviewer, o->dry_run, store.pieces()))
                    << '\n';
          return 0;
        }
        if (o->dry_run) {
          fmt::print(
              "batch {}: {} verdicts would be applied, {} scores changed (dry run: "
              "nothing written)\n",
              batch.id, r.verdicts, r.rescored);
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
            const UndoPlan plan = plan_undo(store, BatchId(static_cast<int64_t>(o->batch)));
            const UndoResult r = apply_undo(store, plan);
            if (o->json) {
              std::cout << json_text(nlohmann::ordered_json{{"batch", o->batch},
                                                            {"import_run", plan.import.run},
                                                            {"run", r.run},
                                                            {"restored", r.restored}})
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
  return {
      "review export",
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
        const Batch batch = store::batch(store, BatchId(static_cast<int64_t>(o->batch)));
        std::vector<SheetRow> sheet =
            sheet_rows(store::knowledge_base(store), store::original_scores(store), batch.items);
        const std::optional<BatchImport> import = store::batch_import(store, batch.id);
        const std::vector<ReviewerAnswer> answers =
            import ? store::answers(store, batch.id, import->run) : std::vector<ReviewerAnswer>{};
        std::unordered_map<Key, std::vector<const ReviewerAnswer*>> answers_of;
        for (const ReviewerAnswer& a : answers) answers_of[a.key].push_back(&a);
        for (std::size_t i = 0; i < sheet.size() && import; ++i) {
          const Key key = batch.items[i].key;
          if (const auto row = answers_of.find(key); row != answers_of.end())
            sheet[i].answers = answers_text(row->second);
          const auto v = import->verdicts.find(key);
          if (v == import->verdicts.end()) continue;
          const auto note = import->notes.find(key);
          sheet[i].verdict = Verdict::of(v->second).text();
          sheet[i].note = note == import->notes.end() ? "" : note->second;
          sheet[i].reviewer = import->reviewer;
          sheet[i].time = import->time;
        }
        Outputs outputs;
        write_sheets(outputs, paths, batch.id, sheet, store.pieces(), o->kb.path);
        outputs.publish();
        outputs.keep();
        std::FILE* text = outputs.to_standard_output() ? stderr : stdout;
        fmt::print(text, "batch {}: {} rows{} -> {}{}\n", batch.id, sheet.size(),
                   import ? fmt::format(", the verdicts of {} ({})", import->reviewer, import->time)
                          : std::string(", no verdicts imported"),
                   path_text(paths.csv), paths.html.empty() ? "" : ", " + path_text(paths.html));
        return 0;
      }};
}

}  // namespace egkb::cli
