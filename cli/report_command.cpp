#include <fmt/format.h>

#include <unordered_map>

#include "cli/commands.h"
#include "cli/kb_options.h"
#include "io/output_files.h"
#include "report/repair_report.h"
#include "report/trace_json.h"
#include "store/store.h"

namespace egkb::cli {

namespace {

struct Options {
  KbOptions kb;
  std::string out;
  std::size_t worst = 20;
  std::size_t pictures = 4;
};

// The base as it was before the store's last repair: today's rows with that run's changes
// undone. Later runs' changes to other rows stay, and the report says so.
KnowledgeBase undo(const KnowledgeBase& now, const RecordedRepair& repair) {
  std::unordered_map<Key, Score> old;
  for (const ScoreChange& c : repair.changes) old.emplace(c.key, c.old_score);
  KnowledgeBase before = now;
  for (KbRow& row : before.rows) {
    if (const auto it = old.find(row.key); it != old.end()) row.score = it->second;
  }
  return before;
}

}  // namespace

void add_report_command(CLI::App& app, int&) {
  auto o = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand(
      "report", "an HTML report of a store's last repair, or of any KB as it stands");
  add_kb_options(*cmd, o->kb);
  cmd->add_option("--out", o->out, "the HTML file to write")->required();
  cmd->add_option("--worst", o->worst, "rows in the tables of worst nodes and largest changes")
      ->check(whole_in(0, 100000))
      ->capture_default_str();
  cmd->add_option("--pictures", o->pictures, "neighbourhoods to draw")
      ->check(whole_in(0, 1000))
      ->capture_default_str();
  cmd->callback([o] {
    check_not_input(o->out, files_of(o->kb.path), "--out");
    OpenedKb opened = open(o->kb);
    const KnowledgeBase& now = opened.kb;
    const std::optional<RecordedRepair> repair =
        opened.store ? opened.store->last_repair() : std::nullopt;
    KnowledgeBase before;
    RepairReport report;
    report.before = &now;
    report.title = fmt::format("{} as it stands", now.origin);
    report.facts = {{"rows", std::to_string(now.rows.size())}};
    if (repair) {
      before = undo(now, *repair);
      report.before = &before;
      report.after = &now;
      report.trace = trace_from_json(repair->trace);
      report.title =
          fmt::format("{} on {} (run {})", repair->command.substr(7), now.origin, repair->run);
      report.facts.emplace_back(
          "run", fmt::format("{} '{}', started {}, {:.3f} s", repair->run, repair->command,
                             repair->started, repair->seconds));
      report.facts.emplace_back("rows changed", std::to_string(repair->changes.size()));
      if (repair->later_runs > 0) {
        report.facts.emplace_back(
            "note",
            fmt::format("{} later runs since; 'after' is the store today", repair->later_runs));
      }
    }
    write_file(o->out, [&](std::ostream& out) {
      write_repair_report(out, report, {o->worst, o->pictures});
    });
    fmt::print("report on {} -> {}\n", report.title, o->out);
  });
}

}  // namespace egkb::cli
