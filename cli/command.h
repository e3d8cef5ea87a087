// A command of the egkb binary, described without the parser: its name, what it does, an
// example, the options it declares and what it runs. cli/app.cpp binds every command to CLI11,
// so the parser is compiled once and every command follows one convention.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace egkb::cli {

// Where a command declares its options. Numbers are checked before the command runs: a whole
// number is digits only, a real number is finite; both must lie in [low, high].
class OptionSink {
 public:
  virtual ~OptionSink() = default;

  // Positional arguments, in the order declared.
  virtual void argument(std::string& value, const char* name, const char* help) = 0;
  virtual void argument(std::optional<std::string>& value, const char* name, const char* help) = 0;
  // One or more, or with `required` false none or more.
  virtual void arguments(std::vector<std::string>& values, const char* name, const char* help,
                         bool required = true) = 0;

  virtual void flag(bool& value, const char* name, const char* help) = 0;
  // `choices` empty means any text.
  virtual void text(std::string& value, const char* name, const char* help, bool required,
                    const std::vector<std::string>& choices = {}) = 0;
  virtual void text(std::optional<std::string>& value, const char* name, const char* help,
                    const std::vector<std::string>& choices = {}) = 0;
  // An option that may be given several times, each value kept in order.
  virtual void texts(std::vector<std::string>& values, const char* name, const char* help) = 0;
  virtual void number(double& value, const char* name, const char* help, double low,
                      double high) = 0;
  virtual void number(std::optional<double>& value, const char* name, const char* help, double low,
                      double high) = 0;
  virtual void whole(uint64_t& value, const char* name, const char* help, uint64_t low,
                     uint64_t high) = 0;
  virtual void whole(std::optional<uint64_t>& value, const char* name, const char* help,
                     uint64_t low, uint64_t high) = 0;
};

struct Command {
  std::string name;     // "conflicts"; "review import" for a command of a group
  std::string summary;  // one line, for the command list
  std::string example;  // one command line a user can copy, shown on the help page
  std::function<void(OptionSink&)> options;
  // Runs the command once its options are parsed; returns the exit code (0, or 1 for a
  // finding the user asked to fail on). Failures are thrown (base/errors.h).
  std::function<int()> run;
};

// Every command, in the order `egkb help` lists them.
std::vector<Command> all_commands();

// One function per command file.
Command demo_command();
Command import_command();
Command conflicts_command();
Command show_command();
Command synth_command();
Command compare_command();
Command reduce_command();
Command simulate_command();
Command sample_command();
Command review_import_command();
Command review_undo_command();
Command review_export_command();
Command estimate_command();
Command serve_command();
Command export_command();
Command probe_command();
Command positions_command();
Command solve_command();
Command evidence_command();
Command evidence_import_command();
Command report_command();

}  // namespace egkb::cli
