// One command-line convention (issue 13): help and version, "did you mean", the KB first, --json
// on every command that prints data, "-" for standard input and output, one error form.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "reducer/reduce.h"
#include "sampling/simulate.h"
#include "tests/support/cli.h"
#include "tests/support/sheets.h"

namespace egkb {
namespace {

namespace fs = std::filesystem;

using test::Outcome;
using CommandLine = test::CliTest;

const std::string kChessCsv = test::chess_csv();

bool starts_with(const std::string& text, const std::string& prefix) {
  return text.rfind(prefix, 0) == 0;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// The keys docs/formats.md lists for a command's JSON: the backquoted names of its row in the
// JSON table, outside parentheses (which describe nested objects).
std::vector<std::string> documented_keys(const std::string& command) {
  std::istringstream formats(test::read_file(EGKB_DOCS_DIR "/formats.md"));
  const std::string row_start = "| `" + command + "` | ";
  bool in_json = false;  // the keys are listed under "## JSON"; a table may share a name
  for (std::string line; std::getline(formats, line);) {
    if (starts_with(line, "## ")) in_json = line == "## JSON";
    if (!in_json || !starts_with(line, row_start)) continue;
    std::vector<std::string> keys;
    int depth = 0;
    bool quoted = false;
    std::string key;
    for (const char c : line.substr(row_start.size())) {
      if (c == '(' && !quoted) ++depth;
      if (c == ')' && !quoted) --depth;
      if (depth > 0) continue;
      if (c == '`') {
        quoted = !quoted;
      } else if (quoted && c != ',' && c != ' ') {
        key += c;
        continue;
      }
      if (!key.empty()) keys.push_back(key);
      key.clear();
    }
    return keys;
  }
  return {};
}

std::vector<std::string> keys_of(const nlohmann::ordered_json& j) {
  const nlohmann::ordered_json& object = j.is_array() ? j.at(0) : j;
  std::vector<std::string> keys;
  for (const auto& [key, value] : object.items()) keys.push_back(key);
  return keys;
}

TEST_F(CommandLine, VersionAndHelpAnswerWithoutACommand) {
  const Outcome version = run("--version");
  EXPECT_EQ(version.code, 0);
  EXPECT_EQ(version.out, "egkb " EGKB_VERSION "\n");
  for (const std::string& args : {std::string(), std::string("help"), std::string("--help")}) {
    const Outcome help = run(args);
    EXPECT_EQ(help.code, 0) << args;
    EXPECT_TRUE(contains(help.out, "Commands:")) << args << help.out;
    EXPECT_TRUE(contains(help.out, "conflicts")) << args;
    EXPECT_TRUE(contains(help.out, "Exit codes:")) << args;
  }
}

// The review app's server, and OpenSSL through cpp-httplib, are loaded by egkb-serve alone:
// every other command starts without them.
TEST_F(CommandLine, OnlyServeLoadsTheServer) {
  const Outcome needed = run_program("readelf -d " EGKB_BINARY);
  ASSERT_EQ(needed.code, 0) << needed.err;
  EXPECT_TRUE(contains(needed.out, "libsqlite3")) << needed.out;  // the check reads the list
  // zlib is egkb's own since it reads tables through libegkb-probe (their CRC-32).
  for (const char* library : {"httplib", "libssl", "libcrypto", "brotli"})
    EXPECT_FALSE(contains(needed.out, library)) << library;
  const fs::path server = fs::path(EGKB_BINARY).parent_path() / "egkb-serve";
  const Outcome served = run_program("readelf -d " + server.string());
  EXPECT_TRUE(contains(served.out, "httplib")) << served.out;

  // Without egkb-serve beside it or installed with it, serve says what is missing.
  fs::copy_file(EGKB_BINARY, path("egkb"));
  fs::permissions(path("egkb"), fs::perms::owner_exec, fs::perm_options::add);
  const Outcome alone = run_program(path("egkb") + " serve " + path("kb.sqlite"));
  EXPECT_EQ(alone.code, 3);
  EXPECT_TRUE(contains(alone.err, "egkb-serve")) << alone.err;
}

TEST_F(CommandLine, EveryHelpPageShowsItsUsageAnExampleAndTheExitCodes) {
  const std::vector<std::string> commands = {"demo",     "import",        "conflicts",   "show",
                                             "reduce",   "sample",        "estimate",    "export",
                                             "probe",    "report",        "synth",       "compare",
                                             "simulate", "review import", "review undo", "solve"};
  for (const std::string& command : commands) {
    const Outcome help = run("help " + command);
    ASSERT_EQ(help.code, 0) << command << help.err;
    EXPECT_TRUE(contains(help.out, "Usage: egkb " + command)) << help.out;
    const std::size_t example = help.out.find("Example:\n  egkb " + command);
    EXPECT_NE(example, std::string::npos) << help.out;
    EXPECT_TRUE(contains(help.out, "Exit codes: 0 success")) << help.out;
    EXPECT_EQ(run(command + " --help").out, help.out) << command;
  }
  // Every command `egkb help` lists is one of these.
  const Outcome top = run("help");
  for (const char* word :
       {"import", "conflicts", "show", "reduce", "sample", "review", "estimate", "export", "probe",
        "report", "synth", "compare", "simulate", "demo", "solve"}) {
    EXPECT_TRUE(contains(top.out, std::string("\n  ") + word + " ")) << word;
  }
}

TEST_F(CommandLine, TheDefaultMethodIsTheLibrarysEverywhere) {
  const std::string name(method_name(kDefaultMethod));
  EXPECT_EQ(ReduceRequest{}.method, kDefaultMethod);
  EXPECT_EQ(SimulationOptions{}.method, kDefaultMethod);
  const std::string top = run("help").out;
  EXPECT_TRUE(contains(top, "repair a KB: " + name + " by default"));
  // The summary is prose, written by hand: it still names every method of the table.
  const std::size_t summary = top.find("repair a KB: ");
  std::istringstream words(top.substr(summary, top.find('\n', summary) - summary));
  std::set<std::string> named;
  for (std::string word; words >> word;) named.insert(word.substr(0, word.find(',')));
  for (const std::string& method : method_names()) EXPECT_TRUE(named.contains(method)) << method;
  for (const std::string command : {"reduce", "simulate"}) {
    EXPECT_TRUE(
        contains(run("help " + command).out, "--method TEXT:{auto,fitted,exact,ba,ra}=" + name))
        << command;
  }
  // What the guides tell a new user, each in its own words.
  const std::vector<std::pair<std::string, std::string>> said = {
      {"tutorial.md", "The default repair, `" + name + "`"},
      {"guide-batch.md", "# " + name + ", the default"},
      {"guide-engine.md", "# " + name + ", the default"},
      {"reducers.md", "**" + name + "** (the default)"}};
  for (const auto& [doc, words] : said) {
    EXPECT_TRUE(contains(test::read_file(EGKB_DOCS_DIR "/" + doc), words)) << doc << ": " << words;
  }
}

TEST_F(CommandLine, MistypedCommandsAndOptionsGetASuggestion) {
  const Outcome command = run("conflict " + kChessCsv);
  EXPECT_EQ(command.code, 2);
  EXPECT_TRUE(starts_with(command.err, "egkb: error: 'conflict' is not an egkb command"))
      << command.err;
  EXPECT_TRUE(contains(command.err, "did you mean 'conflicts'?")) << command.err;
  EXPECT_TRUE(contains(run("review imprt x.sqlite y.csv").err, "did you mean 'import'?"));
  EXPECT_TRUE(contains(run("help reduse").err, "did you mean 'reduce'?"));

  const Outcome option = run("conflicts " + kChessCsv + " --wrost 3");
  EXPECT_EQ(option.code, 2);
  EXPECT_TRUE(starts_with(option.err, "egkb: error: unknown option '--wrost'")) << option.err;
  EXPECT_TRUE(contains(option.err, "did you mean '--worst'?")) << option.err;
  EXPECT_TRUE(contains(option.err, "egkb conflicts --help")) << option.err;
  // Nothing close: no guess.
  EXPECT_FALSE(contains(run("conflicts " + kChessCsv + " --zzzzzzzz").err, "did you mean"));
}

TEST_F(CommandLine, EveryFailureHasOneErrorForm) {
  const std::string kb = write("kb.csv", "material,score\nKRK,0\n");
  const std::vector<std::pair<std::string, int>> failures = {
      {"conflicts", 2},                        // parser: missing argument
      {"conflicts " + kb + " --worst -1", 2},  // parser: validation
      {"sample " + path("x.sqlite") + " --p 5 --out b.csv", 2},
      {"conflicts " + kb + " " + kb, 2},                                   // parser: extra argument
      {"conflicts " + path("missing.csv"), 2},                             // input
      {"show " + kb + " KNK", 2},                                          // input
      {"conflicts " + write("j.sqlite", "not a database, only text"), 3},  // store
  };
  for (const auto& [args, code] : failures) {
    const Outcome r = run(args);
    EXPECT_EQ(r.code, code) << args << "\n" << r.err;
    EXPECT_TRUE(starts_with(r.err, "egkb: error: ")) << args << "\n" << r.err;
    EXPECT_EQ(r.out, "") << args;
  }
}

// Under --json a failure is JSON too: one object on standard error in place of the text, and
// standard output holds nothing that is not data.
TEST_F(CommandLine, UnderJsonAFailureIsOneJsonObjectOnStandardError) {
  const std::string kb = write("kb.csv", "material,score\nKRK,0\n");
  const std::vector<std::pair<std::string, int>> failures = {
      {"conflicts " + kb + " --json --worst -1", 2},  // parser
      {"conflicts " + path("missing.csv") + " --json", 2},
      {"reduce " + kb + " --json", 2},  // a CSV is not rewritten in place
      {"conflicts --json " + write("j.sqlite", "not a database, only text"), 3},
  };
  for (const auto& [args, code] : failures) {
    const Outcome r = run(args);
    EXPECT_EQ(r.code, code) << args << "\n" << r.err;
    EXPECT_EQ(r.out, "") << args;
    ASSERT_TRUE(!r.err.empty() && r.err.back() == '\n') << args << "\n" << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line\n" << r.err;
    const auto j = nlohmann::json::parse(r.err, nullptr, false);
    ASSERT_TRUE(j.is_object()) << args << "\n" << r.err;
    EXPECT_EQ(j["error"]["exit_code"], code) << r.err;
    EXPECT_FALSE(j["error"]["message"].get<std::string>().empty()) << r.err;
  }
  const Outcome text = run("conflicts " + path("missing.csv"));
  EXPECT_TRUE(starts_with(text.err, "egkb: error: ")) << "without --json, text";
}

TEST_F(CommandLine, AnOptionThatMeansNothingForTheCommandIsRefused) {
  const std::string kb = write("kb.csv", "material,score\nKRK,0\nKRKG,1\n");
  ASSERT_EQ(run("import " + path("s.sqlite") + " " + kb).code, 0);
  const std::string s = path("s.sqlite");
  const std::vector<std::pair<std::string, std::string>> refused = {
      {"reduce " + kb + " --out " + path("o.csv") + " --lambda 2", "add --soft"},
      {"reduce " + kb + " --out " + path("o.csv") + " --ties queue", "greedy"},
      {"reduce " + kb + " --out " + path("o.csv") + " --method ba --soft", "exact"},
      {"reduce " + kb + " --out " + path("o.csv") + " --weighted", "exact"},
      {"sample " + s + " --out " + path("b.csv") + " --p 0.5 --size 1", "give one"},
      {"sample " + s + " --out " + path("b.csv") + " --design hss --k 2", "distance-k"},
      {"conflicts " + s + " --on-duplicate last", "CSV files"},
      {"sample " + s + " --out " + path("b.csv") + " --pieces xiangqi", "unknown option"},
      {"review undo " + s, "BATCH is required"},
      {"solve KRK --grid", "not both"},
      {"solve KRK --dry-run --out " + path("o.csv"), "solves nothing"},
      {"solve --position '4k4/9/9/9/9/9/9/9/9/3K5 w' --threads 2", "solves nothing"},
  };
  for (const auto& [args, why] : refused) {
    const Outcome r = run(args);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.err;
    EXPECT_TRUE(contains(r.err, why)) << args << "\n" << r.err;
  }
  EXPECT_FALSE(fs::exists(path("o.csv")));
  EXPECT_FALSE(fs::exists(path("b.csv")));
  // The same options where they mean something.
  EXPECT_EQ(run("reduce " + kb + " --out " + path("o.csv") + " --soft --lambda 2").code, 0);
  EXPECT_EQ(run("reduce " + kb + " --out - --method ba --ties queue").code, 0);
  EXPECT_EQ(run("conflicts " + kb + " --on-duplicate last").code, 0);
}

TEST_F(CommandLine, TheKbIsTheFirstArgumentEverywhere) {
  synth("end60", 2);
  ASSERT_EQ(run("import " + path("s.sqlite") + " " + path("n.csv")).code, 0);
  EXPECT_EQ(run("simulate " + path("n.csv") + " --truth " + path("t.csv") + " --rounds 1").code, 0);
  EXPECT_EQ(run("compare " + path("n.csv") + " --truth " + path("t.csv")).code, 0);
  // synth puts noise into a base given first, instead of a preset.
  const Outcome based = run("synth " + path("t.csv") + " --seed 3 --truth " + path("t2.csv") +
                            " --out " + path("n2.csv"));
  ASSERT_EQ(based.code, 0) << based.err;
  EXPECT_EQ(test::read_file(path("t2.csv")), test::read_file(path("t.csv")));
  EXPECT_NE(test::read_file(path("n2.csv")), test::read_file(path("t.csv")));
  // The old spellings are refused with their name.
  EXPECT_TRUE(contains(run("import " + path("n.csv") + " --into " + path("s.sqlite")).err,
                       "unknown option '--into'"));
  EXPECT_TRUE(
      contains(run("simulate --kb " + path("n.csv") + " --truth " + path("t.csv")).err, "--kb"));
  // A store given where a CSV is read is named as such, not as a bad header.
  const Outcome store_as_csv = run("import " + path("s2.sqlite") + " " + path("s.sqlite"));
  EXPECT_EQ(store_as_csv.code, 2);
  EXPECT_TRUE(contains(store_as_csv.err, "is a SQLite store, not a CSV file")) << store_as_csv.err;
}

TEST_F(CommandLine, EveryCommandThatPrintsDataPrintsJson) {
  synth("end60", 2);
  const std::string n = path("n.csv"), t = path("t.csv"), s = path("s.sqlite");
  // The first dozen rows of the base, for evidence to search and calibrate on.
  std::string rows = test::read_file(n);
  std::size_t end = 0;
  for (int line = 0; line < 13; ++line) end = rows.find('\n', end) + 1;
  rows = rows.substr(0, end);
  const std::vector<std::pair<std::string, std::string>> commands = {
      {"synth", "--preset end60 --truth " + path("t3.csv") + " --out " + path("n3.csv")},
      {"import", s + " " + n},
      {"import --solved",
       path("solved.sqlite") + " " +
           (std::filesystem::path(test::chess_csv()).parent_path() / "xiangqi-retrograde.csv")
               .string() +
           " --from-counts"},
      {"conflicts", s},
      {"show", s + " KRK"},
      {"compare", n + " --truth " + t},
      {"report", s + " --out " + path("r.html")},
      {"reduce", s},
      {"sample", s + " --out " + path("b.csv") + " --k 2 --p 0.05"},
      {"export", s + " --format table --out " + path("kb.egkb")},
      {"probe", path("kb.egkb") + " KRK KKR"},
      {"simulate", n + " --truth " + t + " --rounds 1"},
      {"positions", "KRKNMM --count 2"},
      {"solve", "KRK KNK --keep-tables " + path("tables")},
      {"solve --position", "'3k5/9/9/9/9/9/9/9/4K4/R8 w' --keep-tables " + path("tables")},
      {"solve --dry-run", "KRKGG"},
      {"evidence", s + " --engine " EGKB_FAKE_ENGINE " --depth 1 --positions 2 --rows " +
                       write("rows.csv", rows) + " --calibrate " + t},
      {"evidence import", s + " " +
                              write("e.jsonl",
                                    "{\"egkb_evidence\":1,\"pieces\":\"xiangqi\","
                                    "\"engine\":\"x\",\"budget\":\"depth 1\","
                                    "\"seed\":1}\n")},
  };
  for (const auto& [command, args] : commands) {
    const Outcome r = run(command + " " + args + " --json");
    ASSERT_EQ(r.code, 0) << command << "\n" << r.err;
    const auto j = nlohmann::ordered_json::parse(r.out, nullptr, false);
    ASSERT_FALSE(j.is_discarded()) << command << "\n" << r.out;
    const std::vector<std::string> documented = documented_keys(command);
    ASSERT_FALSE(documented.empty()) << command << " is missing from docs/formats.md";
    EXPECT_EQ(keys_of(j), documented) << command << ": the keys docs/formats.md lists";
  }
  const std::string truth_sheet = test::truthful_sheet(path("b.csv"), t);
  const std::string filled = write("filled.csv", truth_sheet);
  for (const std::string command : {"estimate", "review import"}) {
    const Outcome r = run(command + " " + s + " " + filled + " --json");
    ASSERT_EQ(r.code, 0) << command << "\n" << r.err;
    EXPECT_EQ(keys_of(nlohmann::ordered_json::parse(r.out)), documented_keys(command)) << command;
  }
  const Outcome undone = run("review undo " + s + " 1 --json");
  ASSERT_EQ(undone.code, 0) << undone.err;
  EXPECT_EQ(keys_of(nlohmann::ordered_json::parse(undone.out)), documented_keys("review undo"));
  // The limit the user gave holds in JSON too.
  const auto worst = nlohmann::json::parse(run("conflicts " + n + " --worst 3 --json").out);
  EXPECT_EQ(worst["worst"].size(), 3u);
}

TEST_F(CommandLine, DashIsStandardInputAndOutput) {
  const std::string kb = write("kb.csv", "material,score\nKRK,0\nKRKG,1\nKCK,1\n");
  const Outcome piped = run_program("cat " + kb + " | " + EGKB_BINARY + " conflicts - --json");
  ASSERT_EQ(piped.code, 0) << piped.err;
  EXPECT_EQ(nlohmann::json::parse(piped.out)["nodes"], 6);

  const Outcome csv = run("export " + kb + " --format csv --out -");
  ASSERT_EQ(csv.code, 0) << csv.err;
  EXPECT_TRUE(starts_with(csv.out, "material,score")) << csv.out;
  EXPECT_FALSE(fs::exists(path("-")));

  const Outcome repaired = run("reduce " + kb + " --out -");
  ASSERT_EQ(repaired.code, 0) << repaired.err;
  EXPECT_TRUE(starts_with(repaired.out, "material,score")) << repaired.out;
  EXPECT_FALSE(repaired.err.empty()) << "the figures go to standard error";

  const Outcome imported =
      run_program("cat " + kb + " | " + EGKB_BINARY + " import " + path("s.sqlite") + " -");
  ASSERT_EQ(imported.code, 0) << imported.err;
  const Outcome html = run("report " + path("s.sqlite") + " --out -");
  EXPECT_TRUE(starts_with(html.out, "<!DOCTYPE html>")) << html.out.substr(0, 80);

  const Outcome table =
      run_program(std::string(EGKB_BINARY) + " export " + kb + " --format table --out - | " +
                  EGKB_BINARY + " probe - KRK --json");
  ASSERT_EQ(table.code, 0) << table.err;
  EXPECT_EQ(nlohmann::json::parse(table.out)[0]["score"], 0);
  const Outcome weighted = run_program("echo '{\"manual\": 5}' | " + std::string(EGKB_BINARY) +
                                       " reduce " + kb + " --method exact --weights - --out -");
  ASSERT_EQ(weighted.code, 0) << weighted.err;
  EXPECT_TRUE(starts_with(weighted.out, "material,score")) << weighted.out;
  // Both outputs on standard output cannot be told apart.
  EXPECT_EQ(run("synth --preset end60 --truth - --out -").code, 2);
  EXPECT_FALSE(fs::exists(path("-")));
}

TEST_F(CommandLine, ChessIsRecognisedFromItsMaterialsAndPrintedWhiteAndBlack) {
  const Outcome conflicts = run("conflicts " + kChessCsv + " --json");
  ASSERT_EQ(conflicts.code, 0) << conflicts.err;
  EXPECT_EQ(nlohmann::json::parse(conflicts.out)["pieces"], "chess");
  const Outcome shown = run("show " + kChessCsv + " KRvK");
  ASSERT_EQ(shown.code, 0) << shown.err;
  EXPECT_TRUE(contains(shown.out, "White")) << shown.out;
  EXPECT_FALSE(contains(shown.out, "Red")) << shown.out;
  EXPECT_FALSE(contains(shown.out, " red")) << shown.out;
  // An ambiguous text (no Q or B, no 'v') is read as xiangqi unless told.
  const std::string krk = write("krk.csv", "material,score\nKRK,0\n");
  EXPECT_EQ(nlohmann::json::parse(run("conflicts " + krk + " --json").out)["pieces"], "xiangqi");
  EXPECT_EQ(nlohmann::json::parse(run("conflicts " + krk + " --pieces chess --json").out)["pieces"],
            "chess");
  // A store remembers.
  ASSERT_EQ(run("import " + path("c.sqlite") + " " + kChessCsv).code, 0);
  EXPECT_TRUE(contains(run("show " + path("c.sqlite") + " KRvK").out, "White"));
}

}  // namespace
}  // namespace egkb
