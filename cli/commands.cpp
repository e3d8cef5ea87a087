#include "cli/command.h"

namespace egkb::cli {

std::vector<Command> all_commands() {
  return {demo_command(),          import_command(),      conflicts_command(),
          show_command(),          reduce_command(),      sample_command(),
          review_import_command(), review_undo_command(), review_export_command(),
          estimate_command(),      serve_command(),       export_command(),
          probe_command(),         report_command(),      synth_command(),
          compare_command(),       simulate_command(),    positions_command(),
          solve_command(),         evidence_command(),    evidence_import_command()};
}

}  // namespace egkb::cli
