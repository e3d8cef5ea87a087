// Solved rows end to end: `import --from-counts --solved` of the shipped exact counts, what show,
// conflicts and reduce say of them, a verdict that contradicts one refused (exit 2, the store as
// it was), every design drawing around them, and the chess data as an independent truth.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "io/csv.h"
#include "lattice/material.h"
#include "tests/support/cli.h"
#include "tests/support/sheets.h"
#include "tests/support/store_oracle.h"

namespace egkb {
namespace {

using test::Outcome;

// The shipped xiangqi retrograde counts, beside the chess data.
std::string retrograde_csv() {
  return (std::filesystem::path(test::chess_csv()).parent_path() / "xiangqi-retrograde.csv")
      .string();
}

// The lines of a CSV by the text of their first column.
std::map<std::string, std::vector<std::string>> csv_rows(const std::string& file) {
  std::map<std::string, std::vector<std::string>> rows;
  std::ifstream in(file);
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line)) {
    std::vector<std::string> fields;
    std::istringstream split(line);
    for (std::string f; std::getline(split, f, ',');) fields.push_back(f);
    rows[fields.at(0)] = fields;
  }
  return rows;
}

class SolvedCli : public test::CliTest {
 protected:
  std::string store() const { return path("kb.sqlite"); }
  nlohmann::json json(const std::string& args) const {
    const Outcome r = run(args + " --json");
    EXPECT_EQ(r.code, 0) << args << "\n" << r.err;
    return nlohmann::json::parse(r.out);
  }
  // The stored nodes by material text.
  std::map<std::string, test::StoredNode> nodes(
      const PieceSet& pieces = PieceSet::xiangqi()) const {
    std::map<std::string, test::StoredNode> by_material;
    for (const auto& [key, node] : test::stored_nodes(store()))
      by_material[material_text(static_cast<Key>(key), pieces)] = node;
    return by_material;
  }
};

// The shipped retrograde counts are exact one-sided truth: each becomes a solved row whose score
// is the file's own but where the almost-draw rule makes a balanced material 5, and show gives
// the counts of the file's line.
TEST_F(SolvedCli, TheRetrogradeCountsBecomeExactSolvedRows) {
  const nlohmann::json imported =
      json("import " + store() + " " + retrograde_csv() + " --from-counts --solved");
  EXPECT_EQ(imported["materials"], 227);
  EXPECT_EQ(imported["exact"], 227) << "one side alone has attackers in every material";
  EXPECT_EQ(imported["added"], 227);
  const auto file = csv_rows(retrograde_csv());
  int almost_drawn = 0;
  for (const auto& [material, node] : nodes()) {
    EXPECT_EQ(node.source, "solved") << material;
    EXPECT_EQ(node.invariable, 1) << material;
    const int shipped = std::stoi(file.at(material).at(1));
    if (node.score != shipped) {
      ++almost_drawn;
      EXPECT_EQ(shipped, 4) << material;
      EXPECT_EQ(node.score, 5) << material;
    }
  }
  EXPECT_EQ(almost_drawn, 83) << "datasets/README.md";
  const nlohmann::json conflicts = json("conflicts " + store());
  EXPECT_EQ(conflicts["inconsistent_nodes"], 0);
  EXPECT_EQ(conflicts["solved"]["rows"], 227);
  EXPECT_EQ(conflicts["solved"]["settled_edges"], 0);
  const Outcome shown = run("show " + store() + " KRKGGMM");
  const std::vector<std::string>& line = file.at("KRKGGMM");
  EXPECT_NE(shown.out.find("red to move wins " + line[3] + ", draws " + line[4] + ", loses " +
                           line[5] + "; black to move wins " + line[6] + ", draws " + line[7] +
                           ", loses " + line[8]),
            std::string::npos)
      << shown.out;
  EXPECT_NE(shown.out.find("exact: the game's rules decide every position"), std::string::npos);
  const nlohmann::json node = json("show " + store() + " KRKGGMM");
  EXPECT_EQ(node["source"], "solved");
  EXPECT_EQ(node["solved"]["rules"], "exact");
  EXPECT_EQ(node["solved"]["red_to_move"]["win"], std::stoll(line[3]));
  EXPECT_EQ(node["solved"]["black_to_move"]["loss"], std::stoll(line[8]));
  // Again: nothing changes, and a plain import keeps the solved rows as they are.
  EXPECT_EQ(
      json("import " + store() + " " + retrograde_csv() + " --from-counts --solved")["unchanged"],
      227);
  write("base.csv", "material,score\nKRKGGMM,0\nKRPKGGMM,0\n");
  const nlohmann::json plain = json("import " + store() + " " + path("base.csv"));
  EXPECT_EQ(plain["solved_kept"], 1);
  EXPECT_EQ(nodes().at("KRKGGMM").score, std::stoi(line[1]));
}

