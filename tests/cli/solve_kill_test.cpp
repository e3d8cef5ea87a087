// `egkb solve` killed with SIGKILL at random moments, or stopped by Ctrl-C: every material it
// finished stays in the folder of tables, readable, nothing half-written; the same command run
// again reads them back and ends with the counts of a run never stopped.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <random>
#include <thread>

#include "tests/support/cli.h"
#include "tests/support/process.h"
#include "tests/support/trials.h"

namespace egkb {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

class SolveStopped : public test::CliTest {
 protected:
  std::vector<std::string> args(const std::string& tables, const std::string& out) const {
    return {"solve",      "KRKGGMM", "KNKGGMM", "KCKGGMM",   "KPPKGG", "--keep-tables",
            path(tables), "--out",   path(out), "--threads", "2"};
  }

  // The tables of a folder, and any other file but the lock: none may be half-written.
  static std::vector<std::string> files_in(const std::string& folder) {
    std::vector<std::string> out;
    if (!fs::exists(folder)) return out;
    for (const auto& e : fs::directory_iterator(folder)) out.push_back(e.path().filename());
    return out;
  }
};

TEST_F(SolveStopped, KilledAtRandomMomentsItKeepsWhatItFinishedAndARerunEndsTheSame) {
  const auto started = Clock::now();
  test::Process whole(args("clean", "clean.csv"), path("o.txt"), path("e.txt"));
  ASSERT_EQ(whole.wait(), 0) << test::read_file(path("e.txt"));
  const auto duration = Clock::now() - started;
  const std::string expected = test::read_file(path("clean.csv"));
  ASSERT_FALSE(expected.empty());

  std::mt19937 random(5);
  std::size_t most_kept = 0;
  for (int trial = 0; trial < test::trials(6, 20); ++trial) {
    const auto at = std::chrono::duration_cast<std::chrono::microseconds>(duration) *
                    static_cast<int>(random() % 100) / 100;
    test::Process victim(args("killed", "killed.csv"), path("o.txt"), path("e.txt"));
    std::this_thread::sleep_for(at);
    victim.kill_hard();
    victim.wait();
    EXPECT_FALSE(fs::exists(path("killed.csv")) && test::read_file(path("killed.csv")) != expected);
    // A table is whole under its name; what the kill cut short is a temporary beside it.
    std::size_t kept = 0;
    for (const std::string& name : files_in(path("killed"))) {
      EXPECT_TRUE(name == ".lock" || name.ends_with(".table") || name.ends_with(".tmp")) << name;
      kept += name.ends_with(".table") ? 1 : 0;
    }
    most_kept = std::max(most_kept, kept);
    fs::remove(path("killed.csv"));
  }
  test::Process rerun(args("killed", "killed.csv"), path("o.txt"), path("e.txt"));
  ASSERT_EQ(rerun.wait(), 0) << test::read_file(path("e.txt"));
  EXPECT_EQ(test::read_file(path("killed.csv")), expected);
  for (const std::string& name : files_in(path("killed"))) {
    EXPECT_TRUE(name == ".lock" || name.ends_with(".table")) << name;
  }
  if (most_kept > 2) {
    EXPECT_NE(test::read_file(path("e.txt")).find("read back"), std::string::npos);
  }
}

TEST_F(SolveStopped, CtrlCStopsItSayingWhatIsKept) {
  test::Process whole(args("tables", "c.csv"), path("o.txt"), path("e.txt"));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  whole.send_signal(SIGINT);
  const int code = whole.wait();
  if (code == 0) GTEST_SKIP() << "the solve finished before the signal";
  EXPECT_EQ(code, 130);
  EXPECT_NE(test::read_file(path("e.txt")).find("the same command continues from there"),
            std::string::npos)
      << test::read_file(path("e.txt"));
  EXPECT_FALSE(fs::exists(path("c.csv")));
}

}  // namespace
}  // namespace egkb
