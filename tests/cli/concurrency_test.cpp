// Two egkb processes on one store, started by the test over many interleavings (issue 12): the
// history always replays to the nodes, no reduce changes an invariable row, a refused command
// exits 3 saying why, and the last reduce to commit left exactly the state it reported. On end59
// (3,889 rows): 4 races at random offsets and 2 forced ones a pair, 8 and 3 with
// EGKB_TEST_LONG=1.
#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <iostream>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <thread>

#include "tests/support/cli.h"
#include "tests/support/process.h"
#include "tests/support/sheets.h"
#include "tests/support/store_oracle.h"
#include "tests/support/trials.h"

namespace egkb {
namespace {

namespace fs = std::filesystem;
using test::Outcome;

class TwoWriters : public test::CliTest {
 protected:
  void SetUp() override {
    CliTest::SetUp();
    make_reviewed_store("end59", 3);
    // 2,000 invariable expert rows with the truth's scores.
    std::istringstream truth(test::read_file(path("t.csv")));
    std::string line, experts = "material,score,source\n";
    std::getline(truth, line);
    for (int i = 0; std::getline(truth, line); ++i) {
      if (i % 9 == 0) experts += line.substr(0, line.find(',') + 2) + ",expert\n";
    }
    write("experts.csv", experts);
  }

  struct Result {
    int code;
    std::string err;
  };

  // Long enough for both commands to read and compute on end59 (a reduce takes 0.2 s in a
  // Release build), well within the 5 s a writer waits for the lock.
  static constexpr std::chrono::milliseconds kHold{600};

  // Runs the two commands on a fresh copy of the store: the second starts `offset` after the
  // first, or, when `hold`, both start while the test holds the write lock, which it lets go
  // once both have had time to read and compute (kHold), so both race for it.
  std::pair<Result, Result> race(const std::vector<std::string>& a,
                                 const std::vector<std::string>& b,
                                 std::chrono::milliseconds offset, bool hold) {
    const std::string store = path("s.sqlite");
    // The journal's side files go too: the store keeps them (persistent WAL), and when a
    // read-only check closed last they still hold the previous race's commits, which SQLite
    // would replay onto the fresh copy.
    for (const char* file : {"s.sqlite", "s.sqlite-wal", "s.sqlite-shm", "x.csv", "x.html"})
      fs::remove(path(file));
    fs::copy_file(path("base.sqlite"), store);
    auto with_store = [&](std::vector<std::string> args) {
      for (std::string& arg : args) {
        if (arg == "STORE") arg = store;
      }
      return args;
    };
    std::optional<SQLite::Database> holder;
    if (hold) {
      holder.emplace(store, SQLite::OPEN_READWRITE);
      holder->exec("BEGIN IMMEDIATE");
    }
    test::Process first(with_store(a), path("a.out"), path("a.err"));
    std::this_thread::sleep_for(offset);
    test::Process second(with_store(b), path("b.out"), path("b.err"));
    if (hold) {
      std::this_thread::sleep_for(kHold);
      holder->exec("ROLLBACK");
    }
    const int ca = first.wait(), cb = second.wait();
    return {{ca, test::read_file(path("a.err"))}, {cb, test::read_file(path("b.err"))}};
  }

  // What must hold whatever the interleaving. A review import may also be refused as stale
  // (exit 2) when the repair beside it committed first: that is the sheet's rule at work.
  void expect_sound(const Result& a, const Result& b) {
    const std::string store = path("s.sqlite");
    for (const Result& r : {a, b}) {
      if (r.code == 2 && r.err.find("--accept-stale") != std::string::npos) continue;
      EXPECT_TRUE(r.code == 0 || r.code == 3) << r.code << " " << r.err;
      if (r.code == 3) {
        EXPECT_TRUE(r.err.find("changed while this command ran") != std::string::npos ||
                    r.err.find("busy") != std::string::npos)
            << r.err;
        ++refused_;
      }
    }
    EXPECT_TRUE(test::integrity_ok(store));
    EXPECT_EQ(test::replayed_history(store), test::stored_nodes(store));
    EXPECT_EQ(test::query_number(store,
                                 "SELECT count(*) FROM history WHERE reason LIKE "
                                 "'reduce%' AND old_invariable = 1"),
              0);
    // The newest run, if a reduce, reported the conflicts it left: it computed on the state it
    // committed to.
    SQLite::Database db(store, SQLite::OPEN_READONLY);
    SQLite::Statement last(db, "SELECT command, after FROM runs ORDER BY id DESC LIMIT 1");
    ASSERT_TRUE(last.executeStep());
    if (last.getColumn(0).getString().rfind("reduce", 0) == 0) {
      const auto reported = nlohmann::json::parse(last.getColumn(1).getString());
      const Outcome now = run("conflicts " + store + " --json");
      ASSERT_EQ(now.code, 0) << now.err;
      EXPECT_EQ(nlohmann::json::parse(now.out)["inconsistent_nodes"],
                reported["inconsistent_nodes"]);
    }
  }

  // Random starting offsets, then forced races with the lock held; `also` checks more after
  // each race.
  void interleave(const std::vector<std::string>& a, const std::vector<std::string>& b,
                  const std::function<void(const Result&, const Result&)>& also = {}) {
    std::mt19937 random(12);
    const int at_offsets = test::trials(4, 8);
    held_races_ = test::trials(2, 3);
    for (int trial = 0; trial < at_offsets + held_races_; ++trial) {
      const bool hold = trial >= at_offsets;
      const auto offset = std::chrono::milliseconds(hold ? 0 : random() % 250);
      const auto [ra, rb] = race(a, b, offset, hold);
      expect_sound(ra, rb);
      if (also) also(ra, rb);
    }
    RecordProperty("refused", refused_);
    std::cout << "refused " << refused_ << " of " << 2 * (at_offsets + held_races_)
              << " commands\n";
  }

  int refused_ = 0;
  int held_races_ = 0;
};

TEST_F(TwoWriters, ReduceAndReduce) {
  interleave({"reduce", "STORE", "--method", "exact"}, {"reduce", "STORE", "--method", "ra"});
  EXPECT_GE(refused_, held_races_) << "each forced race refuses one of the two reduces";
}

TEST_F(TwoWriters, ImportAndReduce) {
  const std::map<std::string, std::string> expert = test::scores_of(path("experts.csv"));
  interleave({"reduce", "STORE", "--method", "exact"}, {"import", "STORE", path("experts.csv")},
             [&](const Result&, const Result& imported) {
               if (imported.code != 0) return;
               // Whatever ran beside it, every expert row holds the score the expert gave.
               SQLite::Database db(path("s.sqlite"), SQLite::OPEN_READONLY);
               SQLite::Statement q(db, "SELECT material, score FROM nodes WHERE source = 'expert'");
               int rows = 0;
               while (q.executeStep()) {
                 ++rows;
                 EXPECT_EQ(q.getColumn(1).getString(), expert.at(q.getColumn(0).getString()));
               }
               EXPECT_EQ(rows, static_cast<int>(expert.size()));
             });
}

TEST_F(TwoWriters, ReviewImportAndReduce) {
  interleave({"reduce", "STORE", "--method", "exact"},
             {"review", "import", "STORE", path("filled.csv"), "--reviewer", "ada"});
}

TEST_F(TwoWriters, SampleAndReduce) {
  interleave({"reduce", "STORE", "--method", "exact"},
             {"sample", "STORE", "--p", "0.01", "--out", path("x.csv")});
}

}  // namespace
}  // namespace egkb
