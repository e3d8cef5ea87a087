// End-to-end: the egkb binary as a user runs it, exit codes and all.
#include "tests/support/cli.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "tests/support/sheets.h"

namespace egkb {
namespace {

namespace fs = std::filesystem;

using test::Outcome;
using Cli = test::CliTest;

const std::string kChess = test::chess_csv();

TEST_F(Cli, ChessConflictsAsJson) {
  const Outcome r = run("conflicts " + kChess + " --pieces chess --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["nodes"], 1000);
  EXPECT_EQ(j["inconsistent_nodes"], 0);
  EXPECT_EQ(j["levels"].size(), 10u);
  EXPECT_NE(r.out.find("\"nodes\": 1000"), std::string::npos);
}

TEST_F(Cli, CorruptedChessCopyNamesTheBrokenNodesAndCanFail) {
  std::string text = test::read_file(kChess);
  const std::string row = "\nKRvK,0,";
  ASSERT_NE(text.find(row), std::string::npos);
  text.replace(text.find(row), row.size(), "\nKRvK,9,");
  const std::string copy = write("corrupted.csv", text);
  const Outcome r = run("conflicts " + copy + " --pieces chess");
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("inconsistent nodes  11"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("KRvK "), std::string::npos);
  EXPECT_NE(r.out.find("KvKR "), std::string::npos);
  EXPECT_EQ(run("conflicts " + copy + " --pieces chess --fail-on-conflict").code, 1);
  EXPECT_EQ(run("conflicts " + kChess + " --pieces chess --fail-on-conflict").code, 0);
}

TEST_F(Cli, BadRowExitsTwoNamingTheLineAndLeavesTheStoreUnchanged) {
  const std::string good = write("good.csv", "material,score\nKRK,0\nKNK,2\n");
  const std::string store = (dir_ / "kb.sqlite").string();
  ASSERT_EQ(run("import " + store + " " + good).code, 0);
  const std::string before = test::read_file(store);
  const std::string bad = write("bad.csv", "material,score\nKCK,1\nKPK,2\nKRRRK,0\nKGK,4\n");
  const Outcome r = run("import " + store + " " + bad);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("bad.csv:4: material:"), std::string::npos) << r.err;
  EXPECT_EQ(test::read_file(store), before);
  EXPECT_EQ(run("import " + (dir_ / "new.sqlite").string() + " " + bad).code, 2);
  EXPECT_FALSE(fs::exists(dir_ / "new.sqlite"));
}

TEST_F(Cli, ImportedStoreReportsWhatItsCsvReports) {
  const std::string store = (dir_ / "chess.sqlite").string();
  const Outcome imported = run("import " + store + " " + kChess + " --pieces chess");
  ASSERT_EQ(imported.code, 0) << imported.err;
  EXPECT_NE(imported.out.find("510 added"), std::string::npos);
  const Outcome from_store = run("conflicts " + store + " --json");
  ASSERT_EQ(from_store.code, 0) << from_store.err;
  EXPECT_EQ(from_store.out, run("conflicts " + kChess + " --pieces chess --json").out);
  EXPECT_EQ(run("conflicts " + store + " --pieces xiangqi").code, 2);
}

TEST_F(Cli, ShowPrintsNeighboursAndDot) {
  const std::string kb = write("fig2.csv", "material,score\nKCCKHCPGG,3\nKCCKHPGG,6\nKCCKHCPG,3\n");
  const Outcome r = run("show " + kb + " KCCKHCPGG");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("score 3 (red has a slight advantage)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("2 neighbours, 1 inconsistent (50%, level 4)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("-C black"), std::string::npos);
  const Outcome dot = run("show " + kb + " KCCKNCPGG --dot");
  ASSERT_EQ(dot.code, 0);
  EXPECT_EQ(dot.out.rfind("digraph", 0), 0u);
  EXPECT_NE(dot.out.find("color=red"), std::string::npos);
  const Outcome missing = run("show " + kb + " KRK");
  EXPECT_EQ(missing.code, 2);
  EXPECT_NE(missing.err.find("not in the knowledge base"), std::string::npos);
}

TEST_F(Cli, UsageErrorsExitTwo) {
  EXPECT_EQ(run("conflicts").code, 2);
  EXPECT_EQ(run("conflicts " + kChess + " --pieces shogi").code, 2);
  EXPECT_EQ(run("conflicts " + write("kb.txt", "material,score\n")).code, 2);
  const Outcome junk = run("conflicts " + write("junk.sqlite", "not a database at all, only text"));
  EXPECT_EQ(junk.code, 3) << junk.err;
}

TEST_F(Cli, SynthWritesBothFilesDeterministicallyAndCompareReadsThem) {
  const std::string args = " --preset end60 --seed 3 --truth " + path("t.csv") + " --out ";
  const Outcome first = run("synth" + args + path("n.csv"));
  ASSERT_EQ(first.code, 0) << first.err;
  EXPECT_NE(first.out.find("486 rows"), std::string::npos) << first.out;
  ASSERT_EQ(run("synth" + args + path("again.csv")).code, 0);
  EXPECT_EQ(test::read_file(path("n.csv")), test::read_file(path("again.csv")));
  ASSERT_EQ(run("synth" + args.substr(0, args.find("--truth")) + "--truth " + path("t2.csv") +
                " --out " + path("n.sqlite"))
                .code,
            0);

  const Outcome csv = run("compare " + path("n.csv") + " --truth " + path("t.csv") + " --json");
  ASSERT_EQ(csv.code, 0) << csv.err;
  const auto j = nlohmann::json::parse(csv.out);
  EXPECT_EQ(j["size"], 486);
  EXPECT_GT(j["errors"], 0);
  for (const char* key : {"d_ge4", "d3", "d2", "d1", "d0", "inverted"})
    EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_EQ(run("compare " + path("n.sqlite") + " --truth " + path("t.csv") + " --json").out,
            csv.out);
  EXPECT_EQ(
      nlohmann::json::parse(
          run("compare " + path("t.csv") + " --truth " + path("t2.csv") + " --json").out)["errors"],
      0);
  EXPECT_NE(run("compare " + path("n.csv") + " --truth " + path("t.csv")).out.find("D>=4"),
            std::string::npos);
}

TEST_F(Cli, SynthRefusesAnExistingStoreAndWritesNothing) {
  write("taken.sqlite", "");
  const Outcome r =
      run("synth --preset end60 --truth " + path("t.csv") + " --out " + path("taken.sqlite"));
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("exists already"), std::string::npos);
  EXPECT_FALSE(fs::exists(path("t.csv")));
  EXPECT_EQ(run("synth --preset end99 --truth " + path("t.csv") + " --out " + path("n.csv")).code,
            2);
}

TEST_F(Cli, CompareFindsTheCorruptedChessRows) {
  std::string text = test::read_file(kChess);
  for (const char* row : {"\nKRvK,0,", "\nKQvK,0,"}) {
    const std::string from = row;
    text.replace(text.find(from), from.size(), from.substr(0, from.size() - 2) + "9,");
  }
  const std::string copy = write("corrupted.csv", text);
  const Outcome r = run("compare " + copy + " --pieces chess --truth " + kChess + " --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["size"], 510);
  EXPECT_EQ(j["errors"], 2);
  EXPECT_EQ(j["d_ge4"], 2);
  EXPECT_EQ(j["inverted"], 2);
}

TEST_F(Cli, ReduceRepairsAStoreAndRecordsEveryChange) {
  ASSERT_EQ(
      run("synth --preset end60 --seed 2 --truth " + path("t.csv") + " --out " + path("n.sqlite"))
          .code,
      0);
  const std::string before = test::read_file(path("n.sqlite"));
  const Outcome dry = run("reduce " + path("n.sqlite") + " --method exact --dry-run");
  ASSERT_EQ(dry.code, 0) << dry.err;
  EXPECT_NE(dry.out.find("would change"), std::string::npos);
  EXPECT_EQ(test::read_file(path("n.sqlite")), before) << "a dry run writes nothing";

  const Outcome r = run("reduce " + path("n.sqlite") + " --method ra --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  for (const char* key :
       {"method", "iterations", "modified", "objective", "seconds", "before", "after", "ties"}) {
    EXPECT_TRUE(j.contains(key)) << key;
  }
  EXPECT_GT(j["before"]["inconsistent_nodes"], 0);
  EXPECT_EQ(j["after"]["inconsistent_nodes"], 0);
  const auto after = nlohmann::json::parse(run("conflicts " + path("n.sqlite") + " --json").out);
  EXPECT_EQ(after["inconsistent_nodes"], 0);
  SQLite::Database db(path("n.sqlite"));
  EXPECT_EQ(db.execAndGet("SELECT count(*) FROM history WHERE reason = 'reduce ra'").getInt(),
            j["modified"].get<int>());
  EXPECT_EQ(db.execAndGet("SELECT count(*) FROM runs WHERE command = 'reduce ra'").getInt(), 1);
}

// --dry-run writes nothing: a report or a repaired copy asked for beside it is refused before
// any work, and neither appears.
TEST_F(Cli, ADryRunRefusesToWriteAReportOrACopy) {
  synth("end60", 2);
  for (const std::string& output : {" --report " + path("r.html"), " --out " + path("o.csv")}) {
    const Outcome r = run("reduce " + path("n.csv") + " --method ra --dry-run" + output);
    EXPECT_EQ(r.code, 2) << output << "\n" << r.out;
    EXPECT_NE(r.err.find("--dry-run writes nothing, no file either"), std::string::npos) << r.err;
    EXPECT_EQ(r.out, "");
  }
  EXPECT_FALSE(fs::exists(path("r.html")));
  EXPECT_FALSE(fs::exists(path("o.csv")));
}

// Queued ties are counted and the first ten named, one a line, with where the rest are; the
// store's review_queue table and --json hold every one.
TEST_F(Cli, QueuedTiesArePrintedAsACountAndTheFirstTen) {
  ASSERT_EQ(
      run("synth --preset end59 --seed 2 --truth " + path("t.csv") + " --out " + path("n.sqlite"))
          .code,
      0);
  const std::string reduce = "reduce " + path("n.sqlite") + " --method ra --ties queue";
  const Outcome dry = run(reduce + " --dry-run --json");
  ASSERT_EQ(dry.code, 0) << dry.err;
  const auto queued = nlohmann::json::parse(dry.out)["queued"];
  ASSERT_GT(queued.size(), 10u) << "end59's noise leaves ra many ties";
  const Outcome r = run(reduce);
  ASSERT_EQ(r.code, 0) << r.err;
  std::string expected = "  left for the expert (" + std::to_string(queued.size()) + " ties):\n";
  for (std::size_t i = 0; i < 10; ++i) expected += "    " + queued[i].get<std::string>() + "\n";
  expected += "    ... and " + std::to_string(queued.size() - 10) +
              " more: all of them in the store's review_queue table and in reduce --json's "
              "\"queued\"\n";
  EXPECT_NE(r.out.find(expected), std::string::npos) << r.out;
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) EXPECT_LT(line.size(), 120u) << line;
  SQLite::Database db(path("n.sqlite"));
  EXPECT_EQ(db.execAndGet("SELECT count(*) FROM review_queue").getInt(),
            static_cast<int>(queued.size()));
}

TEST_F(Cli, ReduceWritesCsvOnlyWhereItIsTold) {
  synth("end60", 2);
  const Outcome in_place = run("reduce " + path("n.csv") + " --method ba");
  EXPECT_EQ(in_place.code, 2);
  EXPECT_NE(in_place.err.find("--out"), std::string::npos);
  EXPECT_EQ(run("reduce " + path("n.csv") + " --method ba --soft --out " + path("o.csv")).code, 2);
  const Outcome r = run("reduce " + path("n.csv") + " --method exact --out " + path("o.csv"));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("after:  0 inconsistent nodes"), std::string::npos) << r.out;
  const auto cmp = nlohmann::json::parse(
      run("compare " + path("o.csv") + " --truth " + path("t.csv") + " --json").out);
  const auto was = nlohmann::json::parse(
      run("compare " + path("n.csv") + " --truth " + path("t.csv") + " --json").out);
  EXPECT_EQ(cmp["size"], was["size"]) << "every input row is written";
  EXPECT_LT(cmp["errors"], was["errors"]);
  const Outcome weights = run("reduce " + path("n.csv") + " --method ra --weighted --weights " +
                              write("w.json", R"({"pieces": {"R": 10, "P": 1}, "manual": 5})") +
                              " --out " + path("w.csv"));
  EXPECT_EQ(weights.code, 0) << weights.err;
  EXPECT_EQ(run("reduce " + path("n.csv") + " --method ra --weights " +
                write("bad.json", R"({"pieces": {"Q": 9}})") + " --out " + path("x.csv"))
                .code,
            2);
}

