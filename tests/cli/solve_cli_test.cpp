// `egkb solve`: counts as CSV and JSON against the shipped xiangqi statistics, the budget and bad
// input refused before any work, and a position's value read from kept tables.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "tests/support/cli.h"

namespace egkb {
namespace {

namespace fs = std::filesystem;

using test::Outcome;

class SolveCli : public test::CliTest {
 protected:
  // `egkb solve ARGS` with its temporary work folder inside the test's own.
  Outcome solve(const std::string& args) const {
    return run_program("TMPDIR=" + dir_.string() + " " + EGKB_BINARY + " solve " + args);
  }

  // The shipped rows by material: the line as written.
  static std::map<std::string, std::string> shipped_rows() {
    std::ifstream in(std::string(EGKB_DATA_DIR) + "/xiangqi-retrograde.csv");
    std::map<std::string, std::string> rows;
    std::string line;
    std::getline(in, line);
    while (std::getline(in, line)) rows[line.substr(0, line.find(','))] = line;
    return rows;
  }

  static std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
  }
};

// The shipped statistics, whose counts equal FelicityEgtb's (an independent public generator)
// on every material both cover: every shipped material under a million index positions comes
// back as written, one-sided and armless alike. docs/solve.md ("Checks") has the measured run
// over every shipped material under 12 million.
TEST_F(SolveCli, EveryShippedMaterialUnderAMillionPositionsComesBackAsShipped) {
  const auto shipped = shipped_rows();
  std::string all;
  for (const auto& [material, line] : shipped) all += material + " ";
  const Outcome sizes = solve(all + "--dry-run --json --max-positions 1000000000");
  ASSERT_EQ(sizes.code, 0) << sizes.err;
  std::string small;
  std::size_t count = 0;
  const nlohmann::json listed = nlohmann::json::parse(sizes.out);
  for (const auto& m : listed["materials"]) {
    if (m["positions"].get<uint64_t>() >= 1'000'000) continue;
    small += m["material"].get<std::string>() + " ";
    ++count;
  }
  EXPECT_GE(count, 90u);
  const Outcome r = solve(small + "--max-positions 1000000 --out " + path("c.csv"));
  ASSERT_EQ(r.code, 0) << r.err;
  const std::vector<std::string> lines = lines_of(test::read_file(path("c.csv")));
  ASSERT_EQ(lines.size(), count + 1);
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const std::string material = lines[i].substr(0, lines[i].find(','));
    ASSERT_TRUE(shipped.contains(material)) << lines[i];
    EXPECT_EQ(lines[i], shipped.at(material));
  }
}

// Every shipped row of these materials comes back as written, the capture targets left out, and
// egkb import --from-counts reads the file.
TEST_F(SolveCli, CountsAreTheShippedRowsAndImportReadsThem) {
  const Outcome r = solve("KRKGGMM KNKGG KCGKMM KPPKGG KGGKMM --out " + path("c.csv"));
  ASSERT_EQ(r.code, 0) << r.err;
  const std::vector<std::string> lines = lines_of(test::read_file(path("c.csv")));
  ASSERT_EQ(lines.size(), 6u);
  EXPECT_EQ(lines[0],
            "material,score,expectation,rtm_win,rtm_draw,rtm_loss,btm_win,btm_draw,"
            "btm_loss");
  const auto shipped = shipped_rows();
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const std::string material = lines[i].substr(0, lines[i].find(','));
    ASSERT_TRUE(shipped.contains(material)) << lines[i];
    EXPECT_EQ(lines[i], shipped.at(material));
  }
  // KGGKMM is stored with the side of more pieces as red.
  EXPECT_NE(test::read_file(path("c.csv")).find("\nKGGKMM,"), std::string::npos);
  const Outcome imported =
      run("import " + path("kb.sqlite") + " " + path("c.csv") + " --from-counts --json");
  ASSERT_EQ(imported.code, 0) << imported.err;
  EXPECT_EQ(nlohmann::json::parse(imported.out)["added"], 5);
}