// Attackers on both sides: the generators' convention, named in the store, the JSON and show.
TEST_F(SolvedCli, TwoSidedMaterialsAreSolvedUnderTheRepetitionDrawConvention) {
  write("counts.csv",
        "material,rtm_win,rtm_draw,rtm_loss,btm_win,btm_draw,btm_loss\n"
        "KRKR,10,80,10,10,80,10\nKNKP,50,40,10,5,45,50\nKRK,900,0,0,0,10,890\n");
  const nlohmann::json imported =
      json("import " + store() + " " + path("counts.csv") + " --from-counts --solved");
  EXPECT_EQ(imported["repetition_draw"], 2);
  EXPECT_EQ(imported["exact"], 1);
  EXPECT_EQ(test::query_number(store(),
                               "SELECT count(*) FROM solved WHERE rules = "
                               "'repetition-draw'"),
            2);
  const Outcome shown = run("show " + store() + " KNKP");
  EXPECT_NE(shown.out.find("repetition-draw: every repetition counted a draw"), std::string::npos)
      << shown.out;
  EXPECT_EQ(json("show " + store() + " KNKP")["solved"]["rules"], "repetition-draw");
}

// Bad input: exit 2 naming file, line and field, and no store made.
TEST_F(SolvedCli, BadCountsAndOptionsAreRefused) {
  write("either.csv", "material,win,draw,loss\nKRK,9,1,0\n");
  Outcome r = run("import " + store() + " " + path("either.csv") + " --from-counts --solved");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("either.csv:2: counts: KRK: a solved material needs its counts with red "
                       "to move and with black to move"),
            std::string::npos)
      << r.err;
  r = run("import " + store() + " " + retrograde_csv() + " --solved");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--solved"), std::string::npos) << r.err;
  r = run("import " + store() + " " + retrograde_csv() + " --from-counts --solved --source manual");
  EXPECT_EQ(r.code, 2);
  write("solved.csv", "material,score,source\nKRK,0,solved\n");
  r = run("import " + store() + " " + path("solved.csv"));
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("solved.csv:2: source: a solved row comes with its counts"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(std::filesystem::exists(store()));
}

