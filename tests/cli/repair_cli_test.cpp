// End-to-end: what the certified repair tells a user: its certificate, how many rows it left
// ambiguous (reduce, conflicts), their ranges in an export, and the validation auto keeps in the
// store until the rows change.
#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "tests/support/cli.h"

namespace egkb {
namespace {

using test::Outcome;

class RepairCli : public test::CliTest {
 protected:
  nlohmann::json json_of(const std::string& args) const {
    const Outcome r = run(args);
    EXPECT_EQ(r.code, 0) << args << "\n" << r.err;
    return nlohmann::json::parse(r.out);
  }
  int validate_runs(const std::string& store) const {
    SQLite::Database db(store);
    return db.execAndGet("SELECT count(*) FROM runs WHERE command = 'validate'").getInt();
  }
};

// Every cost: objective, bound and gap, the bound never above the objective, and "optimal" only
// where the gap is 0; the text says "certified optimal" exactly then.
TEST_F(RepairCli, TheCertificateSaysOptimalOnlyAtGapZero) {
  synth("end60", 2);
  for (const char* cost : {"l1", "trunc2", "trunc3", "l0", "sqrt"}) {
    const std::string args =
        "reduce " + path("n.csv") + " --method exact --dry-run --cost " + std::string(cost);
    const auto j = json_of(args + " --json");
    const auto& c = j["certificate"];
    ASSERT_TRUE(c.is_object()) << cost;
    EXPECT_EQ(c["cost"], cost);
    const double objective = c["objective"], bound = c["bound"], gap = c["gap"];
    EXPECT_LE(bound, objective + 1e-9) << cost;
    EXPECT_NEAR(gap, objective - bound, 1e-9) << cost;
    EXPECT_EQ(c["optimal"].get<bool>(), gap == 0) << cost;
    if (std::string(cost) == "l1") {
      EXPECT_EQ(c["objective"], j["objective"]) << "without a prior, the L1 objective itself";
      EXPECT_TRUE(c["optimal"].get<bool>()) << "a convex cost is solved exactly";
    }
    const Outcome text = run(args);
    ASSERT_EQ(text.code, 0) << text.err;
    EXPECT_EQ(text.out.find("  certified optimal") != std::string::npos, c["optimal"].get<bool>())
        << text.out;
    EXPECT_NE(text.out.find(std::to_string(j["ambiguous"].get<int>()) + " rows ambiguous"),
              std::string::npos)
        << text.out;
  }
  // ba and ra certify nothing.
  EXPECT_TRUE(json_of("reduce " + path("n.csv") + " --method ba --dry-run --json")["certificate"]
                  .is_null());
}

// reduce counts the rows its repair leaves ambiguous, the store keeps their ranges, conflicts and
// the HTML report give the same count, and export --ranges writes low,high for every material of
// the closure.
TEST_F(RepairCli, AmbiguousRowsAreCountedAndTheirRangesExported) {
  synth("end60", 2);
  const std::string store = path("kb.sqlite");
  ASSERT_EQ(run("import " + store + " " + path("n.csv")).code, 0);
  const auto before = json_of("conflicts " + store + " --json");
  EXPECT_TRUE(before["ambiguous"].is_null()) << "no repair recorded yet";
  EXPECT_EQ(run("export " + store + " --format csv --ranges --out " + path("no.csv")).code, 2)
      << "no exact repair to take ranges from";

  const auto reduced =
      json_of("reduce " + store + " --method exact --json --report " + path("r.html"));
  const int ambiguous = reduced["ambiguous"];
  EXPECT_GT(ambiguous, 0) << "end60's noise leaves equally cheap repairs";
  // The HTML report lists them, as written by reduce and as rebuilt from the store.
  const std::string listed = "<h2>Ambiguous rows</h2>\n<p>" + std::to_string(ambiguous) + " rows";
  EXPECT_NE(test::read_file(path("r.html")).find(listed), std::string::npos);
  ASSERT_EQ(run("report " + store + " --out " + path("later.html")).code, 0);
  EXPECT_NE(test::read_file(path("later.html")).find(listed), std::string::npos);
  SQLite::Database db(store);
  EXPECT_EQ(db.execAndGet("SELECT count(*) FROM ranges").getInt(), ambiguous);

  EXPECT_EQ(json_of("conflicts " + store + " --json")["ambiguous"], ambiguous);
  const Outcome text = run("conflicts " + store);
  EXPECT_NE(text.out.find(std::to_string(ambiguous) + " rows ambiguous in the last repair (run 2)"),
            std::string::npos)
      << text.out;

  // Every material of the closure with low <= rank <= high; the stored ambiguous rows and their
  // mirrors are the ones with low < high.
  const Outcome exported =
      run("export " + store + " --format csv --ranges --out " + path("ranges.csv"));
  ASSERT_EQ(exported.code, 0) << exported.err;
  std::istringstream lines(test::read_file(path("ranges.csv")));
  std::string line;
  std::getline(lines, line);
  EXPECT_EQ(line, "material,score,rank,source,invariable,weight,low,high");
  int rows = 0, wide = 0;
  while (std::getline(lines, line)) {
    std::vector<std::string> cells;
    std::istringstream row(line);
    for (std::string cell; std::getline(row, cell, ',');) cells.push_back(cell);
    ASSERT_EQ(cells.size(), 8u) << line;
    const int rank = std::stoi(cells[2]), low = std::stoi(cells[6]), high = std::stoi(cells[7]);
    EXPECT_LE(low, rank) << line;
    EXPECT_LE(rank, high) << line;
    ++rows;
    wide += low < high;
  }
  EXPECT_EQ(rows, 486) << "end60's materials, whose ranges were checked";
  EXPECT_EQ(rows, json_of("export " + store + " --format json --out " + path("x.json") +
                          " --json")["materials"]
                      .get<int>());
  EXPECT_GE(wide, ambiguous);
  EXPECT_LE(wide, 2 * ambiguous) << "a stored row and its mirror";
  ASSERT_EQ(run("export " + store + " --format json --ranges --out " + path("r.json")).code, 0);
  const std::string json = test::read_file(path("r.json"));
  EXPECT_NE(json.find("\"low\": "), std::string::npos);
  EXPECT_NE(json.find("\"high\": "), std::string::npos);

  // A greedy repair records no ranges: export refuses.
  ASSERT_EQ(run("reduce " + store + " --method ra").code, 0);
  EXPECT_EQ(run("export " + store + " --format csv --ranges --out " + path("ra.csv")).code, 2);
}

// auto keeps its validation in the store: a reduce on the same rows reads it back instead of
// validating again, and once the rows change it validates anew.
TEST_F(RepairCli, ValidationIsKeptUntilTheRowsChange) {
  synth("end60", 3);
  const std::string store = path("kb.sqlite");
  // The truth is consistent: its repair changes no row, so the rows stay those validated.
  ASSERT_EQ(run("import " + store + " " + path("t.csv")).code, 0);
  const auto first = json_of("reduce " + store + " --json");
  EXPECT_EQ(first["modified"], 0);
  ASSERT_TRUE(first["validation"].is_object());
  EXPECT_EQ(validate_runs(store), 1);

  const auto second = json_of("reduce " + store + " --json");
  EXPECT_EQ(validate_runs(store), 1) << "the rows are unchanged: the stored validation serves";
  EXPECT_EQ(second["validation"], first["validation"]) << "read back, its own time and all";

  ASSERT_EQ(run("import " + store + " " + path("n.csv")).code, 0);  // the noisy rows replace them
  const auto third = json_of("reduce " + store + " --json");
  EXPECT_EQ(validate_runs(store), 2) << "changed rows are validated again";
  EXPECT_NE(third["validation"]["held_out"], nullptr);
  EXPECT_GT(third["modified"], 0);
  // The repair changed the rows in turn: the next reduce validates them again too.
  json_of("reduce " + store + " --json");
  EXPECT_EQ(validate_runs(store), 3);
}

}  // namespace
}  // namespace egkb
