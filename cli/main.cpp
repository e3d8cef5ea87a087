// egkb: curate endgame knowledge bases. Parses the command line, runs one command, and maps
// every failure to one message and an exit code (DESIGN.md section 6).
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <iostream>
#include <new>

#include "cli/commands.h"
#include "lattice/errors.h"

namespace {

constexpr int kExitInput = 2;
constexpr int kExitIo = 3;
constexpr int kExitInternal = 4;

int fail(int code, const std::string& message) {
  std::cerr << "egkb: error: " << message << '\n';
  return code;
}

// Library errors name what is wrong, never a flag; the option that accepts the input anyway is
// the command line's to tell.
std::string with_hint(const egkb::InputError& e) {
  const std::string& choice = e.choice();
  const char* option = choice == "accept stale" ? "--accept-stale"
                       : choice == "replace"    ? "--replace"
                       : choice == "partial"    ? "--partial"
                       : choice == "duplicate"  ? "--on-duplicate first|last"
                                                : nullptr;
  if (option == nullptr) return e.what();
  return fmt::format("{}\n  (the option for it: {})", e.what(), option);
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
    if (e.get_exit_code() == 0) return app.exit(e);  // --help
    std::string command;
    for (const CLI::App* c = &app; !c->get_subcommands().empty();) {
      c = c->get_subcommands().front();
      command += c->get_name() + " ";
    }
    return fail(kExitInput,
                fmt::format("{}\n  run 'egkb {}--help' for the options", e.what(), command));
  } catch (const egkb::InputError& e) {
    return fail(kExitInput, with_hint(e));
  } catch (const egkb::MaterialParseError& e) {
    return fail(kExitInput, e.what());
  } catch (const egkb::IoError& e) {
    return fail(kExitIo, e.what());
  } catch (const std::bad_alloc&) {
    return fail(kExitIo, "out of memory");
  } catch (const std::exception& e) {
    return fail(kExitInternal,
                fmt::format("internal error: {}\n  this is a bug in egkb; please report it with "
                            "the command line that caused it",
                            e.what()));
  } catch (...) {
    return fail(kExitInternal, "internal error of unknown kind; please report it");
  }
  return exit_code;
}
