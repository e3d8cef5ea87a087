// `egkb import KB STATS.csv --from-counts`: tablebase statistics into a base, end to end.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>
#include <vector>

#include "io/csv.h"
#include "lattice/material.h"
#include "lattice/position_counts.h"
#include "store/nodes.h"
#include "store/position_counts.h"
#include "store/store.h"
#include "tests/support/cli.h"
#include "tests/support/reopened.h"
#include "tests/support/store_oracle.h"

namespace egkb {
namespace {

namespace fs = std::filesystem;

using test::Outcome;

class CountsImport : public test::CliTest {
 protected:
  std::string store() const { return path("kb.sqlite"); }

  // The store's scores by material text.
  std::map<std::string, int> scores() const {
    std::map<std::string, int> by_material;
    Store s = Store::open(store());
    const KnowledgeBase kb = store::knowledge_base(s);
    for (const KbRow& row : kb.rows)
      by_material[material_text(row.key, *kb.pieces)] = value(row.score);
    return by_material;
  }

  // Refused with exit 2, the message naming `where` (file:line: field), and no store made.
  void expect_refused(const std::string& args, const std::string& where) const {
    const Outcome r = run("import " + store() + " " + args);
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_NE(r.err.find(where), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(store())) << args;
  }
};

// The shipped scores and expectations come from the counts alone (cursed wins and blessed
// losses drawn), except where the almost-draw rule makes a balanced material 5.
TEST_F(CountsImport, ChessStatisticsGiveTheShippedScoresButTheAlmostDraws) {
  const Outcome r = run("import " + store() + " " + test::chess_csv() + " --from-counts --json");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["added"], 510);
  const KnowledgeBase shipped = read_csv(test::chess_csv(), {.pieces = &PieceSet::chess()});
  const std::map<std::string, int> imported = scores();
  ASSERT_EQ(imported.size(), shipped.rows.size());
  std::vector<std::string> exceptions;
  for (const KbRow& row : shipped.rows) {
    const std::string material = material_text(row.key, *shipped.pieces);
    const int now = imported.at(material);
    if (now == value(row.score)) continue;
    EXPECT_EQ(value(row.score), 4) << material;
    EXPECT_EQ(now, 5) << material;
    exceptions.push_back(material);
  }
  EXPECT_EQ(exceptions,
            (std::vector<std::string>{"KBvK", "KNvK", "KBvKB", "KNNvK", "KNvKN", "KNNvKB", "KNNvKN",
                                      "KBBvKBB", "KBNvKBN", "KBNvKNN", "KNNvKNN"}));
  EXPECT_EQ(imported.at("KBvKN"), 5) << "almost drawn, and 5 by its bins already";
  // --almost-draw 1: only the materials drawn from every position.
  ASSERT_EQ(run("import " + path("dead.sqlite") + " " + test::chess_csv() +
                " --from-counts --almost-draw 1")
                .code,
            0);
  EXPECT_EQ(test::query_number(path("dead.sqlite"),
                               "SELECT count(*) FROM nodes WHERE score = 5 AND material IN "
                               "('KBvK', 'KNvK', 'KBvKB')"),
            2);
}

TEST_F(CountsImport, TheCountsAreKeptWithTheImportRun) {
  ASSERT_EQ(run("import " + store() + " " + test::chess_csv() + " --from-counts").code, 0);
  const std::vector<RecordedCounts> kept = store::position_counts(test::Reopened(store()));
  ASSERT_EQ(kept.size(), 510u);
  const Key kpk = key_of(parse_material("KPvK", PieceSet::chess()), PieceSet::chess());
  const auto it = std::find_if(kept.begin(), kept.end(),
                               [&](const RecordedCounts& r) { return r.counts.key == kpk; });
  ASSERT_NE(it, kept.end());
  EXPECT_EQ(it->run, RunId(1));
  ASSERT_EQ(it->counts.sets.size(), 2u);
  // KPvK,2,0.672990,62480,0,19184,0,0,0,0,35210,0,48802
  EXPECT_EQ(it->counts.sets[0], (OutcomeCounts{ToMove::Red, 62480, 0, 19184, 0, 0}));
  EXPECT_EQ(it->counts.sets[1], (OutcomeCounts{ToMove::Black, 0, 0, 35210, 0, 48802}));
  EXPECT_NEAR(it->counts.expected(), 0.672990, 5e-7);
  EXPECT_EQ(test::query_number(store(),
                               "SELECT count(*) FROM runs WHERE command = 'import' AND "
                               "json_extract(parameters, '$.from_counts.almost_draw') = "
                               "0.95"),
            1);
}

// The xiangqi statistics name red to move rtm_ and have no cursed or blessed columns.
// Issue 44, item 4: a chess base's `show` (text and JSON) and report speak of White and Black,
// never of red.
TEST_F(CountsImport, AChessBaseIsShownAndReportedInWhiteAndBlack) {
  ASSERT_EQ(run("import " + store() + " " + test::chess_csv() + " --from-counts").code, 0);
  const std::regex red(R"(\bred\b)", std::regex::icase);
  for (const std::string& command :
       {"show " + store() + " KRvK", "show " + store() + " KPvK --json"}) {
    const Outcome shown = run(command);
    ASSERT_EQ(shown.code, 0) << shown.err;
    EXPECT_FALSE(std::regex_search(shown.out, red)) << command << ": " << shown.out;
    EXPECT_NE(shown.out.find("white"), std::string::npos) << command << ": " << shown.out;
  }
  ASSERT_EQ(run("report " + store() + " --out " + path("r.html")).code, 0);
  const std::string report = test::read_file(path("r.html"));
  ASSERT_FALSE(report.empty());
  EXPECT_FALSE(std::regex_search(report, red));
}

TEST_F(CountsImport, XiangqiStatisticsWithRedToMoveColumnsImport) {
  const std::string xiangqi = std::string(EGKB_DATA_DIR) + "/xiangqi-retrograde.csv";
  ASSERT_EQ(run("import " + store() + " " + xiangqi + " --from-counts").code, 0);
  const KnowledgeBase shipped = read_csv(xiangqi, {});
  const std::map<std::string, int> imported = scores();
  int checked = 0, almost_draws = 0;
  for (const KbRow& row : shipped.rows) {
    const int now = imported.at(material_text(row.key, *shipped.pieces));
    if (now != value(row.score)) ++almost_draws;
    EXPECT_TRUE(now == value(row.score) || (value(row.score) == 4 && now == 5));
    ++checked;
  }
  EXPECT_EQ(checked, 227) << "rows of " << xiangqi;
  EXPECT_EQ(almost_draws, 83);
}

// One set of columns, counted from red's view over every position; provenance from --source.
TEST_F(CountsImport, OneSetOfColumnsIsRedsViewOverEveryPosition) {
  const std::string stats = write("stats.csv",
                                  "material,win,cursed_win,draw,blessed_loss,loss,score\n"
                                  "KRK,95,0,5,0,0,9\n"    // 0.95: 0 (the score column ignored)
                                  "KNK,20,30,40,0,10\n"   // 0.1: 4
                                  "KCK,0,0,97,0,3\n"      // -0.03: 5 by the bins
                                  "KPK,1,0,98,0,1\n"      // 0, 98% drawn: 5
                                  "KMKR,0,0,40,0,60\n");  // -0.6: 7
  const Outcome r = run("import " + store() + " " + stats + " --from-counts --source manual");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(scores(), (std::map<std::string, int>{
                          {"KRK", 0}, {"KNK", 4}, {"KCK", 5}, {"KPK", 5}, {"KMKR", 7}}));
  EXPECT_EQ(test::query_number(store(), "SELECT count(*) FROM nodes WHERE source = 'manual'"), 5);
  EXPECT_EQ(test::query_number(store(),
                               "SELECT count(*) FROM position_counts WHERE to_move = "
                               "'either' AND cursed_win = 30"),
            1);
}

TEST_F(CountsImport, BinsAreTheFlagsWhenGivenAndCheckedFirst) {
  const std::string stats = write("stats.csv", "material,win,draw,loss\nKRK,92,8,0\nKNK,0,52,48\n");
  ASSERT_EQ(run("import " + store() + " " + stats +
                " --from-counts --bins 0.95,0.75,0.5,0.2,0,-0.2,-0.5,-0.75,-0.95")
                .code,
            0);
  // 0.92 and -0.48: 0 and 7 in the default bins.
  EXPECT_EQ(scores(), (std::map<std::string, int>{{"KRK", 1}, {"KNK", 6}}));
  fs::remove(store());
  for (const char* bins :
       {"0.9,0.7", "0.9,0.7,0.45,0.15,0,-0.15,-0.45,-0.7,x",
        "0.9,0.7,0.45,0.15,0,-0.15,-0.45,-0.9,-0.7", "1.5,0.7,0.45,0.15,0,-0.15,-0.45,-0.7,-0.9",
        "0.9,0.7,0.45,0.15,0,-0.15,-0.45,-0.7,-0.9,-0.95"}) {
    expect_refused(stats + " --from-counts --bins " + bins, "--bins");
  }
  expect_refused(stats + " --bins 0.9,0.7,0.45,0.15,0,-0.15,-0.45,-0.7,-0.9", "--from-counts");
}

TEST_F(CountsImport, BadCountsNameTheFileLineAndFieldAndWriteNothing) {
  const std::string head = "material,wtm_win,wtm_draw,wtm_loss,btm_win,btm_draw,btm_loss\n";
  expect_refused(
      write("negative.csv", head + "KRvK,10,0,0,0,5,5\nKNvK,0,9,-1,0,9,0\n") + " --from-counts",
      "negative.csv:3: wtm_loss: expected a whole number of positions");
  expect_refused(
      write("word.csv", head + "KRvK,10,0,0,0,5,5\nKNvK,0,9,0,x,9,0\n") + " --from-counts",
      "word.csv:3: btm_win: expected a whole number of positions");
  expect_refused(write("zero.csv", head + "KRvK,10,0,0,0,0,0\n") + " --from-counts",
                 "zero.csv:2: btm_win: every count of btm_* is 0");
  expect_refused(write("short.csv", head + "KRvK,10,0,0,0,5\n") + " --from-counts",
                 "short.csv:2: btm_loss: missing");
  expect_refused(
      write("half.csv", "material,wtm_win,wtm_draw,wtm_loss\nKRvK,1,0,0\n") + " --from-counts",
      "half.csv:1: header:");
  expect_refused(
      write("both.csv", "material,win,draw,loss,btm_win,btm_draw,btm_loss\n") + " --from-counts",
      "both.csv:1: header:");
  // No counts at all, with or without a header: refused alike, no store made.
  expect_refused(write("empty.csv", "") + " --from-counts",
                 "empty.csv:1: header: the file is empty");
  expect_refused(write("header.csv", head) + " --from-counts",
                 "header.csv:2: material: the file has a header and no counts after it");
  // Into an existing store: refused the same, and the store left as it was.
  ASSERT_EQ(run("import " + store() + " " + write("good.csv", head + "KRvK,10,0,0,0,5,5\n") +
                " --from-counts")
                .code,
            0);
  const std::string before = test::read_file(store());
  const Outcome r = run("import " + store() + " " + path("negative.csv") + " --from-counts");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(test::read_file(store()), before);
}

// A material and its mirror count the same positions: given both ways, the file is refused,
// as is a material given twice; a self-mirror material is one row.
TEST_F(CountsImport, AMaterialInBothOrientationsIsRefused) {
  const std::string head = "material,win,draw,loss\n";
  expect_refused(
      write("mirror.csv", head + "KRvKB,10,80,10\nKNvK,0,1,0\nKBvKR,10,80,10\n") + " --from-counts",
      "mirror.csv:4: material: KBvKR is the mirror of KRvKB on line 2");
  expect_refused(write("twice.csv", head + "KRvKB,10,80,10\nKRvKB,10,80,10\n") + " --from-counts",
                 "twice.csv:3: material: KRvKB repeats line 2");
  ASSERT_EQ(run("import " + store() + " " + write("self.csv", head + "KBvKB,0,100,0\n") +
                " --from-counts")
                .code,
            0);
  EXPECT_EQ(scores(), (std::map<std::string, int>{{"KBvKB", 5}}));
}

}  // namespace
}  // namespace egkb
