// End-to-end: `reduce --report` and `egkb report`, as a batch runner uses them.
#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/support/cli.h"

namespace egkb {
namespace {

using test::Outcome;

class ReportCli : public test::CliTest {
 protected:
  void SetUp() override {
    CliTest::SetUp();
    ASSERT_EQ(run("synth --preset end60 --seed 4 --truth " + path("t.csv") + " --out " +
                  path("noisy.csv"))
                  .code,
              0);
  }
};

TEST_F(ReportCli, ReduceWritesItsReportBesideTheRepair) {
  const Outcome r = run("reduce " + path("noisy.csv") + " --method ra --out " + path("r.csv") +
                        " --report " + path("ra.html") + " --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  const std::string html = test::read_file(path("ra.html"));
  EXPECT_NE(html.find("<h1>ra on " + path("noisy.csv") + "</h1>"), std::string::npos);
  EXPECT_NE(html.find(fmt::format("<p>{} of 486 rows changed.", j["modified"].get<int>())),
            std::string::npos);
  std::size_t passes = 0;
  for (const auto& pass : j["trace"]) {
    ++passes;
    const std::string label =
        pass["exact_finish"] ? "exact" : fmt::format("pass {}", pass["iteration"].get<int>());
    EXPECT_NE(html.find(fmt::format("<title>{}: {}</title>", label,
                                    pass["inconsistent_nodes"].get<int>())),
              std::string::npos)
        << label;
  }
  EXPECT_GE(passes, 1u) << "passes of the trace found in the report";  // 1 when counted
  EXPECT_NE(html.find("No conflict remains"), std::string::npos);
}

TEST_F(ReportCli, ReportOnAStoreRebuildsItsLastRepair) {
  const std::string store = path("kb.sqlite");
  ASSERT_EQ(run("import " + store + " " + path("noisy.csv")).code, 0);
  ASSERT_EQ(run("reduce " + store + " --method ra --report " + path("direct.html")).code, 0);
  const Outcome r = run("report " + store + " --out " + path("later.html"));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("(run 2)"), std::string::npos) << r.out;
  const std::string direct = test::read_file(path("direct.html"));
  const std::string later = test::read_file(path("later.html"));
  // The same figures, charts and tables: everything from the conflicts table on.
  const std::string from = "<h2>Conflicts</h2>";
  ASSERT_NE(later.find(from), std::string::npos);
  EXPECT_EQ(later.substr(later.find(from)), direct.substr(direct.find(from)));
  SQLite::Database db(store);
  EXPECT_FALSE(db.execAndGet("SELECT trace FROM runs WHERE id = 2").isNull());
}

TEST_F(ReportCli, ReportOnACsvShowsTheBaseAsItStands) {
  const Outcome r = run("report " + path("noisy.csv") + " --out " + path("now.html"));
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string html = test::read_file(path("now.html"));
  EXPECT_NE(html.find("No repair recorded"), std::string::npos);
  EXPECT_NE(html.find("Worst inconsistent nodes"), std::string::npos);
  EXPECT_EQ(run("report " + path("missing.csv") + " --out " + path("x.html")).code, 2);
  EXPECT_FALSE(std::filesystem::exists(path("x.html")));
}

}  // namespace
}  // namespace egkb
