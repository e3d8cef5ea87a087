// At a terminal (issue 34): long commands draw their progress on standard error, in place, and
// clear it; a pipe and --quiet get none. Ctrl-C and SIGTERM stop a command at its next safe
// point, with every output and store as it was and no temporary left.
#include "tests/support/terminal.h"

#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <regex>
#include <set>

#include "tests/support/cli.h"
#include "tests/support/shared_files.h"

namespace egkb {
namespace {

namespace fs = std::filesystem;

constexpr const char* kErase = "\r\x1b[K";

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

class Terminal : public test::CliTest {
 protected:
  // Every name in the folder, hidden temporaries and journal files included, with the bytes of
  // the regular files: what "left as it was" compares.
  std::map<std::string, std::string> everything() const {
    std::map<std::string, std::string> files;
    for (const fs::directory_entry& e : fs::directory_iterator(dir_)) {
      const std::string name = e.path().filename().string();
      if (name == "stderr.txt") continue;
      files[name] = e.is_regular_file() ? test::read_file(e.path().string()) : "(not a file)";
    }
    return files;
  }

  // Runs `args` at a terminal and sends `signal` once the screen shows `step`; expects the
  // command to stop on it and leave the folder as it was.
  void expect_stopped_at(const std::vector<std::string>& args, const std::string& step,
                         int signal = SIGINT) {
    const auto before = everything();
    const test::TerminalOutcome t = test::run_on_terminal(
        args, dir_.string(),
        [&](const std::string& screen) { return contains(screen, kErase + step) ? signal : 0; });
    ASSERT_TRUE(t.signalled) << step << " never shown:\n" << t.screen;
    EXPECT_EQ(t.code, 128 + signal) << step << "\n" << t.screen;
    EXPECT_TRUE(contains(t.screen, "stopped; every output and store is as it was")) << t.screen;
    EXPECT_EQ(test::changed_files(before, everything()), "") << "stopped at " << step;
    EXPECT_EQ(everything().size(), before.size()) << "stopped at " << step;
  }

  // The full lattice synthesised (seed 2): its truth t.csv and its noisy rows n.csv.
  void full_base() const { full_base_into(dir_); }

  void full_base_into(const fs::path& into) const {
    test::copy_shared_files(
        "full-seed2",
        [this](const fs::path& made) {
          ASSERT_EQ(run("synth --preset full --seed 2 --truth " + (made / "t.csv").string() +
                        " --out " + (made / "n.csv").string())
                        .code,
                    0);
        },
        into);
  }

