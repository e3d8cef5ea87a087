// Issue 40's faults of opening a table, each in a process of its own, timed and weighed
// (wait4's rusage): a FIFO no one writes returns at once from egkb_open and from `egkb probe`
// (both used to wait for a writer forever), and a 1 GB sparse file is refused in under 0.1 s
// with under 10 MB of memory (egkb_open used to read it whole first: 4.6 s, 1.05 GB).
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <fstream>
#include <thread>

#include "tests/support/temp_dir.h"

namespace egkb::test {
namespace {

struct Outcome {
  int code = -1;
  double seconds = 0;
  long peak_kb = 0;
  std::string out;
};

class ProbeFaults : public TempDirTest {
 protected:
  // Runs the program with its output in a file; killed after 10 s, which fails any bar.
  Outcome run(const std::vector<std::string>& args) const {
    const std::string out = path("out.txt");
    const auto start = std::chrono::steady_clock::now();
    const pid_t pid = fork();
    if (pid == 0) {
      std::freopen(out.c_str(), "w", stdout);
      std::freopen(out.c_str(), "a", stderr);
      std::vector<char*> argv;
      for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
      argv.push_back(nullptr);
      execv(argv[0], argv.data());
      _exit(127);
    }
    Outcome r;
    int status = 0;
    rusage usage{};
    for (;;) {
      const pid_t done = wait4(pid, &status, WNOHANG, &usage);
      if (done == pid) break;
      if (std::chrono::steady_clock::now() - start > std::chrono::seconds(10)) kill(pid, SIGKILL);
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.peak_kb = usage.ru_maxrss;
    r.out = read_file(out);
    return r;
  }
  std::string fifo() const {
    const std::string f = path("table.fifo");
    EXPECT_EQ(mkfifo(f.c_str(), 0600), 0);
    return f;
  }
  std::string sparse_gigabyte() const {
    const std::string f = path("sparse.egkb");
    std::ofstream(f).close();
    EXPECT_EQ(truncate(f.c_str(), 1L << 30), 0);
    return f;
  }
};

TEST_F(ProbeFaults, TheLibraryRefusesAFifoAtOnce) {
  const Outcome r = run({EGKB_OPEN_TABLE, fifo()});
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_LT(r.seconds, 1.0);
  EXPECT_EQ(r.out, "file: is a FIFO, not a table file: tables are read from regular files\n");
}

TEST_F(ProbeFaults, EgkbProbeRefusesAFifoAtOnce) {
  const Outcome r = run({EGKB_BINARY, "probe", fifo(), "KRK"});
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_LT(r.seconds, 1.0);
  EXPECT_NE(r.out.find("is a FIFO, not a table file"), std::string::npos) << r.out;
}

TEST_F(ProbeFaults, TheLibraryRefusesASparseGigabyteFastAndSmall) {
  const Outcome r = run({EGKB_OPEN_TABLE, sparse_gigabyte()});
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_LT(r.seconds, 0.1);
  EXPECT_LT(r.peak_kb, 10 * 1024);
  EXPECT_EQ(r.out, "magic: not an egkb table (egkb export --format table writes one)\n");
}

// With a table's header before the gigabyte, the size is weighed against the header's promise
// before anything more is read.
TEST_F(ProbeFaults, ASparseGigabyteBehindAValidHeaderIsRefusedBeforeItsBodyIsRead) {
  const std::string table = path("t.egkb");
  const Outcome exported =
      run({EGKB_BINARY, "export", std::string(EGKB_DATA_DIR) + "/chess-syzygy-6men.csv", "--pieces",
           "chess", "--format", "table", "--out", table});
  ASSERT_EQ(exported.code, 0) << exported.out;
  ASSERT_EQ(truncate(table.c_str(), 1L << 30), 0);
  for (const Outcome& r :
       {run({EGKB_OPEN_TABLE, table}), run({EGKB_BINARY, "probe", table, "KRvK"})}) {
    EXPECT_NE(r.code, 0) << r.out;
    EXPECT_LT(r.seconds, 0.1) << r.out;
    EXPECT_LT(r.peak_kb, 10 * 1024) << r.out;
    EXPECT_NE(r.out.find("entries: the header promises 22126 bytes after it, the file holds "
                         "1073741760"),
              std::string::npos)
        << r.out;
  }
}

TEST_F(ProbeFaults, EgkbProbeRefusesASparseGigabyteFastAndSmall) {
  const Outcome r = run({EGKB_BINARY, "probe", sparse_gigabyte(), "KRK"});
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_LT(r.seconds, 0.1);
  EXPECT_LT(r.peak_kb, 10 * 1024);
  EXPECT_NE(r.out.find("magic: not an egkb table"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace egkb::test
