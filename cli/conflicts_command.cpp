#include <iostream>

#include "cli/commands.h"
#include "cli/conflict_report.h"
#include "cli/kb_options.h"
#include "present/json_forms.h"

namespace egkb::cli {

void add_conflicts_command(CLI::App& app, int& exit_code) {
  struct Options {
    KbOptions kb;
    bool json = false;
    bool fail_on_conflict = false;
    std::size_t worst = 20;
  };
  auto options = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand("conflicts", "inconsistent nodes, edges and levels of a KB");
  add_kb_options(*cmd, options->kb);
  cmd->add_flag("--json", options->json, "print the figures as JSON");
  cmd->add_flag("--fail-on-conflict", options->fail_on_conflict, "exit 1 when any conflict exists");
  cmd->add_option("--worst", options->worst, "how many of the worst nodes to list")
      ->check(whole_in(0, 1'000'000))
      ->capture_default_str();
  cmd->callback([options, &exit_code] {
    const KnowledgeBase kb = load(options->kb);
    const ScoredLattice scored = ScoredLattice::of(kb);
    ConflictCounter counter(scored.lattice);
    const ConflictSummary summary = counter.count(scored.ranks());
    if (options->json) {
      std::cout << conflicts_json(summary).dump(2) << '\n';
    } else {
      print_conflict_report(std::cout, kb, scored, counter, summary, options->worst);
    }
    if (options->fail_on_conflict && summary.inconsistent_nodes > 0) exit_code = 1;
  });
}

}  // namespace egkb::cli
