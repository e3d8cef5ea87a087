#include <iostream>

#include "cli/commands.h"
#include "cli/error_table.h"
#include "cli/kb_options.h"
#include "lattice/compare.h"
#include "present/json_forms.h"

namespace egkb::cli {

void add_compare_command(CLI::App& app, int&) {
  struct Options {
    KbOptions kb;
    std::string truth;
    bool json = false;
  };
  auto options = std::make_shared<Options>();
  CLI::App* cmd =
      app.add_subcommand("compare", "errors of a KB against a truth, as the paper's Table 3");
  add_kb_options(*cmd, options->kb);
  cmd->add_option("--truth", options->truth, "the truth: a .csv file or a .sqlite store")
      ->required();
  cmd->add_flag("--json", options->json, "print the figures as JSON");
  cmd->callback([options] {
    const KnowledgeBase kb = load(options->kb);
    KbOptions truth_options = options->kb;
    truth_options.path = options->truth;
    truth_options.pieces = kb.pieces->name();
    const ErrorCounts counts = compare_to_truth(kb, load(truth_options));
    if (options->json) {
      std::cout << errors_json(counts).dump(2) << '\n';
    } else {
      print_error_table(std::cout, options->kb.path, counts);
    }
  });
}

}  // namespace egkb::cli
