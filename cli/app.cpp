#include "cli/app.h"

#include <fmt/format.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <iostream>
#include <map>
#include <new>

#include "base/errors.h"
#include "base/interrupt.h"
#include "base/progress.h"
#include "cli/command.h"
#include "cli/progress.h"
#include "io/json_text.h"

namespace egkb::cli {

namespace {

constexpr int kExitInput = 2;
constexpr int kExitIo = 3;
constexpr int kExitInternal = 4;

constexpr const char* kExitCodes =
    "Exit codes: 0 success; 1 a finding you asked to fail on (--fail-on-conflict); 2 usage or "
    "input error; 3 I/O or store error (a store that was busy or changed meanwhile: run the "
    "command again); 4 internal error (a bug: please report it); 130, 143 stopped by Ctrl-C or "
    "SIGTERM (nothing written).";

std::vector<std::string> given_words;

// Whether the command line asks for JSON: --json among the options (before any "--").
bool json_asked() {
  const auto end = std::find(given_words.begin(), given_words.end(), "--");
  return std::find(given_words.begin(), end, "--json") != end;
}

// Every failure is told here. With --json a script reads it as JSON too: one object on standard
// error in place of the text line, so that standard output holds nothing but data (the answers
// a command gave before it failed, as probe's), one JSON document.
int fail(int code, const std::string& message) {
  if (json_asked()) {
    const nlohmann::ordered_json error = {{"message", message}, {"exit_code", code}};
    std::cerr << json_text({{"error", error}}, -1) << '\n';
  } else {
    std::cerr << "egkb: error: " << message << '\n';
  }
  return code;
}

CLI::Validator finite_in(double low, double high) {
  return CLI::Validator(
      [low, high](std::string& text) -> std::string {
        double v = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (ec != std::errc() || end != text.data() + text.size())
          return fmt::format("expected a number, got '{}'", text);
        if (!std::isfinite(v)) return fmt::format("expected a finite number, got '{}'", text);
        if (v < low || v > high)
          return fmt::format("expected a number from {:g} to {:g}, got {}", low, high, text);
        return "";
      },
      fmt::format("NUMBER in [{:g}, {:g}]", low, high));
}

CLI::Validator whole_in(uint64_t low, uint64_t high) {
  return CLI::Validator(
      [low, high](std::string& text) -> std::string {
        uint64_t v = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (ec == std::errc::result_out_of_range)
          return fmt::format("{} is larger than {}", text, high);
        if (text.empty() || ec != std::errc() || end != text.data() + text.size())
          return fmt::format("expected a whole number of digits, got '{}'", text);
        if (v < low || v > high)
          return fmt::format("expected a whole number from {} to {}, got {}", low, high, text);
        return "";
      },
      fmt::format("INTEGER in [{}, {}]", low, high));
}

class Cli11Options : public OptionSink {
 public:
  explicit Cli11Options(CLI::App& app) : app_(app) {}

  void argument(std::string& value, const char* name, const char* help) override {
    app_.add_option(name, value, help)->required();
  }
  void argument(std::optional<std::string>& value, const char* name, const char* help) override {
    app_.add_option(name, value, help);
  }
  void arguments(std::vector<std::string>& values, const char* name, const char* help,
                 bool required) override {
    CLI::Option* o = app_.add_option(name, values, help);
    if (required) o->required();
  }
  void flag(bool& value, const char* name, const char* help) override {
    app_.add_flag(name, value, help);
  }
  void text(std::string& value, const char* name, const char* help, bool required,
            const std::vector<std::string>& choices) override {
    CLI::Option* o = app_.add_option(name, value, help);
    if (required) {
      o->required();
    } else {
      o->capture_default_str();
    }
    if (!choices.empty()) o->check(CLI::IsMember(choices));
  }
  void text(std::optional<std::string>& value, const char* name, const char* help,
            const std::vector<std::string>& choices) override {
    CLI::Option* o = app_.add_option(name, value, help);
    if (!choices.empty()) o->check(CLI::IsMember(choices));
  }
  void texts(std::vector<std::string>& values, const char* name, const char* help) override {
    app_.add_option(name, values, help)->expected(1)->take_all();
  }
  void number(double& value, const char* name, const char* help, double low, double high) override {
    app_.add_option(name, value, help)->check(finite_in(low, high))->capture_default_str();
  }
  void number(std::optional<double>& value, const char* name, const char* help, double low,
              double high) override {
    app_.add_option(name, value, help)->check(finite_in(low, high));
  }
  void whole(uint64_t& value, const char* name, const char* help, uint64_t low,
             uint64_t high) override {
    CLI::Option* o = app_.add_option(name, value, help)->check(whole_in(low, high));
    if (name[0] == '-') {
      o->capture_default_str();
    } else {
      o->required();  // a positional number has no default
    }
  }
  void whole(std::optional<uint64_t>& value, const char* name, const char* help, uint64_t low,
             uint64_t high) override {
    app_.add_option(name, value, help)->check(whole_in(low, high));
  }

