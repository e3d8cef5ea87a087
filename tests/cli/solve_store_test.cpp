// egkb solve KB.sqlite: a store's rows solved within the budget and recorded as solved rows, the
// shipped counts their independent truth; the budget's skips counted; a rerun solving nothing;
// a store another command holds refused as busy, the finished tables kept for the rerun.
#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "tests/support/cli.h"
#include "tests/support/sheets.h"
#include "tests/support/store_oracle.h"

namespace egkb {
namespace {

namespace fs = std::filesystem;
using test::Outcome;

class SolveStore : public test::CliTest {
 protected:
  void SetUp() override {
    CliTest::SetUp();
    // KGGMMKR is KRKGGMM's mirror; KRKP has attackers on both sides; KRRKGGMM has 136,250,100
    // positions, beyond the budget of these tests.
    write("kb.csv",
          "material,score\nKRKGGMM,9\nKGGMMKR,0\nKNKGG,9\nKGGKMM,2\nKRKP,5\nKRRKGGMM,9\n");
    const Outcome imported = run("import " + store() + " " + path("kb.csv"));
    ASSERT_EQ(imported.code, 0) << imported.err;
  }

  std::string store() const { return path("kb.sqlite"); }

  // `egkb solve ARGS` with its temporary work folder inside the test's own.
  Outcome solve(const std::string& args) const {
    return run_program("TMPDIR=" + dir_.string() + " " + EGKB_BINARY + " solve " + args);
  }
  nlohmann::json solve_json(const std::string& args) const {
    const Outcome r = solve(args + " --json");
    EXPECT_EQ(r.code, 0) << args << "\n" << r.err;
    return nlohmann::json::parse(r.out);
  }
  nlohmann::json shown(const std::string& material) const {
    const Outcome r = run("show " + store() + " " + material + " --json");
    EXPECT_EQ(r.code, 0) << r.err;
    return nlohmann::json::parse(r.out);
  }
  int64_t revision() const {
    return test::query_number(store(), "SELECT value FROM meta WHERE name = 'revision'");
  }
  bool work_folder_left() const {
    for (const auto& entry : fs::directory_iterator(dir_)) {
      if (entry.path().filename().string().starts_with("egkb-solve-")) return true;
    }
    return false;
  }

