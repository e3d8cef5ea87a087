// Each command registers itself on the app; `exit_code` is where a command reports a finding
// the user asked to fail on (exit 1).
#pragma once

#include <CLI/CLI.hpp>

namespace egkb::cli {

void add_demo_command(CLI::App& app, int& exit_code);
void add_import_command(CLI::App& app, int& exit_code);
void add_conflicts_command(CLI::App& app, int& exit_code);
void add_show_command(CLI::App& app, int& exit_code);
void add_synth_command(CLI::App& app, int& exit_code);
void add_compare_command(CLI::App& app, int& exit_code);
void add_reduce_command(CLI::App& app, int& exit_code);
void add_simulate_command(CLI::App& app, int& exit_code);
void add_review_commands(CLI::App& app, int& exit_code);
void add_export_command(CLI::App& app, int& exit_code);
void add_probe_command(CLI::App& app, int& exit_code);
void add_report_command(CLI::App& app, int& exit_code);

}  // namespace egkb::cli