TEST_F(Cli, SimulateReportsEveryRoundAsJson) {
  synth("end59", 3);
  const Outcome r = run("simulate " + path("n.csv") + " --truth " + path("t.csv") +
                        " --rounds 2 --p 0.05 --k 3 --method exact --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto rounds = nlohmann::json::parse(r.out);
  ASSERT_EQ(rounds.size(), 2u);
  for (const auto& round : rounds) {
    for (const char* key :
         {"size", "errors", "d_ge4", "d3", "d2", "d1", "d0", "inverted", "rate", "low", "high"}) {
      EXPECT_TRUE(round["estimate"].contains(key)) << key;
    }
    EXPECT_TRUE(round["covered"].is_boolean());
  }
  EXPECT_EQ(
      run("simulate " + path("n.csv") + " --truth " + path("t.csv") + " --design random").code, 2);
}

TEST_F(Cli, SampleReviewEstimateLoopOnAStore) {
  ASSERT_EQ(
      run("synth --preset end59 --seed 5 --truth " + path("t.csv") + " --out " + path("n.sqlite"))
          .code,
      0);
  const Outcome sampled =
      run("sample " + path("n.sqlite") + " --p 0.05 --k 3 --seed 7 --out " + path("b.csv"));
  ASSERT_EQ(sampled.code, 0) << sampled.err;
  EXPECT_TRUE(fs::exists(path("b.html")));
  EXPECT_NE(test::read_file(path("b.html")).find("<table>"), std::string::npos);
  const std::string sheet = test::read_file(path("b.csv"));
  EXPECT_EQ(
      sheet.rfind(
          "batch,id,material,verdict,note,score,meaning,original_score,pieces,neighbours,reviewer,"
          "time,answers\n",
          0),
      0u);

  // Same seed, same materials (a new batch number).
  ASSERT_EQ(
      run("sample " + path("n.sqlite") + " --p 0.05 --k 3 --seed 7 --out " + path("b2.csv")).code,
      0);
  auto materials = [](const std::string& text) {
    std::string rest = text.substr(text.find('\n') + 1), out;
    std::istringstream in(rest);
    for (std::string line; std::getline(in, line);)
      out += line.substr(line.find(',', line.find(',') + 1)) + "\n";
    return out;
  };
  EXPECT_EQ(materials(test::read_file(path("b2.csv"))), materials(sheet));

  // A sheet with one bad verdict changes nothing and names the line.
  const std::string bad = test::filled_sheet(
      path("b.csv"), [](int row, const std::string&) { return row == 3 ? "10" : "ok"; });
  write("bad.csv", bad);
  const std::string before = test::read_file(path("n.sqlite"));
  const Outcome refused = run("review import " + path("n.sqlite") + " " + path("bad.csv"));
  EXPECT_EQ(refused.code, 2);
  EXPECT_NE(refused.err.find("line 4 verdict"), std::string::npos) << refused.err;
  EXPECT_EQ(test::read_file(path("n.sqlite")), before);

  // Filled with the truth: the estimate reads it, the import makes the rows expert facts.
  write("good.csv", test::truthful_sheet(path("b.csv"), path("t.csv")));
  const Outcome estimate = run("estimate " + path("n.sqlite") + " " + path("good.csv") + " --json");
  ASSERT_EQ(estimate.code, 0) << estimate.err;
  const auto e = nlohmann::json::parse(estimate.out);
  for (const char* key :
       {"size", "errors", "d_ge4", "d3", "d2", "d1", "d0", "inverted", "rate", "low", "high"}) {
    EXPECT_TRUE(e.contains(key)) << key;
  }
  EXPECT_LE(e["low"].get<double>(), e["rate"].get<double>());
  EXPECT_LE(e["rate"].get<double>(), e["high"].get<double>());
  const Outcome imported =
      run("review import " + path("n.sqlite") + " " + path("good.csv") + " --reviewer ada");
  ASSERT_EQ(imported.code, 0) << imported.err;
  SQLite::Database db(path("n.sqlite"));
  const int items = db.execAndGet("SELECT count(*) FROM batch_items WHERE batch = 1").getInt();
  EXPECT_GT(items, 0);
  EXPECT_EQ(
      db.execAndGet("SELECT count(*) FROM verdicts WHERE batch = 1 AND reviewer = 'ada'").getInt(),
      items);
  EXPECT_EQ(db.execAndGet("SELECT count(*) FROM nodes WHERE source = 'expert' AND invariable = 1")
                .getInt(),
            items);
  EXPECT_EQ(run("sample " + path("n.csv-missing") + " --out " + path("x.csv")).code, 2);
}

// --size 50: active gives 50 rows on every seed (its rest is a simple random sample); hss, whose
// rows are drawn each on its own, gives a size around 50 and says why when it is not 50.
TEST_F(Cli, SampleGivesTheSizeAskedForOrSaysWhyNot) {
  ASSERT_EQ(
      run("synth --preset end59 --seed 5 --truth " + path("t.csv") + " --out " + path("n.sqlite"))
          .code,
      0);
  int hss_off = 0;
  for (int seed = 1; seed <= 6; ++seed) {
    const std::string out = path("a" + std::to_string(seed) + ".csv");
    const Outcome active = run("sample " + path("n.sqlite") + " --design active --size 50 --seed " +
                               std::to_string(seed) + " --json --out " + out);
    ASSERT_EQ(active.code, 0) << active.err;
    EXPECT_EQ(nlohmann::json::parse(active.out)["rows"], 50) << "seed " << seed;
    const Outcome hss =
        run("sample " + path("n.sqlite") + " --design hss --size 50 --seed " +
            std::to_string(seed) + " --out " + path("h" + std::to_string(seed) + ".csv"));
    ASSERT_EQ(hss.code, 0) << hss.err;
    const bool fifty = hss.out.find(": 50 rows (hss") != std::string::npos;
    hss_off += !fifty;
    EXPECT_EQ(hss.out.find("for the 50 asked: hss draws each row on its own") != std::string::npos,
              !fifty)
        << hss.out;
  }
  EXPECT_GT(hss_off, 0) << "six hss draws of exactly 50 rows: its size no longer varies?";
}

TEST_F(Cli, SampleSpreadRecordsItsProbabilitiesAndEstimateGivesAnInterval) {
  ASSERT_EQ(
      run("synth --preset end59 --seed 5 --truth " + path("t.csv") + " --out " + path("n.sqlite"))
          .code,
      0);
  const Outcome sampled = run("sample " + path("n.sqlite") +
                              " --design spread --p 0.05 --seed 7 --json --out " + path("b.csv"));
  ASSERT_EQ(sampled.code, 0) << sampled.err;
  const auto batch = nlohmann::json::parse(sampled.out);
  EXPECT_EQ(batch["design"], "spread");
  EXPECT_EQ(batch["rows"], batch["wanted"]) << "exactly the size asked for";
  SQLite::Database db(path("n.sqlite"));
  const int rows = db.execAndGet("SELECT count(*) FROM nodes").getInt();
  const int drawn = db.execAndGet("SELECT count(*) FROM batch_items WHERE batch = 1").getInt();
  EXPECT_EQ(drawn, static_cast<int>(std::ceil(0.05 * rows)));
  EXPECT_EQ(db.execAndGet("SELECT design FROM batches WHERE id = 1").getString(), "spread");
  SQLite::Statement same_p(db,
                           "SELECT count(*) FROM batch_items WHERE batch = 1 AND "
                           "abs(probability - ?) < 1e-12");
  same_p.bind(1, static_cast<double>(drawn) / rows);
  ASSERT_TRUE(same_p.executeStep());
  EXPECT_EQ(same_p.getColumn(0).getInt(), drawn) << "every row at n / N";

  // Same seed, same sheet rows; --k alone asks for distance-k.
  ASSERT_EQ(run("sample " + path("n.sqlite") + " --design spread --p 0.05 --seed 7 --out " +
                path("b2.csv"))
                .code,
            0);
  auto rows_of = [](const std::string& text) {
    std::string out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out += line.substr(line.find(',')) + "\n";
    return out;
  };
  EXPECT_EQ(rows_of(test::read_file(path("b2.csv"))), rows_of(test::read_file(path("b.csv"))));
  const Outcome by_k = run("sample " + path("n.sqlite") + " --k 3 --seed 7 --out " + path("k.csv"));
  ASSERT_EQ(by_k.code, 0) << by_k.err;
  EXPECT_NE(by_k.out.find("(distance-k, seed 7)"), std::string::npos) << by_k.out;

  write("good.csv", test::truthful_sheet(path("b.csv"), path("t.csv")));
  const Outcome estimate = run("estimate " + path("n.sqlite") + " " + path("good.csv") + " --json");
  ASSERT_EQ(estimate.code, 0) << estimate.err;
  const auto e = nlohmann::json::parse(estimate.out);
  EXPECT_GT(e["errors"].get<double>(), 0);
  EXPECT_LT(e["low"].get<double>(), e["rate"].get<double>());
  EXPECT_LT(e["rate"].get<double>(), e["high"].get<double>());
  const Outcome text = run("estimate " + path("n.sqlite") + " " + path("good.csv"));
  EXPECT_NE(text.out.find("batch 1 (spread)"), std::string::npos) << text.out;

  // What the app submits is in the store: the estimate of the batch by its id is the sheet's.
  const Outcome before_import = run("estimate " + path("n.sqlite") + " 1 --json");
  EXPECT_EQ(before_import.code, 2) << before_import.out;
  ASSERT_EQ(
      run("review import " + path("n.sqlite") + " " + path("good.csv") + " --reviewer ada").code,
      0);
  const Outcome by_id = run("estimate " + path("n.sqlite") + " 1 --json");
  ASSERT_EQ(by_id.code, 0) << by_id.err;
  EXPECT_EQ(by_id.out, estimate.out);
}

TEST_F(Cli, ShowTellsANodesHistoryAndVerdictsWithTheirNotes) {
  ASSERT_EQ(
      run("synth --preset end59 --seed 5 --truth " + path("t.csv") + " --out " + path("n.sqlite"))
          .code,
      0);
  ASSERT_EQ(run("sample " + path("n.sqlite") + " --p 0.01 --seed 3 --out " + path("b.csv")).code,
            0);
  std::string material;
  const std::string filled = test::truthful_sheet(path("b.csv"), path("t.csv"));
  std::istringstream lines(filled);
  std::string header, first;
  std::getline(lines, header);
  std::getline(lines, first);
  material = first.substr(first.find(',', first.find(',') + 1) + 1);
  material = material.substr(0, material.find(','));
  // The first row carries a note; the sheet's `note` column is the fifth.
  std::string noted = filled;
  const std::size_t at = noted.find(first);
  std::string row = first;
  std::size_t comma = 0;
  for (int i = 0; i < 4; ++i) comma = row.find(',', comma) + 1;
  row.insert(comma, "a fortress");
  noted.replace(at, first.size(), row);
  write("good.csv", noted);
  ASSERT_EQ(
      run("review import " + path("n.sqlite") + " " + path("good.csv") + " --reviewer ada").code,
      0);

  const Outcome text = run("show " + path("n.sqlite") + " " + material);
  ASSERT_EQ(text.code, 0) << text.err;
  EXPECT_NE(text.out.find("history"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("run 1 import: added"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("run 2 review import"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("by ada — a fortress"), std::string::npos) << text.out;

  const Outcome json = run("show " + path("n.sqlite") + " " + material + " --json");
  ASSERT_EQ(json.code, 0) << json.err;
  const auto j = nlohmann::json::parse(json.out);
  ASSERT_EQ(j["history"].size(), 2u);
  EXPECT_EQ(j["history"][0]["command"], "import");
  EXPECT_TRUE(j["history"][0]["from"].is_null());
  EXPECT_EQ(j["history"][1]["command"], "review import");
  EXPECT_EQ(j["history"][1]["reviewer"], "ada");
  ASSERT_EQ(j["verdicts"].size(), 1u);
  EXPECT_EQ(j["verdicts"][0]["batch"], 1);
  EXPECT_EQ(j["verdicts"][0]["reviewer"], "ada");
  EXPECT_EQ(j["verdicts"][0]["note"], "a fortress");
  EXPECT_TRUE(j["verdicts"][0]["stands"].get<bool>());
  EXPECT_EQ(j["source"], "expert");
}

}  // namespace
}  // namespace egkb