  // Its noisy rows imported into full.sqlite, never repaired.
  void full_store() const {
    test::copy_shared_files(
        "full-seed2-store",
        [this](const fs::path& made) {
          full_base_into(made);
          ASSERT_EQ(
              run("import " + (made / "full.sqlite").string() + " " + (made / "n.csv").string())
                  .code,
              0);
          fs::remove(made / "n.csv");
          fs::remove(made / "t.csv");
        },
        dir_);
  }
};

TEST_F(Terminal, TheDefaultRepairDrawsEachStepInPlaceAndClearsIt) {
  synth("end59", 1);
  const test::TerminalOutcome t =
      test::run_on_terminal({"reduce", "n.csv", "--out", "r.csv"}, dir_.string());
  ASSERT_EQ(t.code, 0) << t.screen;
  // Validation's 8 held-out repairs of the 3,888 rows, then the repair: one step, so that its
  // time left counts the repair.
  for (const char* step :
       {"reading n.csv: ", "validation and repair: ", " of 34,992 rows (", "writing rows: "}) {
    EXPECT_TRUE(contains(t.screen, step)) << step << " not shown:\n" << t.screen;
  }
  // The line is erased before the report, which starts at the left margin.
  EXPECT_TRUE(contains(t.screen, std::string(kErase) + "auto on n.csv: 3888 rows")) << t.screen;

  const test::TerminalOutcome quiet =
      test::run_on_terminal({"reduce", "n.csv", "--out", "q.csv", "--quiet"}, dir_.string());
  EXPECT_EQ(quiet.code, 0);
  EXPECT_FALSE(contains(quiet.screen, "\x1b[K")) << quiet.screen;
  EXPECT_TRUE(contains(quiet.screen, "auto on n.csv"));

  const test::Outcome piped = run("reduce " + path("n.csv") + " --out " + path("p.csv"));
  EXPECT_EQ(piped.code, 0);
  EXPECT_FALSE(contains(piped.err, "\x1b[")) << piped.err;
  EXPECT_FALSE(contains(piped.err + piped.out, "validation and repair: ")) << piped.err;
}

// Issue 42: the line never freezes. From the start to the exit of a first repair of the full
// lattice's store, exact and the default, a changed line shows at least every 1.5 s: the solver's
// seconds while it runs, validation's time left (the repair after it counted in), the store's
// rows as they are written; rates as people read them.
TEST_F(Terminal, RepairingTheFullLatticeNeverFreezesTheLine) {
  full_store();
  for (const char* method : {"exact", "auto"}) {
    fs::copy_file(path("full.sqlite"), path("r.sqlite"), fs::copy_options::overwrite_existing);
    const test::TerminalOutcome t =
        test::run_on_terminal({"reduce", "r.sqlite", "--method", method}, dir_.string());
    ASSERT_EQ(t.code, 0) << method << "\n" << t.screen.substr(0, 2000);
    const test::ProgressGap gap = test::longest_progress_gap(t);
    EXPECT_LE(gap.seconds, 1.5) << method << ": nothing new after '" << gap.after << "'";
    for (const char* step : {"reading r.sqlite: ", " of 2,125,764 rows (", "writing the store: "}) {
      EXPECT_TRUE(contains(t.screen, step)) << method << ": " << step << " not shown";
    }
    const bool exact = std::string(method) == "exact";
    EXPECT_TRUE(contains(t.screen, exact ? "repairing (exact): " : "validation and repair: "));
    EXPECT_TRUE(exact || std::regex_search(t.screen, std::regex(R"(, about \d+ s left)")))
        << t.screen.substr(0, 3000);
    EXPECT_TRUE(std::regex_search(t.screen, std::regex(R"(\d,\d{3} rows/s)"))) << method;
  }
}

// A Ctrl-C that comes once the work is done, while the report is printed (thousands of lines,
// more than the terminal holds unread): the command completes and says so.
TEST_F(Terminal, CtrlCAfterTheWorkIsDoneSaysTheCommandCompleted) {
  synth("end59", 1);
  const test::TerminalOutcome t = test::run_on_terminal(
      {"conflicts", "n.csv", "--worst", "3888"}, dir_.string(), [](const std::string& screen) {
        return contains(screen, "corrected score Vc") ? SIGINT : 0;
      });
  ASSERT_TRUE(t.signalled);
  EXPECT_EQ(t.code, 0) << t.screen.substr(t.screen.size() - 500);
  EXPECT_TRUE(contains(t.screen,
                       "egkb: Ctrl-C (SIGINT) came after the work was done: the command "
                       "completed"))
      << t.screen.substr(t.screen.size() - 500);
}

TEST_F(Terminal, ASolveDrawsEachMaterialAndPlyInPlace) {
  const test::TerminalOutcome t = test::run_on_terminal(
      {"solve", "KRKGG", "--keep-tables", "tables", "--out", "c.csv"}, dir_.string());
  ASSERT_EQ(t.code, 0) << t.screen;
  for (const char* step : {"solving KRKGG (6 of 6): counting moves: ",
                           "solving KRKGG (6 of 6): ply 1", "solving KK (1 of 6)"}) {
    EXPECT_TRUE(contains(t.screen, step)) << step << " not shown:\n" << t.screen;
  }
  EXPECT_TRUE(contains(t.screen, std::string(kErase) + "1 material written to")) << t.screen;
}

TEST_F(Terminal, CtrlCStopsSynthOfTheFullLatticeAtEachStepAndLeavesItsOutputsAsTheyWere) {
  write("t.csv", "an older truth\n");
  write("n.csv", "an older base\n");
  for (const char* step : {"scoring the truth: ", "adding noise: ", "writing rows: "}) {
    expect_stopped_at({"synth", "--preset", "full", "--truth", "t.csv", "--out", "n.csv"}, step);
  }
}

TEST_F(Terminal, CtrlCStopsAnImportIntoANewStoreAndLeavesNoStore) {
  full_base();
  for (const char* step : {"reading n.csv: ", "importing into "}) {
    expect_stopped_at({"import", "full.sqlite", "n.csv"}, step);
  }
  expect_stopped_at({"import", "full.sqlite", "n.csv"}, "reading n.csv: ", SIGTERM);
}

TEST_F(Terminal, CtrlCStopsAJsonExportAndLeavesTheOldExport) {
  full_base();
  write("e.json", "{\"an older\": \"export\"}\n");
  for (const char* step : {"building the lattice: ", "writing materials: "}) {
    expect_stopped_at({"export", "t.csv", "--format", "json", "--out", "e.json"}, step);
  }
}

}  // namespace
}  // namespace egkb