// KNKM (0.151, score 3) and KNMKM (0.142, score 4): a genuine conflict by binning alone. Every
// method repairs the rest and keeps both; show names the edge settled by fact and the bounds.
TEST_F(SolvedCli, SolvedRowsSurviveEveryReduceAndAreShownWithTheirBounds) {
  write("base.csv",
        "material,score\nKNKM,2\nKNMKM,2\nKNMMKM,6\nKNK,5\nKNMK,0\nKRKGGMM,4\nKRPKGGMM,6\n");
  write("counts.csv",
        "material,rtm_win,rtm_draw,rtm_loss,btm_win,btm_draw,btm_loss\n"
        "KNKM,302,698,0,0,1000,0\nKNMKM,284,716,0,0,1000,0\n");
  ASSERT_EQ(run("import " + store() + " " + path("base.csv")).code, 0);
  ASSERT_EQ(run("import " + store() + " " + path("counts.csv") + " --from-counts --solved").code,
            0);
  const nlohmann::json conflicts = json("conflicts " + store());
  EXPECT_EQ(conflicts["solved"]["settled_edges"], 2);
  EXPECT_EQ(conflicts["solved"]["bounded_rows"], 3) << "KNMMKM, KNK, KNMK";
  EXPECT_EQ(conflicts["solved"]["outside_rows"], 2) << "KNMMKM above 4, KNK above 3";
  for (const char* method : {"auto", "fitted", "exact", "ba", "ra"}) {
    const nlohmann::json r = json(std::string("reduce ") + store() + " --method " + method);
    EXPECT_EQ(r["settled_edges"], 2) << method;
    EXPECT_EQ(r["after"]["inconsistent_edges"], 2) << method << ": the settled edges alone";
    const auto now = nodes();
    EXPECT_EQ(now.at("KNKM").score, 3) << method;
    EXPECT_EQ(now.at("KNMKM").score, 4) << method;
    EXPECT_EQ(now.at("KNKM").source, "solved") << method;
    EXPECT_EQ(json("conflicts " + store())["solved"]["outside_rows"], 0) << method;
  }
  const Outcome shown = run("show " + store() + " KNMMKM");
  EXPECT_NE(shown.out.find("at most rank 4, at least a draw for red: KNMKM is solved 4"),
            std::string::npos)
      << shown.out;
  const Outcome solved = run("show " + store() + " KNMKM");
  EXPECT_NE(solved.out.find("x settled by fact"), std::string::npos) << solved.out;
  EXPECT_NE(solved.out.find("settled by fact: KNKM (solved 3)"), std::string::npos);
  EXPECT_NE(solved.out.find("KNMMKM               at most rank 4, at least a draw for red"),
            std::string::npos);
  const nlohmann::json bounds = json("show " + store() + " KNK")["bounds"];
  EXPECT_EQ(bounds["rank_high"], 3);
  EXPECT_EQ(bounds["high_from"], "KNKM");
}