 private:
  CLI::App& app_;
};

// Edit distance, for "did you mean".
std::size_t distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
      diagonal = up;
    }
  }
  return row[b.size()];
}

// The closest of `known` to `word`, when it is close enough to be what was meant.
std::string closest(const std::string& word, const std::vector<std::string>& known) {
  std::string best;
  std::size_t best_distance = std::max<std::size_t>(2, word.size() / 3) + 1;
  for (const std::string& k : known) {
    const std::size_t d = k.rfind(word, 0) == 0 ? 1 : distance(word, k);
    if (d < best_distance) {
      best = k;
      best_distance = d;
    }
  }
  return best;
}

std::string suggestion(const std::string& word, const std::vector<std::string>& known) {
  const std::string best = closest(word, known);
  return best.empty() ? "" : fmt::format("; did you mean '{}'?", best);
}

// Library errors name what is wrong, never a flag; the option that accepts the input anyway is
// the command line's to tell.
std::string with_hint(const InputError& e) {
  const char* option = nullptr;
  switch (e.choice()) {
    case Choice::Partial:
      option = "--partial";
      break;
    case Choice::AcceptStale:
      option = "--accept-stale";
      break;
    case Choice::Replace:
      option = "--replace";
      break;
    case Choice::Duplicate:
      option = "--on-duplicate first|last";
      break;
    // Choices the review app offers, or none: the command line has no option for them.
    case Choice::AcceptDisagreements:
    case Choice::Submitted:
    case Choice::None:
      return e.what();
  }
  return fmt::format("{}\n  (the option for it: {})", e.what(), option);
}

// The subcommand of that name, or nullptr.
template <typename A>
A* find_subcommand(A* app, const std::string& name) {
  for (A* sub : app->get_subcommands({})) {
    if (sub->get_name() == name) return sub;
  }
  return nullptr;
}

class App {
 public:
  App() : commands_(all_commands()) {
    app_.name("egkb");
    app_.description("egkb " EGKB_VERSION
                     ": find and repair conflicts in endgame knowledge bases, review them with an "
                     "expert, export them for engines");
    app_.set_version_flag("--version", "egkb " EGKB_VERSION);
    app_.require_subcommand(1);
    app_.get_formatter()->label("SUBCOMMAND", "COMMAND");
    app_.footer("Run 'egkb help COMMAND' for a command's options and an example.\n" +
                std::string(kExitCodes));
    for (std::size_t i = 0; i < commands_.size(); ++i) add(i);
    CLI::App* help = app_.add_subcommand("help", "a command's options and an example");
    help->group("Commands");
    help->add_option("COMMAND", help_words_, "the command, e.g. conflicts or review import");
    help->callback([this] { help_asked_ = true; });
  }

  int run(int argc, char** argv) {
    if (argc <= 1) return print_help();
    if (const std::string unknown = unknown_command(argc, argv); !unknown.empty())
      return fail(kExitInput, unknown);
    try {
      app_.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
      if (e.get_exit_code() == 0) return app_.exit(e);  // --help, --version
      return fail(kExitInput, parse_error(e));
    }
    if (help_asked_) return print_help();
    for (const auto& [sub, index] : command_of_) {
      if (!sub->parsed() || !sub->get_subcommands().empty()) continue;
      TerminalProgress terminal;
      const bool quiet = sub->get_option("--quiet")->as<bool>();
      if (!quiet && isatty(STDERR_FILENO) != 0) show_progress_on(&terminal);
      const int code = commands_[index].run();
      show_progress_on(nullptr);
      // Noted after the last safe point (the commit, the report): the work stands, as a user
      // who pressed Ctrl-C may not expect.
      if (const int signal = interrupt_signal()) {
        std::cout.flush();
        fmt::print(stderr, "egkb: {} came after the work was done: the command completed\n",
                   signal_name(signal));
      }
      return code;
    }
    return fail(kExitInput, "no command given; run 'egkb help'");
  }

 private:
  void add(std::size_t index) {
    const Command& c = commands_[index];
    CLI::App* parent = &app_;
    std::string leaf = c.name;
    if (const std::size_t space = c.name.find(' '); space != std::string::npos) {
      const std::string group = c.name.substr(0, space);
      leaf = c.name.substr(space + 1);
      // A group may itself be a command (`evidence`, `evidence import`), listed before its
      // subcommands, which it then takes as well as its own arguments.
      parent = find_subcommand(&app_, group);
      if (parent == nullptr) {
        parent = app_.add_subcommand(group, group_summary(group));
        parent->group("Commands");
        parent->require_subcommand(1);
      }
    }
    CLI::App* sub = parent->add_subcommand(leaf, c.summary);
    sub->group("Commands");
    sub->footer(fmt::format("Example:\n  {}\n\n{}", c.example, kExitCodes));
    Cli11Options options(*sub);
    c.options(options);
    // Every command may take long on the full lattice; evidence's own --quiet says more.
    if (sub->get_option_no_throw("--quiet") == nullptr)
      sub->add_flag("--quiet")->description("no progress on the terminal");
    command_of_.emplace_back(sub, index);
  }

