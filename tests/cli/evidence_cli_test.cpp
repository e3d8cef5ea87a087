// egkb evidence end to end with a fake engine (tests/engine/fake_engine.py): rows kept per
// material, a kill -9 half-way resumed to the result of one run, shards merged into the result
// of one run, an engine's crash, hang and garbage costing only the materials they hit (a restart
// recorded in the row, the engine's bytes escaped once), an engine that fills its socket read as
// it writes, a signal to the whole process group stopping the run with no engine started after
// it, and every refusal leaving the folder as it was.
#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <thread>

#include "tests/support/cli.h"
#include "tests/support/process.h"
#include "tests/support/store_oracle.h"

namespace egkb {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::seconds;

const std::string kFake = EGKB_FAKE_ENGINE;

// Waits until `done` holds, looking every 5 ms; false when `limit` passed first (a bound on a
// failure, never the time a test takes).
template <typename Done>
bool wait_until(Done done, Clock::duration limit) {
  for (const auto until = Clock::now() + limit; !done();) {
    if (Clock::now() >= until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return true;
}

std::size_t lines_in(const std::string& path) {
  std::ifstream in(path);
  std::size_t n = 0;
  for (std::string line; std::getline(in, line);) ++n;
  return n;
}

class EvidenceCli : public test::CliTest {
 protected:
  void SetUp() override {
    CliTest::SetUp();
    write("kb.csv",
          "material,score\nKRK,0\nKNK,1\nKCK,4\nKPK,2\nKRKG,0\nKRKM,0\nKNKG,2\nKNKM,2\nKPKG,4\n"
          "KRRK,0\nKRNK,0\nKRCK,0\nKRKN,3\nKNKN,4\nKCKG,4\nKRKGG,1\n");
    ASSERT_EQ(run("import " + store() + " " + path("kb.csv")).code, 0);
  }
  void TearDown() override {
    for (const char* v : {"FAKE_ENGINE_CRASH_AT", "FAKE_ENGINE_HANG_ON", "FAKE_ENGINE_GARBAGE_ON",
                          "FAKE_ENGINE_SLOW_MS", "FAKE_ENGINE_LOG", "FAKE_ENGINE_STARTS",
                          "FAKE_ENGINE_INFO_BYTES", "FAKE_ENGINE_PV_MOVES"}) {
      unsetenv(v);
    }
    CliTest::TearDown();
  }
  std::string store() const { return path("kb.sqlite"); }
  static std::string engine() { return " --engine " + kFake + " --depth 1 --positions 8"; }

  // The evidence a store holds, row by row, without the times.
  static std::vector<std::string> rows(const std::string& store) {
    SQLite::Database db(store);
    SQLite::Statement q(db,
                        "SELECT key, engine, budget, seed, positions, hex(scores), threshold, "
                        "wins, draws, losses, expected, low, high, score, coalesce(failure, ''), "
                        "coalesce(pvs, '') "
                        "FROM evidence ORDER BY key, engine, budget, seed");
    std::vector<std::string> out;
    while (q.executeStep()) {
      std::string row;
      for (int c = 0; c < q.getColumnCount(); ++c) row += q.getColumn(c).getString() + "|";
      out.push_back(row);
    }
    return out;
  }
  // How many searches the fake engine was given (its log, one FEN a line).
  std::size_t searches() const { return lines_in(path("log.txt")); }
  // How many engine processes were started (their log, one a line).
  std::size_t engines_started() const { return lines_in(path("starts.txt")); }
};

TEST_F(EvidenceCli, AStoreKeepsARowPerMaterialAndASecondRunSearchesNothing) {
  setenv("FAKE_ENGINE_LOG", path("log.txt").c_str(), 1);
  const test::Outcome first = run("evidence " + store() + engine() + " --jobs 2 --json");
  ASSERT_EQ(first.code, 0) << first.err;
  EXPECT_NE(first.out.find("\"materials\": 16"), std::string::npos) << first.out;
  EXPECT_NE(first.out.find("\"searched\": 16"), std::string::npos);
  EXPECT_NE(first.out.find("\"engine\": \"Fake 1.0\""), std::string::npos);
  EXPECT_EQ(rows(store()).size(), 16u);
  EXPECT_EQ(searches(), 16u * 8);
  const test::Outcome second = run("evidence " + store() + engine() + " --json");
  EXPECT_NE(second.out.find("\"kept\": 16"), std::string::npos) << second.out;
  EXPECT_EQ(searches(), 16u * 8);
  // A new threshold counts the kept scores again and searches nothing.
  const auto before = rows(store());
  ASSERT_EQ(run("evidence " + store() + engine() + " --threshold 950").code, 0);
  EXPECT_EQ(searches(), 16u * 8);
  EXPECT_NE(rows(store()), before);
  EXPECT_EQ(test::query_number(store(), "SELECT count(*) FROM evidence WHERE threshold = 950"), 16);
  // The nodes are untouched: evidence is never a row of the base.
  EXPECT_EQ(test::replayed_history(store()), test::stored_nodes(store()));
  EXPECT_EQ(test::query_number(store(), "SELECT count(*) FROM nodes WHERE source = 'expert'"), 0);
}

TEST_F(EvidenceCli, AKillHalfWayKeepsEveryFinishedMaterialAndTheRerunEqualsOneRun) {
  setenv("FAKE_ENGINE_SLOW_MS", "15", 1);
  const std::string whole = path("whole.sqlite");
  ASSERT_EQ(run("import " + whole + " " + path("kb.csv")).code, 0);
  ASSERT_EQ(run("evidence " + whole + engine() + " --jobs 1").code, 0);
  const std::vector<std::string> expected = rows(whole);
  ASSERT_EQ(expected.size(), 16u);
  int partial = 0;
  for (int trial = 0; trial < 3; ++trial) {
    std::filesystem::remove(store());
    ASSERT_EQ(run("import " + store() + " " + path("kb.csv")).code, 0);
    setenv("FAKE_ENGINE_LOG", path("log.txt").c_str(), 1);
    std::filesystem::remove(path("log.txt"));
    {
      test::Process victim({"evidence", store(), "--engine", kFake, "--depth", "1", "--positions",
                            "8", "--jobs", "1"},
                           path("o.txt"), path("e.txt"));
      // A quarter, half and three quarters of the way: in the middle of material 4, 8 or 12.
      const std::size_t given = 8 * 4 * (trial + 1) - 5;
      ASSERT_TRUE(wait_until([&] { return searches() >= given; }, seconds(60))) << searches();
      victim.kill_hard();
      victim.wait();
    }
    const std::size_t kept = rows(store()).size();
    partial += kept > 0 && kept < 16;
    ASSERT_TRUE(test::integrity_ok(store()));
    const std::size_t searched_before = searches();
    const test::Outcome rerun = run("evidence " + store() + engine() + " --jobs 2 --json");
    ASSERT_EQ(rerun.code, 0) << rerun.err;
    EXPECT_NE(rerun.out.find("\"kept\": " + std::to_string(kept)), std::string::npos) << rerun.out;
    // The rerun searched only the materials not finished: at most one was cut short.
    EXPECT_LE(searches() - searched_before, (16 - kept) * 8u);
    EXPECT_EQ(rows(store()), expected) << "trial " << trial;
  }
  EXPECT_GE(partial, 1) << "no kill landed half-way";
}

TEST_F(EvidenceCli, FourShardsAtOnceMergedEqualOneRun) {
  const std::string whole = path("whole.sqlite");
  ASSERT_EQ(run("import " + whole + " " + path("kb.csv")).code, 0);
  ASSERT_EQ(run("evidence " + whole + engine()).code, 0);
  {
    std::vector<std::unique_ptr<test::Process>> shards;
    for (int k = 1; k <= 4; ++k) {
      shards.push_back(std::make_unique<test::Process>(
          std::vector<std::string>{"evidence", path("kb.csv"), "--engine", kFake, "--depth", "1",
                                   "--positions", "8", "--shard", std::to_string(k) + "/4", "--out",
                                   path("shard" + std::to_string(k) + ".jsonl")},
          path("o" + std::to_string(k)), path("e" + std::to_string(k))));
    }
    for (auto& s : shards) EXPECT_EQ(s->wait(), 0);
  }
  const std::string files = path("shard1.jsonl") + " " + path("shard2.jsonl") + " " +
                            path("shard3.jsonl") + " " + path("shard4.jsonl");
  const test::Outcome merged = run("evidence import " + store() + " " + files + " --json");
  ASSERT_EQ(merged.code, 0) << merged.err;
  EXPECT_NE(merged.out.find("\"added\": 16"), std::string::npos) << merged.out;
  EXPECT_EQ(rows(store()), rows(whole));
  const test::Outcome again = run("evidence import " + store() + " " + files + " --json");
  EXPECT_NE(again.out.find("\"unchanged\": 16"), std::string::npos) << again.out;
  EXPECT_EQ(rows(store()), rows(whole));
}

TEST_F(EvidenceCli, CrashHangAndGarbageCostOnlyTheMaterialsTheyHitAndAreNamed) {
  setenv("FAKE_ENGINE_CRASH_AT", "3", 1);
  setenv("FAKE_ENGINE_HANG_ON", "C", 1);
  setenv("FAKE_ENGINE_GARBAGE_ON", "n", 1);
  const test::Outcome r = run("evidence " + store() + engine() + " --timeout 3 --jobs 2");
  EXPECT_EQ(r.code, 3) << r.err;
  // Hangs on a red cannon (KCK, KRCK, KCKG), garbage on a black horse (KRKN, KNKN).
  EXPECT_NE(r.out.find("failed KCK: position 0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("failed KRKN: position"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("gave no bestmove within 3 s"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("does not read"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("5 of 16 materials failed"), std::string::npos) << r.err << r.out;
  EXPECT_EQ(test::query_number(store(), "SELECT count(*) FROM evidence WHERE failure IS NULL"), 11);
  EXPECT_EQ(test::query_number(store(), "SELECT count(*) FROM evidence WHERE failure IS NOT NULL"),
            5);
  EXPECT_EQ(test::query_number(store(),
                               "SELECT count(*) FROM evidence WHERE failure IS NULL AND "
                               "positions <> 8"),
            0);
  // Fixed, the engine finishes them and only them.
  unsetenv("FAKE_ENGINE_HANG_ON");
  unsetenv("FAKE_ENGINE_GARBAGE_ON");
  const test::Outcome again = run("evidence " + store() + engine() + " --json");
  EXPECT_EQ(again.code, 0) << again.err;
  EXPECT_NE(again.out.find("\"searched\": 5"), std::string::npos) << again.out;
}

TEST_F(EvidenceCli, RefusalsNameTheFaultAndChangeNothing) {
  // Programs that cannot be run: an ELF of no format this machine runs, a script whose
  // interpreter is missing, and on PATH a directory named as the engine.
  write("bad-elf", std::string("\x7f"
                               "ELF\x02\x01\x01",
                               7) +
                       std::string(57, '\0'));
  write("no-interpreter", "#!/nonexistent/python3\n");
  for (const char* f : {"bad-elf", "no-interpreter"}) {
    std::filesystem::permissions(path(f), std::filesystem::perms::owner_all);
  }
  std::filesystem::create_directories(path("bin/egkb-test-engine"));
  const auto before = test::folder_files_checkpointed(dir_);
  struct Case {
    std::string args;
    const char* says;
  };
  const Case cases[] = {
      {"evidence " + store() + " --engine /nonexistent/stockfish", "is not a program"},
      {"evidence " + store() + " --engine no-such-engine-anywhere",
       "no engine 'no-such-engine-anywhere' on PATH"},
      {"evidence " + store() + " --engine " + path("bin"), "is a directory, not a program"},
      {"evidence " + store() + " --engine " + path("bad-elf"), "cannot be run: Exec format error"},
      {"evidence " + store() + " --engine " + path("no-interpreter"),
       "cannot be run: No such file or directory (the program is there: the interpreter"},
      {"evidence " + store() + " --engine /bin/true", "is not a UCI engine egkb can use"},
      {"evidence " + path("kb.csv") + " --engine " + kFake, "a CSV base keeps no evidence"},
      {"evidence " + store() + " --engine " + kFake + " --shard 5/4 --out " + path("x.jsonl"),
       "is not K/N"},
      {"evidence " + store() + " --engine " + kFake + " --depth 2 --nodes 100", "not both"},
      {"evidence " + store() + " --engine " + kFake + " --rows batch:7", "no batch"},
      {"evidence " + store() + " --engine " + kFake + " --rows " + path("kb.csv") + "x",
       "cannot be read"},
      {"evidence " + store() + " --engine " + kFake + " --out " + store(), "overwrite"},
      {"evidence import " + store() + " " + path("kb.csv"), "is not an evidence file"},
  };
  for (const Case& c : cases) {
    const test::Outcome r = run(c.args);
    EXPECT_EQ(r.code, 2) << c.args << "\n" << r.err;
    EXPECT_NE(r.err.find(c.says), std::string::npos) << c.args << "\n" << r.err;
  }
  // The directory on PATH is passed over, as a shell passes it over.
  const test::Outcome on_path = run_program("PATH=" + path("bin") + " " + EGKB_BINARY +
                                            " evidence " + store() + " --engine egkb-test-engine");
  EXPECT_EQ(on_path.code, 2) << on_path.err;
  EXPECT_NE(on_path.err.find("no engine 'egkb-test-engine' on PATH"), std::string::npos)
      << on_path.err;
  EXPECT_EQ(test::changed_files(before, test::folder_files_checkpointed(dir_)), "");
}

TEST_F(EvidenceCli, AKilledShardFileIsContinuedAndABadLineIsNamed) {
  setenv("FAKE_ENGINE_SLOW_MS", "30", 1);
  const std::string out = path("s.jsonl");
  {
    test::Process victim({"evidence", path("kb.csv"), "--engine", kFake, "--depth", "1",
                          "--positions", "8", "--jobs", "1", "--out", out},
                         path("o.txt"), path("e.txt"));
    // Killed once the file holds two materials (and its header).
    ASSERT_TRUE(wait_until([&] { return lines_in(out) >= 3; }, seconds(60)));
    victim.kill_hard();
    victim.wait();
  }
  std::ofstream(out, std::ios::app) << "{\"material\": \"KR";  // a line torn by the kill
  const test::Outcome rerun =
      run("evidence " + path("kb.csv") + engine() + " --out " + out + " --json");
  ASSERT_EQ(rerun.code, 0) << rerun.err;
  EXPECT_EQ(rerun.out.find("\"kept\": 0,"), std::string::npos) << rerun.out;
  const test::Outcome imported = run("evidence import " + store() + " " + out);
  EXPECT_EQ(imported.code, 0) << imported.err;
  EXPECT_NE(imported.out.find("16 rows from 1 file: "), std::string::npos) << imported.out;
  EXPECT_EQ(test::query_number(store(), "SELECT count(*) FROM evidence"), 16);
  // A file whose writer was killed, imported as it is: its torn last line is left out, and said.
  const std::string whole = test::read_file(out);
  const std::size_t two_lines = whole.find('\n', whole.find('\n') + 1) + 1;
  std::ofstream(path("torn.jsonl")) << whole.substr(0, two_lines) << "{\"material\": \"KR";
  const test::Outcome torn = run("evidence import " + store() + " " + path("torn.jsonl"));
  EXPECT_EQ(torn.code, 0) << torn.err;
  EXPECT_NE(torn.out.find("1 row from 1 file: "), std::string::npos) << torn.out;
  EXPECT_NE(torn.err.find("torn.jsonl:3: the last line is cut off"), std::string::npos) << torn.err;
  std::ofstream(path("bad.jsonl"))
      << test::read_file(out).substr(0, test::read_file(out).find('\n') + 1)
      << "{\"material\": \"KRK\", \"positions\": 1, \"scores\": [\"x\"]}\n";
  const test::Outcome bad = run("evidence import " + store() + " " + path("bad.jsonl"));
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("bad.jsonl:2: scores: expected whole numbers"), std::string::npos)
      << bad.err;
}

// A file of format 1 counted every score from 0: its lines are checked as it counted them and
// counted again from their material's bias. KRKGG's is -150 (two black guards): red's +200 was a
// draw at 300 cp and is a win from the bias (350). Such a file is imported, never continued.
TEST_F(EvidenceCli, AFileOfFormatOneIsCheckedAsItCountedAndReadFromTheBias) {
  const std::string head =
      "{\"egkb_evidence\":FORMAT,\"pieces\":\"xiangqi\",\"engine\":\"Fake\",\"budget\":\"depth 1\","
      "\"seed\":1}\n";
  const std::string line =
      "{\"material\":\"KRKGG\",\"positions\":4,\"scores\":[200,-200,200,-200],\"threshold\":300,"
      "\"wins\":0,\"draws\":4,\"losses\":0,\"expected\":0.0,\"low\":-0.3,\"high\":0.3,\"score\":4,"
      "\"seconds\":0.1,\"failure\":null,\"restarts\":[],\"time\":\"2026-11-28T00:00:00Z\"}\n";
  const auto file = [&](const char* name, const char* format) {
    std::string text = head;
    text.replace(text.find("FORMAT"), 6, format);
    std::ofstream(path(name)) << text << line;
    return path(name);
  };
  const std::string old = file("old.jsonl", "1");
  const test::Outcome imported = run("evidence import " + store() + " " + old);
  ASSERT_EQ(imported.code, 0) << imported.err;
  EXPECT_EQ(test::query_number(store(), "SELECT wins FROM evidence"), 4);
  EXPECT_EQ(test::query_number(store(), "SELECT threshold FROM evidence"), 300);
  const test::Outcome continued = run("evidence " + path("kb.csv") + engine() + " --out " + old);
  EXPECT_EQ(continued.code, 2);
  EXPECT_NE(continued.err.find("old.jsonl:1: egkb_evidence: format 1"), std::string::npos)
      << continued.err;
  EXPECT_EQ(lines_in(old), 2u);
  // The same line in format 2 is counted from the bias, where it is not a draw.
  const test::Outcome now = run("evidence import " + store() + " " + file("new.jsonl", "2"));
  EXPECT_EQ(now.code, 2);
  EXPECT_NE(now.err.find("new.jsonl:2: wins: expected 4, as its scores count at its threshold"),
            std::string::npos)
      << now.err;
}

TEST_F(EvidenceCli, ShowAndConflictsSetTheEvidenceBesideTheScores) {
  ASSERT_EQ(run("evidence " + store() + engine()).code, 0);
  // The fake engine counts material: a chariot against a king is a red win, KCK's cannon too.
  const test::Outcome shown = run("show " + store() + " KCK");
  ASSERT_EQ(shown.code, 0) << shown.err;
  EXPECT_NE(shown.out.find("evidence from play: Fake 1.0, depth 1, 8 positions of KCK"),
            std::string::npos)
      << shown.out;
  EXPECT_NE(shown.out.find("4 ranks from the row's"), std::string::npos) << shown.out;
  EXPECT_NE(shown.out.find("a position searched (red to move):"), std::string::npos);
  EXPECT_NE(shown.out.find("the engine: +4.50 for red to move, counted a red win"),
            std::string::npos)
      << shown.out;
  // The implied mirror reads the same evidence from its own red side.
  const test::Outcome mirror = run("show " + store() + " KKC --json");
  const auto j = nlohmann::ordered_json::parse(mirror.out);
  EXPECT_EQ(j["evidence"]["searched"], "KCK");
  EXPECT_EQ(j["evidence"]["score"], 9);
  EXPECT_EQ(j["evidence"]["losses"], 8);
  const test::Outcome conflicts = run("conflicts " + store() + " --json");
  const auto c = nlohmann::ordered_json::parse(conflicts.out);
  EXPECT_EQ(c["evidence"]["rows"], 16);
  EXPECT_GE(c["evidence"]["by_two"], 1);
}

TEST_F(EvidenceCli, SampleByEvidenceDrawsTheDisputedRowsFirstAndRecordsTheirProbabilities) {
  EXPECT_EQ(run("sample " + store() + " --design evidence --size 4 --out " + path("b.csv")).code, 2)
      << "no evidence yet: refused";
  ASSERT_EQ(run("evidence " + store() + engine()).code, 0);
  const test::Outcome drawn =
      run("sample " + store() + " --design evidence --size 8 --out " + path("b.csv") + " --json");
  ASSERT_EQ(drawn.code, 0) << drawn.err;
  SQLite::Database db(store());
  SQLite::Statement q(db,
                      "SELECT n.material, i.probability FROM batch_items i JOIN nodes n ON "
                      "n.key = i.key WHERE i.probability = 1 ORDER BY n.material");
  std::vector<std::string> census;
  while (q.executeStep()) census.push_back(q.getColumn(0).getString());
  // Eight rows asked, half a census: the rows the counted material disputes most. KCK is scored 4
  // where the engine counts a cannon's win; KNKN 4 where it counts a draw agrees, and is not.
  ASSERT_EQ(census.size(), 4u);
  EXPECT_NE(std::find(census.begin(), census.end(), "KCK"), census.end());
  EXPECT_EQ(std::find(census.begin(), census.end(), "KNKN"), census.end());
}

// Evidence for 4 of the 16 rows: the evidence design would draw mostly at random, so sample
// refuses below 90% coverage unless told to go on, and sample, conflicts and show say the coverage.
TEST_F(EvidenceCli, PartialEvidenceIsRefusedByTheEvidenceDesignUnlessAllowedAndItsCoverageSaid) {
  write("few.txt", "KRK\nKNK\nKCK\nKPK\n");
  ASSERT_EQ(run("evidence " + store() + engine() + " --rows " + path("few.txt")).code, 0);
  const test::Outcome refused =
      run("sample " + store() + " --design evidence --size 4 --out " + path("b.csv"));
  EXPECT_EQ(refused.code, 2);
  EXPECT_NE(refused.err.find("evidence from play covers 4 of 16 rows (25.0%), fewer than the 90% "
                             "the evidence design needs"),
            std::string::npos)
      << refused.err;
  EXPECT_NE(refused.err.find("--allow-partial-evidence"), std::string::npos);
  EXPECT_FALSE(std::filesystem::exists(path("b.csv")));
  EXPECT_EQ(test::query_number(store(), "SELECT count(*) FROM batches"), 0);
  const test::Outcome allowed = run("sample " + store() + " --design evidence --size 4 --out " +
                                    path("b.csv") + " --allow-partial-evidence");
  ASSERT_EQ(allowed.code, 0) << allowed.err;
  const std::string coverage = "evidence from play covers 4 of 16 rows (25.0%)";
  EXPECT_NE(allowed.out.find(coverage), std::string::npos) << allowed.out;
  // Another design says it too, and its JSON counts the rows.
  const test::Outcome spread =
      run("sample " + store() + " --size 4 --seed 2 --out " + path("c.csv") + " --json");
  ASSERT_EQ(spread.code, 0) << spread.err;
  EXPECT_EQ(nlohmann::json::parse(spread.out)["evidence_rows"], 4);
  EXPECT_NE(run("conflicts " + store()).out.find(coverage), std::string::npos);
  const test::Outcome shown = run("show " + store() + " KRRK");
  EXPECT_NE(shown.out.find(coverage), std::string::npos) << shown.out;
  EXPECT_EQ(nlohmann::json::parse(run("show " + store() + " KRRK --json").out)["evidence_rows"], 4);
}

// The report reduce writes and the one `egkb report` writes after it are pages of the same
// repair: the same evidence section, row for row.
TEST_F(EvidenceCli, ReducesReportAndReportShowTheSameEvidence) {
  ASSERT_EQ(run("evidence " + store() + engine()).code, 0);
  ASSERT_EQ(run("reduce " + store() + " --evidence store --report " + path("r.html")).code, 0);
  ASSERT_EQ(run("report " + store() + " --out " + path("s.html")).code, 0);
  const auto section = [](const std::string& page) {
    const std::size_t begin = page.find("<h2>Evidence from play</h2>");
    if (begin == std::string::npos) return std::string();
    return page.substr(begin, page.find("</table>", begin) - begin);
  };
  const std::string reduced = section(test::read_file(path("r.html")));
  EXPECT_NE(reduced, "") << "reduce --report has no evidence section";
  EXPECT_EQ(reduced, section(test::read_file(path("s.html"))));
  EXPECT_NE(reduced.find("cover 16 of 16 rows"), std::string::npos) << reduced;
}

TEST_F(EvidenceCli, SimulateSearchesWhatItNeedsIntoAFileAndReusesItAfter) {
  synth("end59", 3);
  setenv("FAKE_ENGINE_LOG", path("log.txt").c_str(), 1);
  const std::string sim = "simulate " + path("n.csv") + " --truth " + path("t.csv") +
                          " --rounds 1 --size 30 --design evidence --json --evidence " +
                          path("e.jsonl");
  const test::Outcome first = run(sim + " --engine " + kFake + " --jobs 2");
  ASSERT_EQ(first.code, 0) << first.err;
  const auto rounds = nlohmann::ordered_json::parse(first.out);
  ASSERT_EQ(rounds.size(), 1u);
  EXPECT_EQ(rounds[0]["estimate"]["size"], rounds[0]["truth"]["size"]);
  const std::size_t searched = searches();
  EXPECT_GT(searched, 0u);
  const test::Outcome again = run(sim);
  ASSERT_EQ(again.code, 0) << again.err;
  EXPECT_EQ(again.out, first.out) << "the same seed and evidence, the same loop";
  EXPECT_EQ(searches(), searched) << "the evidence file answered";
}

TEST_F(EvidenceCli, PositionsAreDeterministicAndABadMaterialIsRefused) {
  const test::Outcome a = run("positions KRKNMM --count 6 --seed 4");
  ASSERT_EQ(a.code, 0) << a.err;
  EXPECT_EQ(run("positions KRKNMM --count 6 --seed 4").out, a.out);
  EXPECT_NE(run("positions KRKNMM --count 6 --seed 5").out, a.out);
  EXPECT_EQ(std::count(a.out.begin(), a.out.end(), '\n'), 6);
  EXPECT_NE(a.out.find(" w - - 0 1\n"), std::string::npos);
  EXPECT_NE(a.out.find(" b - - 0 1\n"), std::string::npos);
  EXPECT_EQ(run("positions KRPvKR --count 1").code, 0);
  const test::Outcome bad = run("positions KRKX");
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("unknown piece 'X'"), std::string::npos) << bad.err;
  const test::Outcome none =
      run("positions KQQQQQQQQQRRRRRRRRRRBBBBBBBBBBNNNNNNNNNNvKQQQQQQQQQ"
          "RRRRRRRRRRBBBBBBBBBB");
  EXPECT_EQ(none.code, 2);
  EXPECT_NE(none.err.find("has no legal position"), std::string::npos) << none.err;
}

TEST_F(EvidenceCli, ProgressShowsOnATerminalAndNotInAPipe) {
  const std::string args = "evidence " + store() + engine();
  const test::Outcome piped = run(args);
  EXPECT_EQ(piped.err.find("\x1b[K"), std::string::npos) << "no progress into a pipe";
  // `script` gives the command a pseudo-terminal.
  std::filesystem::remove(store());
  ASSERT_EQ(run("import " + store() + " " + path("kb.csv")).code, 0);
  const test::Outcome tty =
      run_program("script -qec '" + std::string(EGKB_BINARY) + " " + args + " --jobs 1' /dev/null");
  ASSERT_EQ(tty.code, 0) << tty.out << tty.err;
  EXPECT_NE(tty.out.find("evidence: 0 of 16 materials"), std::string::npos) << tty.out;
  EXPECT_NE(tty.out.find("\x1b[K"), std::string::npos);
}

// Issue 40: an engine printing 1 MB of info lines a search (8 searches queued) filled its socket
// while egkb slept through half the queue at a pace its own sleeps had slowed; on a busy machine
// nothing was searched for minutes, and SIGTERM waited for the sleep. Run under nice as there.
TEST_F(EvidenceCli, AnEngineThatFillsItsSocketIsReadAsItWritesAndSigtermEndsTheRunAtOnce) {
  setenv("FAKE_ENGINE_INFO_BYTES", "1048576", 1);
  setenv("FAKE_ENGINE_LOG", path("log.txt").c_str(), 1);
  test::Process job({"evidence", store(), "--engine", kFake, "--depth", "1", "--positions", "32",
                     "--every-position", "--jobs", "1", "--timeout", "20"},
                    path("o.txt"), path("e.txt"), {"/usr/bin/nice", "-n", "19"});
  // Two materials and part of a third: 72 MB read (a first material alone took 176 s before).
  ASSERT_TRUE(wait_until([&] { return searches() >= 2 * 32 + 8; }, seconds(60)))
      << searches() << " searches in 60 s";
  job.send_signal(SIGTERM);
  // Within one position's deadline (--timeout).
  const std::optional<int> code = job.wait_for(seconds(20));
  ASSERT_TRUE(code) << "still running 20 s after SIGTERM";
  EXPECT_EQ(*code, 143) << test::read_file(path("e.txt"));
  EXPECT_NE(test::read_file(path("e.txt")).find("interrupted by SIGTERM: stopped; the "),
            std::string::npos)
      << test::read_file(path("e.txt"));
  EXPECT_GE(test::query_number(store(), "SELECT count(*) FROM evidence"), 2);
  EXPECT_EQ(test::query_number(store(),
                               "SELECT count(*) FROM evidence WHERE positions <> 32 OR "
                               "failure IS NOT NULL OR restarts IS NOT NULL"),
            0);
}

// Issue 40: Ctrl-C at a terminal, or a scheduler's signal to a job, reaches the whole process
// group. The engines, in their own group, never see it; egkb stops within a read, starts no
// engine and finishes no material after it (every row kept had its positions given before).
TEST_F(EvidenceCli, ASignalToTheGroupStopsTheRunStartingNoEngineAndFinishingNoMaterialAfterIt) {
  setenv("FAKE_ENGINE_SLOW_MS", "40", 1);
  setenv("FAKE_ENGINE_LOG", path("log.txt").c_str(), 1);
  setenv("FAKE_ENGINE_STARTS", path("starts.txt").c_str(), 1);
  for (const int signal : {SIGINT, SIGTERM}) {
    std::filesystem::remove(store());
    std::filesystem::remove(path("log.txt"));
    std::filesystem::remove(path("starts.txt"));
    ASSERT_EQ(run("import " + store() + " " + path("kb.csv")).code, 0);
    test::Process job(
        {"evidence", store(), "--engine", kFake, "--depth", "1", "--positions", "8", "--jobs", "2"},
        path("o.txt"), path("e.txt"));
    ASSERT_TRUE(wait_until([&] { return searches() >= 21; }, seconds(60))) << searches();
    const std::size_t started = engines_started(), given = searches();
    job.signal_group(signal);
    const std::optional<int> code = job.wait_for(seconds(10));
    ASSERT_TRUE(code) << "still running 10 s after the signal";
    const std::string err = test::read_file(path("e.txt"));
    EXPECT_EQ(*code, 128 + signal) << err;
    EXPECT_NE(err.find("stopped; the "), std::string::npos) << err;
    EXPECT_EQ(engines_started(), started) << "an engine was started after the signal";
    const auto kept =
        static_cast<std::size_t>(test::query_number(store(), "SELECT count(*) FROM evidence"));
    EXPECT_LE(kept * 8, given) << "a material was finished after the signal";
    EXPECT_EQ(test::query_number(store(),
                                 "SELECT count(*) FROM evidence WHERE positions <> 8 OR "
                                 "failure IS NOT NULL OR restarts IS NOT NULL"),
              0);
  }
  // The next run searches the rest, and only the rest.
  const test::Outcome rest = run("evidence " + store() + engine() + " --json");
  ASSERT_EQ(rest.code, 0) << rest.err;
  EXPECT_EQ(test::query_number(store(), "SELECT count(*) FROM evidence"), 16);
}

// A real crash restarts the engine: the row of the material it was on says so, in the store, an
// evidence file and --json, and `show` names each fault. Each fake engine process dies on its
// third search, so every engine started after the handshake's and the job's first is a restart.
TEST_F(EvidenceCli, ARestartIsRecordedInTheMaterialsRowAndShown) {
  setenv("FAKE_ENGINE_CRASH_AT", "3", 1);
  setenv("FAKE_ENGINE_STARTS", path("starts.txt").c_str(), 1);
  const test::Outcome r = run("evidence " + store() + engine() + " --jobs 1 --json");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(test::query_number(store(), "SELECT sum(json_array_length(restarts)) FROM evidence"),
            static_cast<int64_t>(engines_started()) - 2);
  const auto j = nlohmann::ordered_json::parse(r.out);
  std::size_t in_json = 0;
  std::string material;
  std::vector<std::string> faults;
  for (const auto& row : j["rows"]) {
    if (!row.contains("restarts")) continue;
    in_json += row["restarts"].size();
    if (material.empty()) {
      material = row["material"];
      faults = row["restarts"].get<std::vector<std::string>>();
    }
  }
  EXPECT_EQ(in_json, engines_started() - 2);
  ASSERT_FALSE(material.empty());
  EXPECT_NE(faults[0].find("the engine was killed by signal 11"), std::string::npos) << faults[0];
  const test::Outcome shown = run("show " + store() + " " + material);
  ASSERT_EQ(shown.code, 0) << shown.err;
  EXPECT_NE(shown.out.find("the engine was started again "), std::string::npos) << shown.out;
  for (const std::string& fault : faults) {
    EXPECT_NE(shown.out.find("      " + fault + "\n"), std::string::npos) << fault << shown.out;
  }
  const auto shown_json =
      nlohmann::ordered_json::parse(run("show " + store() + " " + material + " --json").out);
  EXPECT_EQ(shown_json["evidence"]["restarts"], faults);
  // The same search into an evidence file, imported: the same restarts.
  std::filesystem::remove(path("starts.txt"));
  ASSERT_EQ(
      run("evidence " + path("kb.csv") + engine() + " --jobs 1 --out " + path("e.jsonl")).code, 0);
  const std::string imported = path("imported.sqlite");
  ASSERT_EQ(run("import " + imported + " " + path("kb.csv")).code, 0);
  ASSERT_EQ(run("evidence import " + imported + " " + path("e.jsonl")).code, 0);
  EXPECT_EQ(rows(imported), rows(store()));
  const auto restarts = [](const std::string& kb) {
    SQLite::Database db(kb);
    SQLite::Statement q(db, "SELECT key, coalesce(restarts, '') FROM evidence ORDER BY key");
    std::vector<std::string> out;
    while (q.executeStep()) out.push_back(q.getColumn(0).getString() + q.getColumn(1).getString());
    return out;
  };
  EXPECT_EQ(restarts(imported), restarts(store()));
}

// Issue 40: an engine line with control bytes and a byte that is not UTF-8 was escaped twice in
// the failure printed (\\x1B). It is escaped once everywhere: the text, the store, --json.
TEST_F(EvidenceCli, AnEnginesControlBytesAreEscapedOnceInTheTextTheStoreAndTheJson) {
  setenv("FAKE_ENGINE_GARBAGE_ON", "n", 1);  // a black horse: KRKN, KNKN
  const std::string once = R"('info depth 1 score cp 1\x1B[31m\x00\xFF nodes 1')";
  const test::Outcome text = run("evidence " + store() + engine() + " --jobs 1");
  EXPECT_EQ(text.code, 3) << text.err;
  EXPECT_NE(text.out.find("failed KRKN: position"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find(once + "; started again, it printed a score that does not read: " + once),
            std::string::npos)
      << text.out;
  EXPECT_EQ(text.out.find("\\\\"), std::string::npos) << text.out;
  EXPECT_EQ(text.out.find('\x1b'), std::string::npos) << "a byte the terminal acts on";
  SQLite::Database db(store());
  SQLite::Statement failures(db, "SELECT failure FROM evidence WHERE failure IS NOT NULL");
  int stored = 0;
  while (failures.executeStep()) {
    const std::string failure = failures.getColumn(0).getString();
    EXPECT_NE(failure.find(once), std::string::npos) << failure;
    ++stored;
  }
  EXPECT_EQ(stored, 2);
  const test::Outcome json = run("evidence " + store() + engine() + " --jobs 1 --json");
  const auto j = nlohmann::ordered_json::parse(json.out);
  int in_json = 0;
  for (const auto& row : j["rows"]) {
    if (!row.contains("failure")) continue;
    EXPECT_NE(row["failure"].get<std::string>().find(once), std::string::npos) << row;
    ++in_json;
  }
  EXPECT_EQ(in_json, 2);
}

}  // namespace
}  // namespace egkb