TEST_F(SolveCli, JsonHasEachMaterialsCountsTimeAndRules) {
  const Outcome r = solve("KRK KPKP --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const nlohmann::ordered_json j = nlohmann::ordered_json::parse(r.out);
  ASSERT_EQ(j["materials"].size(), 2u);
  const nlohmann::ordered_json& krk = j["materials"][0];
  std::vector<std::string> keys;
  for (const auto& [key, value] : krk.items()) keys.push_back(key);
  EXPECT_EQ(keys,
            (std::vector<std::string>{"material", "positions", "rtm_win", "rtm_draw", "rtm_loss",
                                      "btm_win", "btm_draw", "btm_loss", "seconds", "rules"}));
  EXPECT_EQ(krk["material"], "KRK");
  EXPECT_EQ(krk["positions"], 2 * 81 * 90);
  EXPECT_EQ(krk["rtm_win"], 3834);  // every legal position with red to move
  EXPECT_EQ(krk["btm_draw"], 108);
  EXPECT_EQ(krk["rules"], "exact");
  // Both sides armed: solved under the convention, and marked so.
  EXPECT_EQ(j["materials"][1]["material"], "KPKP");
  EXPECT_EQ(j["materials"][1]["rules"], "repetition-draw");
  EXPECT_EQ(j["materials"][1]["rtm_win"], 6681);  // the brute force's (tests/solve)
}

TEST_F(SolveCli, TwoSidedRowsCarryTheirRulesInTheCsv) {
  const Outcome r = solve("KPKP KRK --out " + path("c.csv"));
  ASSERT_EQ(r.code, 0) << r.err;
  const std::vector<std::string> lines = lines_of(test::read_file(path("c.csv")));
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_TRUE(lines[0].ends_with(",rules"));
  EXPECT_TRUE(lines[1].starts_with("KRK,") && lines[1].ends_with(",exact")) << lines[1];
  EXPECT_TRUE(lines[2].starts_with("KPKP,") && lines[2].ends_with(",repetition-draw")) << lines[2];
}

TEST_F(SolveCli, AMaterialBeyondTheBudgetIsRefusedBeforeAnyWork) {
  const Outcome r = solve("KRK KCPKGGMM --out " + path("c.csv"));
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("KCPKGGMM has 168,399,000 positions, more than --max-positions "
                       "40,000,000"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(path("c.csv")));
  // Nothing solved: no work folder either.
  for (const auto& entry : fs::directory_iterator(dir_)) {
    EXPECT_EQ(entry.path().filename().string().find("egkb-solve"), std::string::npos);
  }
  EXPECT_EQ(solve("KRK --max-positions 10000").code, 2);
  EXPECT_EQ(solve("KRK --max-positions 14580").code, 0);
}

TEST_F(SolveCli, WhatIsNotAXiangqiMaterialIsRefused) {
  const std::vector<std::pair<std::string, std::string>> cases = {{"KRPvKR", "chess material"},
                                                                  {"KXK", "MATERIAL"},
                                                                  {"kb.csv", "is a knowledge base"},
                                                                  {"", "name the materials"},
                                                                  {"KPPPPPPK", "MATERIAL"}};
  for (const auto& [args, says] : cases) {
    const Outcome r = solve(args);
    EXPECT_EQ(r.code, 2) << args;
    EXPECT_NE(r.err.find(says), std::string::npos) << args << ": " << r.err;
  }
}

TEST_F(SolveCli, DryRunListsSizesAndSolvesNothing) {
  const Outcome r = solve("--grid --dry-run --max-positions 1000000000");
  ASSERT_EQ(r.code, 0) << r.err;
  // The whole one-sided grid: 266 materials with attackers and the 39 without that they reach.
  EXPECT_NE(r.out.find("305 materials, 10,498,313,772 positions"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("KRGGMMKGGMM        642,978,000 positions"), std::string::npos);
  const Outcome shipped = solve("--grid --dry-run --json");
  ASSERT_EQ(shipped.code, 0);
  EXPECT_EQ(nlohmann::json::parse(shipped.out)["materials"].size(), 227u);
}

TEST_F(SolveCli, ADamagedTableIsRefusedNamingItAndSolvedAgainOnceDeleted) {
  ASSERT_EQ(solve("KRKG --keep-tables " + path("tables")).code, 0);
  const std::string table = path("tables/KRK.table");
  std::string bytes = test::read_file(table);
  bytes.resize(bytes.size() - 3);
  std::ofstream(table, std::ios::binary) << bytes;
  const Outcome r = solve("KRKG --keep-tables " + path("tables"));
  EXPECT_EQ(r.code, 3);
  EXPECT_NE(r.err.find("KRK.table"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("bytes where its header promises"), std::string::npos) << r.err;
  fs::remove(table);
  const Outcome again = solve("KRKG --keep-tables " + path("tables"));
  EXPECT_EQ(again.code, 0) << again.err;
  EXPECT_NE(again.err.find("read back"), std::string::npos) << again.err;
}

class SolvedPositions : public SolveCli {
 protected:
  void SetUp() override {
    SolveCli::SetUp();
    ASSERT_EQ(solve("KRKGG KNKP --keep-tables " + path("tables")).code, 0);
  }

  Outcome query(const std::string& fen) const {
    return solve("--position '" + fen + "' --keep-tables " + path("tables") + " --json");
  }
};

TEST_F(SolvedPositions, AMateInOneAndEveryMoveWithItsValue) {
  // Red's chariot to the f-file mates: the king cannot step to e8, where it would face red's.
  const Outcome r = query("5a3/4a4/5k3/9/9/9/9/8R/9/4K4 w - - 0 1");
  ASSERT_EQ(r.code, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["material"], "KRKGG");
  EXPECT_EQ(j["rules"], "exact");
  EXPECT_EQ(j["to_move"], "red");
  EXPECT_EQ(j["value"], "win");
  EXPECT_EQ(j["distance"], 1);
  EXPECT_EQ(j["ends_in"], "mate");
  ASSERT_FALSE(j["moves"].empty());
  EXPECT_EQ(j["moves"][0]["move"], "i3f3");
  EXPECT_EQ(j["moves"][0]["distance"], 1);
  int mates_in_one = 0;
  for (const auto& m : j["moves"]) {
    EXPECT_TRUE(m.contains("value") && m.contains("distance") && m.contains("ends_in"));
    mates_in_one += m["value"] == "win" && m["distance"] == 1;
  }
  EXPECT_EQ(mates_in_one, 1);
  // The position after it: black has no move.
  const Outcome mated = query("5a3/4a4/5k3/9/9/9/9/5R3/9/4K4 b - - 0 1");
  ASSERT_EQ(mated.code, 0) << mated.err;
  const nlohmann::json m = nlohmann::json::parse(mated.out);
  EXPECT_EQ(m["value"], "loss");
  EXPECT_EQ(m["distance"], 0);
  EXPECT_EQ(m["ends_in"], "mate");
  EXPECT_TRUE(m["moves"].empty());
}

TEST_F(SolvedPositions, ACaptureIntoASmallerMaterialEndsTheLine) {
  // Black's king takes the chariot beside it: KKGG, a draw.
  const Outcome r = query("3k5/3R5/9/9/9/9/9/4K4/9/9 b - - 0 1");
  ASSERT_EQ(r.code, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["material"], "KRK");
  bool took = false;
  for (const auto& m : j["moves"]) {
    if (m["move"] != "d10d9") continue;
    took = true;
    EXPECT_EQ(m["value"], "draw");
    EXPECT_TRUE(m["distance"].is_null());
  }
  EXPECT_TRUE(took);
  EXPECT_EQ(j["value"], "draw");
}

TEST_F(SolvedPositions, BadPositionsAreRefusedSayingWhy) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"3k5/9/9 w", "ranks"},
      {"3k5/4a4/5a3/9/9/9/9/4K4/9/2R6", "no side to move"},
      {"3k5/4a4/5a3/9/9/9/9/4K4/9/2X6 w", "is no piece"},
      {"3k5/4a4/5a3/9/9/9/9/4K4/9/3R5 w", "illegal"},          // black in check, red to move
      {"3k5/4a4/9/9/9/9/9/3K5/9/2R6 w", "illegal"},            // the kings face each other
      {"3k4a/4a4/9/9/9/9/9/4K4/9/2R6 w", "may not stand on"},  // a guard outside its palace
      {"3k5/4a4/5a3/9/9/9/9/4K4/9/2N6 w", "KNKGG is not solved"}};
  for (const auto& [fen, says] : cases) {
    const Outcome r = query(fen);
    EXPECT_EQ(r.code, 2) << fen;
    EXPECT_NE(r.err.find(says), std::string::npos) << fen << ": " << r.err;
  }
  const Outcome no_tables = solve("--position '3k5/4a4/5a3/9/9/9/9/4K4/9/2R6 w'");
  EXPECT_EQ(no_tables.code, 2);
  EXPECT_NE(no_tables.err.find("--keep-tables"), std::string::npos);
}

TEST_F(SolvedPositions, AMirroredMaterialIsReadFromItsMirrorsTable) {
  // Black's chariot against red's guards (KGGKR) is KRKGG with the sides swapped: same value,
  // same distance, the same number of moves, each turned over.
  const Outcome r = query("3k5/9/9/9/9/9/9/9/9/r2AKA3 w - - 0 1");
  const Outcome swapped = query("R2aka3/9/9/9/9/9/9/9/9/3K5 b - - 0 1");
  ASSERT_EQ(r.code, 0) << r.err;
  ASSERT_EQ(swapped.code, 0) << swapped.err;
  const nlohmann::json a = nlohmann::json::parse(r.out), b = nlohmann::json::parse(swapped.out);
  EXPECT_EQ(a["material"], "KGGKR");
  EXPECT_EQ(b["material"], "KRKGG");
  EXPECT_EQ(a["value"], b["value"]);
  EXPECT_EQ(a["distance"], b["distance"]);
  EXPECT_EQ(a["moves"].size(), b["moves"].size());
  EXPECT_EQ(a["moves"][0]["distance"], b["moves"][0]["distance"]);
}

}  // namespace
}  // namespace egkb
