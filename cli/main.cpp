// egkb: curate endgame knowledge bases. Parses the command line, runs one command, and maps
// every failure to one message and an exit code (DESIGN.md section 6).
#include <SQLiteCpp/Exception.h>
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/commands.h"
#include "lattice/errors.h"

namespace {

constexpr int kExitInput = 2;
constexpr int kExitStore = 3;

int fail(int code, const std::string& message) {
  std::cerr << "egkb: error: " << message << '\n';
  return code;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"egkb: find and repair conflicts in endgame knowledge bases"};
  app.require_subcommand(1);
  int exit_code = 0;
  egkb::cli::add_demo_command(app, exit_code);
  egkb::cli::add_import_command(app, exit_code);
  egkb::cli::add_conflicts_command(app, exit_code);
  egkb::cli::add_show_command(app, exit_code);
  egkb::cli::add_synth_command(app, exit_code);
  egkb::cli::add_compare_command(app, exit_code);
  egkb::cli::add_reduce_command(app, exit_code);
  egkb::cli::add_simulate_command(app, exit_code);
  egkb::cli::add_review_commands(app, exit_code);
  egkb::cli::add_export_command(app, exit_code);
  egkb::cli::add_probe_command(app, exit_code);
  egkb::cli::add_report_command(app, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : kExitInput;
  } catch (const egkb::InputError& e) {
    return fail(kExitInput, e.what());
  } catch (const egkb::MaterialParseError& e) {
    return fail(kExitInput, e.what());
  } catch (const egkb::StoreError& e) {
    return fail(kExitStore, e.what());
  } catch (const SQLite::Exception& e) {
    return fail(kExitStore, e.what());
  } catch (const std::exception& e) {
    return fail(kExitStore, e.what());
  }
  return exit_code;
}