  // The shipped one-sided counts' line of a material, split at its commas.
  static std::vector<std::string> shipped_line(const std::string& material) {
    std::ifstream in(std::string(EGKB_DATA_DIR) + "/xiangqi-retrograde.csv");
    for (std::string line; std::getline(in, line);) {
      if (!line.starts_with(material + ",")) continue;
      std::vector<std::string> fields;
      std::istringstream split(line);
      for (std::string f; std::getline(split, f, ',');) fields.push_back(f);
      return fields;
    }
    ADD_FAILURE() << material << " is not shipped";
    return {};
  }
};

constexpr const char* kBudget = " --max-positions 5000000";

TEST_F(SolveStore, EveryRowWithinTheBudgetBecomesASolvedRowOfItsExactCounts) {
  const nlohmann::json r = solve_json(store() + kBudget);
  std::vector<std::string> materials;
  for (const auto& m : r["materials"]) materials.push_back(m["material"]);
  std::sort(materials.begin(), materials.end());
  EXPECT_EQ(materials, (std::vector<std::string>{"KGGKMM", "KNKGG", "KPKR", "KRKGGMM"}))
      << "the mirror rows solved once, in the stored orientation";
  EXPECT_EQ(r["exact"], 3);
  EXPECT_EQ(r["repetition_draw"], 1);
  ASSERT_EQ(r["beyond_budget"].size(), 1u);
  EXPECT_EQ(r["beyond_budget"][0]["material"], "KRRKGGMM");
  EXPECT_EQ(r["beyond_budget"][0]["positions"], 136250100);
  EXPECT_EQ(r["rescored"].get<int>() + r["confirmed"].get<int>(), 5) << "both mirrors recorded";
  EXPECT_FALSE(work_folder_left()) << "the work folder goes once the store holds the results";

  // The independent truth: the shipped counts, red and black to move.
  for (const char* material : {"KRKGGMM", "KNKGG", "KGGKMM"}) {
    const std::vector<std::string> line = shipped_line(material);
    const nlohmann::json node = shown(material);
    EXPECT_EQ(node["source"], "solved") << material;
    EXPECT_EQ(node["solved"]["rules"], "exact") << material;
    EXPECT_EQ(node["solved"]["red_to_move"]["win"], std::stoll(line[3])) << material;
    EXPECT_EQ(node["solved"]["red_to_move"]["draw"], std::stoll(line[4])) << material;
    EXPECT_EQ(node["solved"]["black_to_move"]["draw"], std::stoll(line[7])) << material;
    EXPECT_EQ(node["solved"]["black_to_move"]["loss"], std::stoll(line[8])) << material;
  }
  // The mirror row sees the same positions from the other side: its red to move is black's.
  const std::vector<std::string> krkggmm = shipped_line("KRKGGMM");
  const nlohmann::json mirror = shown("KGGMMKR");
  EXPECT_EQ(mirror["source"], "solved");
  EXPECT_EQ(mirror["solved"]["red_to_move"]["loss"], std::stoll(krkggmm[8]));
  EXPECT_EQ(mirror["solved"]["black_to_move"]["win"], std::stoll(krkggmm[3]));
  EXPECT_EQ(shown("KRKP")["solved"]["rules"], "repetition-draw");
  EXPECT_NE(shown("KRRKGGMM")["source"], "solved");

  // Again: every row is solved already, nothing is solved or written.
  const int64_t before = revision();
  const nlohmann::json again = solve_json(store() + kBudget);
  EXPECT_TRUE(again["materials"].empty());
  EXPECT_EQ(again["already_solved"], 5);
  EXPECT_EQ(again["beyond_budget"].size(), 1u);
  EXPECT_TRUE(again["run"].is_null());
  EXPECT_EQ(revision(), before);
}

TEST_F(SolveStore, DryRunListsWhatWouldBeSolvedAndWritesNothing) {
  const int64_t before = revision();
  const nlohmann::json r = solve_json(store() + kBudget + " --dry-run");
  EXPECT_EQ(r["materials"].size(), 4u);
  EXPECT_EQ(r["positions"], 3061800 + 145800 + 34020 + 801900);
  EXPECT_GT(r["with_capture_targets"]["materials"].get<int>(), 4);
  EXPECT_EQ(r["beyond_budget"][0]["material"], "KRRKGGMM");
  EXPECT_EQ(revision(), before);
  EXPECT_EQ(test::query_number(store(), "SELECT count(*) FROM solved"), 0);
  const Outcome text = solve(store() + kBudget + " --dry-run");
  EXPECT_NE(text.err.find("1 material beyond --max-positions 5,000,000"), std::string::npos)
      << text.err;
}

// The rows `solve` recorded are facts: every reduce keeps them, and a verdict against one is
// refused (exit 2) naming its counts, the store left as it was.
TEST_F(SolveStore, SolvedRowsSurviveReduceAndRefuseAContradictingVerdict) {
  ASSERT_EQ(run("sample " + store() + " --p 1 --k 1 --out " + path("b.csv")).code, 0);
  ASSERT_EQ(solve(store() + kBudget).code, 0);
  std::map<std::string, int> solved_scores;
  for (const char* material : {"KRKGGMM", "KGGMMKR", "KNKGG", "KGGKMM", "KRKP"}) {
    const nlohmann::json node = shown(material);
    ASSERT_EQ(node["source"], "solved") << material;
    solved_scores[material] = node["score"];
  }
  for (const char* method : {"auto", "exact"}) {
    const Outcome reduced = run("reduce " + store() + " --method " + method);
    ASSERT_EQ(reduced.code, 0) << method << ": " << reduced.err;
    for (const auto& [material, score] : solved_scores) {
      const nlohmann::json node = shown(material);
      EXPECT_EQ(node["source"], "solved") << method << " " << material;
      EXPECT_EQ(node["score"], score) << method << " " << material;
    }
  }
  const int wrong = solved_scores.at("KNKGG") < 5 ? 9 : 0;
  bool drawn = false;
  write("wrong.csv", test::filled_sheet(path("b.csv"), [&](int, const std::string& m) {
          drawn = drawn || m == "KNKGG";
          return m == "KNKGG" ? std::optional<std::string>(std::to_string(wrong)) : std::nullopt;
        }));
  ASSERT_TRUE(drawn) << "the sheet drawn before the solve holds KNKGG";
  const int64_t before = revision();
  const Outcome refused =
      run("review import " + store() + " " + path("wrong.csv") + " --accept-stale --partial");
  EXPECT_EQ(refused.code, 2) << refused.err;
  EXPECT_NE(refused.err.find(fmt::format("the verdict {} contradicts KNKGG, solved {}", wrong,
                                         solved_scores.at("KNKGG"))),
            std::string::npos)
      << refused.err;
  EXPECT_EQ(revision(), before);
  EXPECT_EQ(shown("KNKGG")["source"], "solved");
}

// The store's session rules: a writer waits up to 5 s for another's transaction, then gives up
// (exit 3, busy) with nothing written; the tables it finished wait for the rerun.
TEST_F(SolveStore, AStoreAnotherCommandHoldsIsBusyAndTheRerunReadsTheTablesBack) {
  const int64_t before = revision();
  {
    SQLite::Database holder(store(), SQLite::OPEN_READWRITE);
    holder.exec("BEGIN IMMEDIATE");
    const Outcome busy = solve(store() + " --max-positions 200000");
    EXPECT_EQ(busy.code, 3) << busy.err;
    EXPECT_NE(busy.err.find("busy"), std::string::npos) << busy.err;
    holder.exec("ROLLBACK");
  }
  EXPECT_EQ(revision(), before);
  EXPECT_EQ(test::query_number(store(), "SELECT count(*) FROM solved"), 0);
  EXPECT_TRUE(work_folder_left());
  const Outcome rerun = solve(store() + " --max-positions 200000");
  ASSERT_EQ(rerun.code, 0) << rerun.err;
  EXPECT_NE(rerun.err.find("read back"), std::string::npos) << rerun.err;
  EXPECT_EQ(test::query_number(store(), "SELECT count(*) FROM solved"), 2) << "KNKGG, KGGKMM";
  EXPECT_FALSE(work_folder_left());
}

TEST_F(SolveStore, WhatIsNotOneXiangqiStoreAloneIsRefused) {
  write("chess.csv", "material,score\nKRvK,9\n");
  ASSERT_EQ(run("import " + path("chess.sqlite") + " " + path("chess.csv")).code, 0);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {path("chess.sqlite"), "egkb solve solves xiangqi"},
      {store() + " KRKGG", "give it alone"},
      {store() + " --grid", "give it alone"},
      {store() + " --out c.csv", "give it alone"},
      {store() + " --dry-run --threads 1", "--dry-run solves nothing"},
      {path("missing.sqlite"), "missing.sqlite"}};
  for (const auto& [args, says] : cases) {
    const Outcome r = solve(args);
    EXPECT_EQ(r.code, 2) << args;
    EXPECT_NE(r.err.find(says), std::string::npos) << args << ": " << r.err;
  }
  EXPECT_EQ(test::query_number(store(), "SELECT count(*) FROM solved"), 0);
}

}  // namespace
}  // namespace egkb