  std::string group_summary(const std::string& group) const {
    std::string names;
    for (const Command& c : commands_) {
      if (c.name.rfind(group + " ", 0) == 0) names += (names.empty() ? "" : ", ") + c.name;
    }
    return fmt::format("{}: see egkb help {}", names, group);
  }

  // A first word that is no command (a typo) would otherwise read as an argument.
  std::string unknown_command(int argc, char** argv) const {
    const CLI::App* level = &app_;
    for (int i = 1; i < argc && level != nullptr; ++i) {
      const std::string word = argv[i];
      if (word.empty() || word[0] == '-') return "";
      if (level->get_subcommands({}).empty()) return "";
      std::vector<std::string> names;
      for (const CLI::App* s : level->get_subcommands({})) names.push_back(s->get_name());
      if (std::find(names.begin(), names.end(), word) == names.end()) {
        if (is_command(level)) return "";  // its own argument, e.g. evidence's KB
        return fmt::format("'{}' is not an egkb command{}\n  run 'egkb help' for the list", word,
                           suggestion(word, names));
      }
      const CLI::App* next = find_subcommand(level, word);
      if (next == nullptr || next->get_subcommands({}).empty()) return "";
      level = next;
    }
    return "";
  }

  bool is_command(const CLI::App* sub) const {
    return std::any_of(command_of_.begin(), command_of_.end(),
                       [&](const auto& entry) { return entry.first == sub; });
  }

  std::string command_line() const {
    std::string words;
    for (const CLI::App* c = &app_; !c->get_subcommands().empty();) {
      c = c->get_subcommands().front();
      words += c->get_name() + " ";
    }
    return words;
  }

  std::string parse_error(const CLI::ParseError& e) const {
    std::string message = e.what();
    if (dynamic_cast<const CLI::ExtrasError*>(&e) != nullptr) message = extras_message();
    return fmt::format("{}\n  run 'egkb {}--help' for the options", message, command_line());
  }

  // CLI11 lists every word it could not place; the first unknown option is what went wrong.
  std::string extras_message() const {
    const CLI::App* sub = &app_;
    while (!sub->get_subcommands().empty()) sub = sub->get_subcommands().front();
    const std::vector<std::string> extras = sub->remaining();
    for (const std::string& extra : extras) {
      if (extra.size() < 2 || extra[0] != '-') continue;
      std::vector<std::string> names;
      for (const CLI::Option* o : sub->get_options()) {
        for (const std::string& n : o->get_lnames()) names.push_back("--" + n);
      }
      const std::string option = extra.substr(0, extra.find('='));
      return fmt::format("unknown option '{}'{}", option, suggestion(option, names));
    }
    if (extras.empty()) return "unexpected arguments";
    return fmt::format("unexpected argument '{}'", extras.front());
  }

  int print_help() const {
    const CLI::App* level = &app_;
    for (const std::string& word : help_words_) {
      const CLI::App* next = find_subcommand(level, word);
      if (next == nullptr) {
        std::vector<std::string> names;
        for (const CLI::App* s : level->get_subcommands({})) names.push_back(s->get_name());
        return fail(kExitInput,
                    fmt::format("'{}' is not an egkb command{}", word, suggestion(word, names)));
      }
      level = next;
    }
    std::string path = "egkb";
    for (const std::string& word : help_words_) path += " " + word;
    std::cout << level->get_formatter()->make_help(level, path, CLI::AppFormatMode::Normal);
    return 0;
  }

  CLI::App app_;
  std::vector<Command> commands_;
  std::vector<std::pair<CLI::App*, std::size_t>> command_of_;
  std::vector<std::string> help_words_;
  bool help_asked_ = false;
};

}  // namespace

const std::vector<std::string>& command_line() {
  return given_words;
}

int run(int argc, char** argv) {
  catch_interrupts();
  given_words.assign(argv, argv + argc);
  try {
    App app;
    return app.run(argc, argv);
  } catch (const Interrupted& e) {
    return fail(e.exit_code(),
                fmt::format("{}: stopped; {}", e.what(),
                            e.kept().empty() ? "every output and store is as it was" : e.kept()));
  } catch (const InputError& e) {
    return fail(kExitInput, with_hint(e));
  } catch (const MaterialParseError& e) {
    return fail(kExitInput, e.what());
  } catch (const IoError& e) {
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
}

}  // namespace egkb::cli