// A verdict against a solved row is refused whichever way it comes, naming the counts, and the
// store stays as it was; one that agrees is taken and the row stays solved.
TEST_F(SolvedCli, AVerdictThatContradictsASolvedRowIsRefused) {
  write("base.csv", "material,score\nKNKM,2\nKNMKM,2\nKNMMKM,2\nKNK,2\n");
  write("counts.csv",
        "material,rtm_win,rtm_draw,rtm_loss,btm_win,btm_draw,btm_loss\n"
        "KNKM,302,698,0,0,1000,0\n");
  ASSERT_EQ(run("import " + store() + " " + path("base.csv")).code, 0);
  ASSERT_EQ(run("sample " + store() + " --p 1 --k 1 --out " + path("b.csv")).code, 0);
  ASSERT_EQ(run("import " + store() + " " + path("counts.csv") + " --from-counts --solved").code,
            0);
  write("wrong.csv", test::filled_sheet(path("b.csv"), [](int, const std::string& m) {
          return std::optional<std::string>(m == "KNKM" ? "1" : "2");
        }));
  const auto before = test::folder_files_checkpointed(dir_);
  const Outcome r = run("review import " + store() + " " + path("wrong.csv") + " --accept-stale");
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("the verdict 1 contradicts KNKM, solved 3 (red to move wins 302, draws 698, "
                       "loses 0; black to move wins 0, draws 1000, loses 0; exact)"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(test::folder_files_checkpointed(dir_), before);
  write("right.csv", test::filled_sheet(path("b.csv"), [](int, const std::string& m) {
          return std::optional<std::string>(m == "KNKM" ? "3" : "2");
        }));
  ASSERT_EQ(run("review import " + store() + " " + path("right.csv") + " --accept-stale").code, 0);
  EXPECT_EQ(nodes().at("KNKM").source, "solved");
  EXPECT_EQ(nodes().at("KNK").source, "expert");
}

// No design draws a solved row, and the batch estimates the others alone.
TEST_F(SolvedCli, NoDesignDrawsASolvedRow) {
  ASSERT_EQ(run("import " + store() + " " + retrograde_csv() + " --from-counts --solved").code, 0);
  synth("end59", 3);
  ASSERT_EQ(run("import " + store() + " " + path("n.csv")).code, 0);
  const int64_t rows = test::query_number(store(), "SELECT count(*) FROM nodes");
  const int64_t solved = test::query_number(store(),
                                            "SELECT count(*) FROM nodes WHERE source = "
                                            "'solved'");
  ASSERT_GT(solved, 100);
  int batch = 0;
  for (const char* design : {"distance-k", "spread", "hss", "active"}) {
    const Outcome drawn = run(std::string("sample ") + store() + " --design " + design +
                              " --p 0.2 --out " + path(std::string(design) + ".csv"));
    ASSERT_EQ(drawn.code, 0) << design << "\n" << drawn.err;
    ++batch;
    const std::string where = " WHERE batch = " + std::to_string(batch);
    EXPECT_GT(test::query_number(store(), "SELECT count(*) FROM batch_items" + where), 0);
    EXPECT_EQ(test::query_number(store(),
                                 "SELECT count(*) FROM batch_items i JOIN nodes n ON "
                                 "n.key = i.key AND n.source = 'solved'" +
                                     where),
              0)
        << design;
    EXPECT_EQ(test::query_number(
                  store(), "SELECT population FROM batches WHERE id = " + std::to_string(batch)),
              rows - solved)
        << design;
  }
}

// simulate treats solved rows as known: no round draws one, and each estimate is of the others.
TEST_F(SolvedCli, SimulateDrawsAroundSolvedRows) {
  synth("end59", 3);
  ASSERT_EQ(run("import " + store() + " " + path("n.csv")).code, 0);
  // The retrograde counts of the materials the synthetic base holds, solved.
  const auto file = csv_rows(retrograde_csv());
  const auto base = csv_rows(path("n.csv"));
  std::string counts = "material,rtm_win,rtm_draw,rtm_loss,btm_win,btm_draw,btm_loss\n";
  for (const auto& [material, fields] : file) {
    if (!base.contains(material)) continue;
    counts += material;
    for (std::size_t c = 3; c < 9; ++c) counts += "," + fields.at(c);
    counts += "\n";
  }
  write("counts.csv", counts);
  const nlohmann::json solved =
      json("import " + store() + " " + path("counts.csv") + " --from-counts --solved");
  ASSERT_GT(solved["materials"], 50);
  // The truth answers for the solved rows with their solved scores.
  ASSERT_EQ(
      run("export " + store() + " --format csv --allow-conflicts --out " + path("now.csv")).code,
      0);
  std::string truth = "material,score\n";
  const auto now = csv_rows(path("now.csv"));
  for (const auto& [material, fields] : csv_rows(path("t.csv"))) {
    const bool is_solved = file.contains(material) && base.contains(material);
    truth += material + "," + (is_solved ? now.at(material).at(1) : fields.at(1)) + "\n";
  }
  write("truth.csv", truth);
  const int64_t rows = test::query_number(store(), "SELECT count(*) FROM nodes");
  const int64_t solved_rows =
      test::query_number(store(), "SELECT count(*) FROM nodes WHERE source = 'solved'");
  const nlohmann::json rounds =
      json("simulate " + store() + " --truth " + path("truth.csv") + " --rounds 2 --p 0.05");
  ASSERT_EQ(rounds.size(), 2u);
  EXPECT_EQ(rounds[0]["estimate"]["size"], rows - solved_rows);
  EXPECT_EQ(rounds[1]["estimate"]["size"],
            rows - solved_rows - rounds[0]["sampled"].get<int64_t>());
}

// The chess data as truth: half its materials solved, the other half noisy. The repair holds the
// solved half, puts no row outside their bounds, and the store replays to its nodes.
TEST_F(SolvedCli, TheChessDataHalfSolvedHoldsTheRepair) {
  const auto file = csv_rows(test::chess_csv());
  std::string counts =
      "material,wtm_win,wtm_cursed_win,wtm_draw,wtm_blessed_loss,wtm_loss,"
      "btm_win,btm_cursed_win,btm_draw,btm_blessed_loss,btm_loss\n";
  std::string noisy = "material,score\n";
  std::ifstream in(test::chess_csv());
  std::string header;
  std::getline(in, header);
  ASSERT_EQ(header.rfind("material,score,expectation,wtm_win,wtm_cursed_win,wtm_draw,"
                         "wtm_blessed_loss,wtm_loss,btm_win",
                         0),
            0u)
      << header;
  int i = 0;
  for (const auto& [material, fields] : file) {
    if (i++ % 2 == 0) {
      counts += material;
      for (std::size_t c = 3; c < 13; ++c) counts += "," + fields.at(c);
      counts += "\n";
    } else {
      // Every third noisy row three ranks toward white, the rest as shipped.
      const int score = std::stoi(fields.at(1));
      noisy += material + "," + std::to_string(i % 3 == 0 ? std::max(0, score - 3) : score) + "\n";
    }
  }
  write("counts.csv", counts);
  write("noisy.csv", noisy);
  ASSERT_EQ(run("import " + store() + " " + path("noisy.csv") + " --pieces chess").code, 0);
  const nlohmann::json imported =
      json("import " + store() + " " + path("counts.csv") + " --from-counts --solved");
  EXPECT_EQ(imported["materials"], 255);
  EXPECT_EQ(imported["exact"], 255);
  const nlohmann::json before = json("conflicts " + store());
  EXPECT_EQ(before["solved"]["settled_edges"], 0) << "the chess truth has no conflict";
  EXPECT_GT(before["solved"]["outside_rows"], 10);
  const auto solved_before = nodes(PieceSet::chess());
  ASSERT_EQ(run("reduce " + store()).code, 0);
  const nlohmann::json after = json("conflicts " + store());
  EXPECT_EQ(after["inconsistent_nodes"], 0);
  EXPECT_EQ(after["solved"]["outside_rows"], 0);
  for (const auto& [material, node] : nodes(PieceSet::chess())) {
    if (node.source == "solved") {
      EXPECT_EQ(node, solved_before.at(material)) << material;
    }
  }
  EXPECT_EQ(test::replayed_history(store()), test::stored_nodes(store()));
}

// Evidence skips the solved rows unless asked, and calibrates its threshold on them by default
// once there are 10 or more: they are then searched as the calibration's known scores.
TEST_F(SolvedCli, EvidenceSkipsSolvedRowsAndCalibratesOnThemByDefault) {
  const auto file = csv_rows(retrograde_csv());
  std::string counts = "material,rtm_win,rtm_draw,rtm_loss,btm_win,btm_draw,btm_loss\n";
  int n = 0;
  for (const char* m : {"KRK", "KNK", "KCK", "KPK", "KRKG", "KRKM", "KNKG", "KNKM", "KPKG", "KRRK",
                        "KRNK", "KRCK"}) {
    counts += m;
    for (std::size_t c = 3; c < 9; ++c) counts += "," + file.at(m).at(c);
    counts += "\n";
    if (++n == 9) write("nine.csv", counts);
  }
  write("twelve.csv", counts);
  write("base.csv", "material,score\nKRKN,3\nKNKN,4\nKCKG,4\nKRKGG,1\n");
  const std::string engine =
      " --engine " + std::string(EGKB_FAKE_ENGINE) + " --depth 1 --positions 8";
  ASSERT_EQ(run("import " + store() + " " + path("base.csv")).code, 0);
  ASSERT_EQ(run("import " + store() + " " + path("nine.csv") + " --from-counts --solved").code, 0);
  nlohmann::json r = json("evidence " + store() + engine);
  EXPECT_EQ(r["materials"], 4) << "nine solved rows: skipped, too few to calibrate on";
  EXPECT_FALSE(r.contains("calibration"));
  ASSERT_EQ(run("import " + store() + " " + path("twelve.csv") + " --from-counts --solved").code,
            0);
  r = json("evidence " + store() + engine + " --calibrate none");
  EXPECT_EQ(r["materials"], 4);
  r = json("evidence " + store() + engine);
  EXPECT_EQ(r["materials"], 16) << "the solved rows searched to calibrate on";
  EXPECT_EQ(r["calibration"]["against"], "solved");
  EXPECT_EQ(r["calibration"]["rows"], 12);
  r = json("evidence " + store() + engine + " --solved --calibrate none");
  EXPECT_EQ(r["materials"], 16);
  EXPECT_EQ(r["searched"], 0) << "kept from the run before";
  // The evidence design draws around them too, though every solved row has evidence now.
  ASSERT_EQ(run("sample " + store() + " --design evidence --p 1 --out " + path("e.csv")).code, 0);
  EXPECT_EQ(test::query_number(store(), "SELECT count(*) FROM batch_items"), 4);
  EXPECT_EQ(test::query_number(store(), "SELECT population FROM batches"), 4);
}

}  // namespace
}  // namespace egkb
