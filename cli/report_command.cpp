#include <fmt/format.h>

#include <iostream>
#include <nlohmann/json.hpp>
#include <unordered_map>

#include "base/errors.h"
#include "base/text.h"
#include "cli/command.h"
#include "cli/conflict_report.h"
#include "cli/evidence_options.h"
#include "cli/kb_options.h"
#include "cli/report_evidence.h"
#include "io/json_text.h"
#include "io/output_files.h"
#include "present/trace_json.h"
#include "report/repair_report.h"
#include "store/runs.h"
#include "store/store.h"

namespace egkb::cli {

namespace {

struct ReportOptions {
  KbOptions kb;
  std::string out;
  uint64_t worst = 20;
  uint64_t pictures = 4;
  std::optional<std::string> evidence;
  bool json = false;
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

Command report_command() {
  auto o = std::make_shared<ReportOptions>();
  return {"report", "an HTML report of a store's last repair, or of any KB as it stands",
          "egkb report kb.sqlite --out report.html",
          [o](OptionSink& sink) {
            add_kb_options(sink, o->kb);
            sink.text(o->out, "--out", "the HTML file to write (- for standard output)", true);
            sink.whole(o->worst, "--worst", "rows in the tables of worst nodes and largest changes",
                       0, 100000);
            sink.whole(o->pictures, "--pictures", "neighbourhoods to draw", 0, 1000);
            sink.text(o->evidence, "--evidence",
                      "an evidence file to set against the scores (a store sets its own)");
            sink.flag(o->json, "--json", "print what the report covers as JSON");
          },
          [o] {
            if (o->json && o->out == "-")
              throw InputError("", 0, "--json", "--json and --out - both write to standard output");
            check_output(o->out, files_of(o->kb.path), "--out");
            OpenedKb opened = open(o->kb);
            const KnowledgeBase& now = opened.kb;
            const std::optional<RecordedRepair> repair =
                opened.store ? store::last_repair(*opened.store) : std::nullopt;
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
              for (const auto& [key, span] : store::last_ranges(*opened.store))
                report.ambiguous.emplace(key, std::pair{span.low, span.high});
              report.title = fmt::format("{} on {} (run {})", repair->command.substr(7), now.origin,
                                         repair->run);
              report.facts.emplace_back(
                  "run", fmt::format("{} '{}', started {}, {:.3f} s", repair->run, repair->command,
                                     repair->started, repair->seconds));
              report.facts.emplace_back("rows changed", std::to_string(repair->changes.size()));
              if (repair->later_runs > 0) {
                report.facts.emplace_back(
                    "note", fmt::format("{} later runs since; 'after' is the store today",
                                        repair->later_runs));
              }
            }
            for (auto& fact : solved_facts(now)) report.facts.push_back(std::move(fact));
            add_report_evidence(report, now, evidence_records(o->evidence, opened));
            write_file(o->out, [&](std::ostream& out) {
              write_repair_report(
                  out, report,
                  {static_cast<std::size_t>(o->worst), static_cast<std::size_t>(o->pictures)});
            });
            if (o->json) {
              std::cout << json_text(nlohmann::ordered_json{{"title", report.title},
                                                            {"run", repair ? repair->run : RunId()},
                                                            {"rows", now.rows.size()},
                                                            {"out", o->out}})
                        << '\n';
            } else if (o->out != "-") {
              // The title holds the store's path.
              fmt::print("report on {} -> {}\n", path_text(report.title), path_text(o->out));
            } else {
              fmt::print(stderr, "report on {}\n", path_text(report.title));
            }
            return 0;
          }};
}

}  // namespace egkb::cli
