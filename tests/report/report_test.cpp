// The HTML report: its charts hold the figures they are given, its tables the changes and
// conflicts computed independently here, and it degrades to DOT text without Graphviz.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <sstream>
#include <string_view>

#include "io/csv.h"
#include "lattice/compare.h"
#include "lattice/conflicts.h"
#include "present/trace_json.h"
#include "reducer/reduce.h"
#include "report/repair_report.h"
#include "report/svg_chart.h"
#include "tests/support/chess.h"

namespace egkb {
namespace {

// Every number written right after `before` and followed by `after`, in order.
std::vector<double> numbers(const std::string& text, const std::string& before,
                            const std::string& after) {
  std::vector<double> out;
  for (std::size_t at = text.find(before); at != std::string::npos;
       at = text.find(before, at + 1)) {
    const char* start = text.c_str() + at + before.size();
    char* end = nullptr;
    const double v = std::strtod(start, &end);
    if (end != start && std::string_view(end).starts_with(after)) out.push_back(v);
  }
  return out;
}

TEST(SvgChart, BarsAreProportionalToTheirValues) {
  const std::string svg = bar_chart_svg({"t", {"a", "b", "c"}, {10, 20, 40}});
  const auto heights = numbers(svg, "height=\"", "\" fill");
  ASSERT_EQ(heights.size(), 3u);
  EXPECT_NEAR(heights[1] / heights[0], 2.0, 0.01);
  EXPECT_NEAR(heights[2] / heights[0], 4.0, 0.01);
  // Gridlines end at a round value at or above the largest bar: 50 for 40.
  EXPECT_NE(svg.find(">50</text>"), std::string::npos) << svg;
}

TEST(SvgChart, LinePointsCarryTheirValues) {
  const std::string svg = line_chart_svg({"Vc", {"before", "pass 1"}, {273932, 12}});
  EXPECT_NE(svg.find("<title>before: 273932</title>"), std::string::npos) << svg;
  EXPECT_NE(svg.find("<title>pass 1: 12</title>"), std::string::npos);
  const auto ys = numbers(svg, "cy=\"", "\"");
  ASSERT_EQ(ys.size(), 2u);
  EXPECT_LT(ys[0], ys[1]) << "the larger value is drawn higher";
}

TEST(TraceJson, RoundTrips) {
  std::vector<IterationTrace> trace(2);
  trace[0] = {1, 40, {}, false};
  trace[0].after.inconsistent_nodes = 7;
  trace[0].after.corrected_score = 30;
  trace[1] = {2, 3, {}, true};
  const auto back = trace_from_json(trace_json(trace).dump());
  ASSERT_EQ(back.size(), 2u);
  EXPECT_EQ(back[0].modified, 40u);
  EXPECT_EQ(back[0].after.inconsistent_nodes, 7u);
  EXPECT_EQ(back[0].after.corrected_score, 30u);
  EXPECT_TRUE(back[1].exact_finish);
}

// The chess data with a few rows broken, repaired by ba.
struct BrokenChess {
  KnowledgeBase kb = test::chess_data();
  ReduceOutcome repaired;

  BrokenChess() {
    for (std::size_t i = 0; i < kb.rows.size(); i += 50)
      kb.rows[i].score = mirror(kb.rows[i].score);
    ReduceRequest request;
    request.method = Method::Basic;
    repaired = reduce_kb(kb, request);
  }
};

std::string report_of(const RepairReport& r, const ReportOptions& options = {}) {
  std::ostringstream out;
  write_repair_report(out, r, options);
  return out.str();
}

TEST(RepairReport, CountsChangesAndConflictsAsComputedIndependently) {
  const BrokenChess chess;
  RepairReport r{"ba on chess",
                 {{"rows", "510"}},
                 &chess.kb,
                 &chess.repaired.result,
                 chess.repaired.reduction.trace};
  const std::string html = report_of(r);
  ErrorCounts changes;
  for (std::size_t i = 0; i < chess.kb.rows.size(); ++i)
    changes.add(chess.kb.rows[i].score, chess.repaired.result.rows[i].score);
  ASSERT_GT(changes.errors, 0u);
  EXPECT_NE(html.find(fmt::format("<p>{} of 510 rows changed.", changes.errors)),
            std::string::npos);
  EXPECT_NE(html.find(fmt::format("{:g}</text>", static_cast<double>(changes.d_ge4))),
            std::string::npos);
  EXPECT_NE(html.find(fmt::format("<tr><td class=\"m\">inconsistent nodes</td><td>{}</td><td>{}"
                                  "</td></tr>",
                                  chess.repaired.before.inconsistent_nodes,
                                  chess.repaired.after.inconsistent_nodes)),
            std::string::npos);
  // One point per pass plus the state before.
  EXPECT_EQ(numbers(html, ": ", "</title>").size(),
            2 * (chess.repaired.reduction.trace.size() + 1));
  EXPECT_EQ(html.find("src="), std::string::npos) << "self-contained: nothing loaded";
}

TEST(RepairReport, ListsTheWorstNodesOfABaseAsItStands) {
  const BrokenChess chess;
  const std::string html = report_of({"as it stands", {}, &chess.kb, nullptr, {}}, {3, 0});
  const ScoredLattice scored = ScoredLattice::of(chess.kb);
  ConflictCounter counter(scored.lattice);
  const ConflictSummary summary = counter.count(scored.ranks());
  std::size_t total = 0;
  const auto worst = worst_nodes(scored.lattice, counter, 3, total);
  ASSERT_EQ(worst.size(), 3u);
  EXPECT_NE(
      html.find(fmt::format("<p>{} inconsistent nodes; the worst 3", summary.inconsistent_nodes)),
      std::string::npos);
  std::size_t at = 0;
  for (NodeId n : worst) {
    const std::string cell =
        fmt::format("<td class=\"m\">{}</td>",
                    format_material(scored.lattice.material(n), scored.lattice.pieces()));
    const std::size_t found = html.find(cell, at);
    ASSERT_NE(found, std::string::npos) << cell;
    at = found;  // in the order worst_nodes gives
  }
  EXPECT_EQ(html.find("Convergence"), std::string::npos);
}

TEST(RepairReport, WithoutGraphvizShowsDotTextAndSaysWhy) {
  const BrokenChess chess;
  const RepairReport r{"ba", {}, &chess.kb, &chess.repaired.result, {}};
  const std::string path = std::getenv("PATH") ? std::getenv("PATH") : "";
  setenv("PATH", "/nonexistent", 1);
  const std::string html = report_of(r, {20, 2});
  setenv("PATH", path.c_str(), 1);
  EXPECT_NE(html.find("was not found on PATH"), std::string::npos);
  EXPECT_NE(html.find("digraph neighbourhood"), std::string::npos);
  EXPECT_EQ(html.find("class=\"graph\""), std::string::npos) << "no picture drawn by dot";
}

TEST(RepairReport, DrawsNeighbourhoodsThroughGraphvizWhenInstalled) {
  if (std::system("command -v dot >/dev/null 2>&1") != 0) GTEST_SKIP() << "graphviz not installed";
  const BrokenChess chess;
  const std::string html = report_of({"ba", {}, &chess.kb, &chess.repaired.result, {}}, {20, 2});
  EXPECT_EQ(html.find("was not found on PATH"), std::string::npos);
  // Two nodes, before and after each, drawn by dot (its SVG carries class="graph").
  std::size_t drawn = 0;
  for (std::size_t at = 0; (at = html.find("class=\"graph\"", at)) != std::string::npos; ++at)
    ++drawn;
  EXPECT_EQ(drawn, 4u);
}

}  // namespace
}  // namespace egkb
