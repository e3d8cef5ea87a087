#include "report/repair_report.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <ostream>
#include <sstream>
#include <tuple>

#include "lattice/compare.h"
#include "lattice/conflicts.h"
#include "lattice/material.h"
#include "lattice/neighbourhood.h"
#include "present/dot.h"
#include "present/html.h"
#include "report/graphviz.h"
#include "report/svg_chart.h"

namespace egkb {

namespace {

constexpr const char* kStyle =
    "body{font-family:sans-serif;max-width:1100px;margin:2em auto;color:#222}"
    "table{border-collapse:collapse;margin:0.5em 0}"
    "td,th{border:1px solid #bbb;padding:3px 8px;text-align:right}"
    "th{background:#eee}td.m,th.m{text-align:left;font-family:monospace}"
    ".charts{display:flex;flex-wrap:wrap;gap:1em}.pair{display:flex;flex-wrap:wrap;gap:1em;"
    "align-items:flex-start}.pair div{border:1px solid #ddd;padding:0.5em}"
    ".pair svg{max-width:520px;max-height:420px;width:auto;height:auto}"
    ".note{background:#fff6d5;padding:0.5em 1em;border-left:4px solid #e0b000}";

// A node's level, or "none" for a consistent node.
std::string level_text(int level) {
  return level < 0 ? "none" : std::to_string(level);
}

// Everything the sections read, computed once: one lattice, the scores and counts on each side.
struct State {
  const RepairReport& report;
  ScoredLattice scored;
  std::vector<Score> after_scores;
  std::vector<Rank> before_ranks;
  std::vector<Rank> after_ranks;
  ConflictCounter before_counter;
  ConflictCounter after_counter;
  ConflictSummary before;
  ConflictSummary after;

  explicit State(const RepairReport& r)
      : report(r),
        scored(ScoredLattice::of(*r.before)),
        after_scores(r.after ? scored.scores_of(*r.after) : scored.scores),
        before_ranks(scored.ranks()),
        after_ranks(ranks_of(after_scores)),
        before_counter(scored.lattice),
        after_counter(scored.lattice),
        before(before_counter.count(before_ranks)),
        after(after_counter.count(after_ranks)) {}

  // The ambiguous rows' ranges by node, mirrors included; empty when there are none.
  std::vector<std::optional<NodeRange>> ambiguous() const {
    std::vector<std::optional<NodeRange>> by_node;
    if (report.ambiguous.empty()) return by_node;
    const Lattice& lat = scored.lattice;
    by_node.resize(lat.size());
    for (const auto& [key, range] : report.ambiguous) {
      const auto n = lat.find(key);
      if (!n) continue;
      by_node[*n] = NodeRange{range.first, range.second};
      by_node[lat.mirror(*n)] = NodeRange{mirror(range.second), mirror(range.first)};
    }
    return by_node;
  }

  // The evidence's score of a node (an implied mirror's mirrored), or "-".
  std::string evidence_text(NodeId n) const {
    const Lattice& lat = scored.lattice;
    const bool implied = lat.implied(n);
    const auto it = report.evidence.find(lat.key(implied ? lat.mirror(n) : n));
    if (it == report.evidence.end()) return "-";
    return std::to_string(value(implied ? mirror(it->second.score) : it->second.score));
  }

  std::string material(NodeId n) const {
    return format_material(scored.lattice.material(n), scored.lattice.pieces());
  }
};

void summary_section(std::ostream& out, const State& s) {
  fmt::print(out, "<h2>Conflicts</h2>\n<table><tr><th class=\"m\"></th><th>{}</th>{}</tr>\n",
             s.report.after ? "before" : "now", s.report.after ? "<th>after</th>" : "");
  auto row = [&](const char* name, uint64_t before, uint64_t after) {
    fmt::print(out, "<tr><td class=\"m\">{}</td><td>{}</td>{}</tr>\n", name, before,
               s.report.after ? fmt::format("<td>{}</td>", after) : "");
  };
  row("nodes", s.before.nodes, s.after.nodes);
  row("inconsistent nodes", s.before.inconsistent_nodes, s.after.inconsistent_nodes);
  row("inconsistent edges", s.before.inconsistent_edges, s.after.inconsistent_edges);
  row("mirror conflicts", s.before.mirror_conflicts, s.after.mirror_conflicts);
  row("corrected score Vc", s.before.corrected_score, s.after.corrected_score);
  for (int l = 0; l < kLevels; ++l) {
    row(fmt::format("nodes at level {}", l).c_str(), s.before.levels[static_cast<std::size_t>(l)],
        s.after.levels[static_cast<std::size_t>(l)]);
  }
  fmt::print(out, "</table>\n");
}

void convergence_section(std::ostream& out, const State& s) {
  fmt::print(out, "<h2>Convergence</h2>\n");
  ChartData nodes{
      "Inconsistent nodes", {"before"}, {static_cast<double>(s.before.inconsistent_nodes)}};
  ChartData vc{"Corrected score Vc", {"before"}, {static_cast<double>(s.before.corrected_score)}};
  for (const IterationTrace& t : s.report.trace) {
    const std::string label = t.exact_finish ? "exact" : fmt::format("pass {}", t.iteration);
    nodes.labels.push_back(label);
    vc.labels.push_back(label);
    nodes.values.push_back(static_cast<double>(t.after.inconsistent_nodes));
    vc.values.push_back(static_cast<double>(t.after.corrected_score));
  }
  if (s.report.trace.empty()) {
    // The exact reducer has no passes: one step from before to after.
    nodes.labels.push_back("after");
    vc.labels.push_back("after");
    nodes.values.push_back(static_cast<double>(s.after.inconsistent_nodes));
    vc.values.push_back(static_cast<double>(s.after.corrected_score));
  }
  fmt::print(out, "<div class=\"charts\">{}{}</div>\n", line_chart_svg(nodes), line_chart_svg(vc));
}

void changes_section(std::ostream& out, const State& s, const ReportOptions& options) {
  const KnowledgeBase& before = *s.report.before;
  const KnowledgeBase& after = *s.report.after;
  ErrorCounts changes;
  std::vector<std::size_t> changed;
  for (std::size_t i = 0; i < before.rows.size(); ++i) {
    changes.add(before.rows[i].score, after.rows[i].score);
    if (before.rows[i].score != after.rows[i].score) changed.push_back(i);
  }
  fmt::print(out,
             "<h2>Changes by error distance</h2>\n<p>{} of {} rows changed. D is the rank "
             "distance between the old and the new score (4 and 5 are one rank); inverted "
             "changes turn a win for one side into one for the other.</p>\n",
             changes.errors, changes.size);
  fmt::print(
      out, "{}",
      bar_chart_svg({"Rows changed",
                     {"D=0", "D=1", "D=2", "D=3", "D>=4", "inverted"},
                     {static_cast<double>(changes.d0), static_cast<double>(changes.d1),
                      static_cast<double>(changes.d2), static_cast<double>(changes.d3),
                      static_cast<double>(changes.d_ge4), static_cast<double>(changes.inverted)}}));

  auto distance = [&](std::size_t i) {
    return error_distance(before.rows[i].score, after.rows[i].score);
  };
  const std::size_t shown = std::min(changed.size(), options.worst);
  std::partial_sort(changed.begin(), changed.begin() + static_cast<std::ptrdiff_t>(shown),
                    changed.end(), [&](std::size_t a, std::size_t b) {
                      return std::make_tuple(-distance(a), before.rows[a].key) <
                             std::make_tuple(-distance(b), before.rows[b].key);
                    });
  fmt::print(out,
             "<h3>Largest changes ({} of {})</h3>\n<table><tr><th class=\"m\">material</th>"
             "<th>before</th><th>after</th><th>D</th><th>level before</th>"
             "<th class=\"m\">source</th></tr>\n",
             shown, changed.size());
  for (std::size_t k = 0; k < shown; ++k) {
    const KbRow& row = before.rows[changed[k]];
    const NodeId n = *s.scored.lattice.find(row.key);
    fmt::print(out,
               "<tr><td class=\"m\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>"
               "<td class=\"m\">{}</td></tr>\n",
               s.material(n), value(row.score), value(after.rows[changed[k]].score),
               distance(changed[k]), level_text(s.before_counter.level(n)),
               source_name(row.source));
  }
  fmt::print(out, "</table>\n");
}

// Evidence from play against the scores as they stand: how many rows it covers and disputes,
// and the rows it puts furthest from their score.
void evidence_section(std::ostream& out, const State& s, const ReportOptions& options) {
  if (s.report.evidence.empty()) return;
  const KnowledgeBase& rows = s.report.after ? *s.report.after : *s.report.before;
  struct Dispute {
    std::size_t row;
    int apart;
    ReportEvidence evidence;
  };
  std::vector<Dispute> disputes;
  std::size_t covered = 0, by_two = 0;
  for (std::size_t i = 0; i < rows.rows.size(); ++i) {
    const auto it = s.report.evidence.find(rows.rows[i].key);
    if (it == s.report.evidence.end()) continue;
    ++covered;
    const int apart = distance(rank_of(rows.rows[i].score), rank_of(it->second.score));
    by_two += apart >= 2;
    if (apart > 0) disputes.push_back({i, apart, it->second});
  }
  std::stable_sort(disputes.begin(), disputes.end(),
                   [](const Dispute& a, const Dispute& b) { return a.apart > b.apart; });
  const std::size_t shown = std::min(disputes.size(), options.worst);
  fmt::print(out,
             "<h2>Evidence from play</h2>\n<p>An engine's results on random positions cover {} of "
             "{} rows; they put {} a rank or more from their score, {} two or more. Evidence "
             "points a reviewer at a row; it never outvotes one. The furthest {}:</p>\n"
             "<table><tr><th class=\"m\">material</th><th>score</th><th>evidence</th>"
             "<th>expected result</th><th>95% interval</th><th class=\"m\">source</th></tr>\n",
             covered, rows.rows.size(), disputes.size(), by_two, shown);
  for (std::size_t k = 0; k < shown; ++k) {
    const Dispute& d = disputes[k];
    const KbRow& row = rows.rows[d.row];
    fmt::print(out,
               "<tr><td class=\"m\">{}</td><td>{}</td><td>{}</td><td>{:+.2f}</td>"
               "<td>{:+.2f}..{:+.2f}</td><td class=\"m\">{}</td></tr>\n",
               s.material(*s.scored.lattice.find(row.key)), value(row.score),
               value(d.evidence.score), d.evidence.expected, d.evidence.low, d.evidence.high,
               source_name(row.source));
  }
  fmt::print(out, "</table>\n");
}

void worst_section(std::ostream& out, const State& s, const ReportOptions& options) {
  const bool repaired = s.report.after != nullptr;
  std::size_t total = 0;
  const std::vector<NodeId> worst =
      worst_nodes(s.scored.lattice, s.after_counter, options.worst, total);
  fmt::print(out, "<h2>Worst {} nodes</h2>\n", repaired ? "remaining" : "inconsistent");
  if (worst.empty()) {
    fmt::print(out, "<p>No conflict {}: every edge obeys the piece additive rule.</p>\n",
               repaired ? "remains" : "");
    return;
  }
  const bool evidence = !s.report.evidence.empty();
  fmt::print(out,
             "<p>{} inconsistent nodes; the worst {}, highest level first.</p>\n<table><tr>"
             "<th class=\"m\">material</th><th>score</th><th>inconsistent neighbours</th>"
             "<th>level</th><th class=\"m\">source</th>{}</tr>\n",
             total, worst.size(), evidence ? "<th>evidence</th>" : "");
  for (NodeId n : worst) {
    fmt::print(out,
               "<tr><td class=\"m\">{}</td><td>{}</td><td>{} of {}</td><td>{}</td>"
               "<td class=\"m\">{}</td>{}</tr>\n",
               s.material(n), value(s.after_scores[n]), s.after_counter.inconsistent_neighbours(n),
               s.scored.lattice.neighbour_count(n), s.after_counter.level(n),
               provenance(*s.report.before, s.scored, n),
               evidence ? "<td>" + s.evidence_text(n) + "</td>" : "");
  }
  fmt::print(out, "</table>\n");
}

std::string neighbourhood_dot(const State& s, std::span<const Score> scores,
                              std::span<const Rank> ranks, NodeId n,
                              std::span<const std::optional<NodeRange>> ambiguous = {}) {
  std::ostringstream dot;
  write_neighbourhood_dot(dot, s.scored.lattice, scores, n,
                          neighbourhood(s.scored.lattice, ranks, n), ambiguous);
  return dot.str();
}

// The rows the repair left ambiguous: how many, and the first of them with their ranges.
void ambiguous_section(std::ostream& out, const State& s, const ReportOptions& options) {
  if (s.report.ambiguous.empty()) return;
  std::vector<std::pair<Key, std::pair<Rank, Rank>>> rows(s.report.ambiguous.begin(),
                                                          s.report.ambiguous.end());
  std::sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) {
    const int wide_a = value(a.second.second) - value(a.second.first);
    const int wide_b = value(b.second.second) - value(b.second.first);
    return wide_a != wide_b ? wide_a > wide_b : a.first < b.first;
  });
  fmt::print(out,
             "<h2>Ambiguous rows</h2>\n<p>{} rows have more than one rank in an optimal repair: "
             "the data allow each the ranks shown, and the repair took the middle. A verdict on "
             "one of them settles its region (they are filled yellow in the pictures below). "
             "The widest first:</p>\n<table><tr><th class=\"m\">material</th><th>score</th>"
             "<th>ranks allowed</th></tr>\n",
             rows.size());
  const PieceSet& pieces = s.scored.lattice.pieces();
  for (std::size_t i = 0; i < std::min(rows.size(), options.worst); ++i) {
    const NodeId n = *s.scored.lattice.find(rows[i].first);
    fmt::print(out, "<tr><td class=\"m\">{}</td><td>{}</td><td>{}..{}</td></tr>\n",
               material_text(rows[i].first, pieces), value(s.after_scores[n]),
               value(rows[i].second.first), value(rows[i].second.second));
  }
  fmt::print(out, "</table>\n");
  // The widest one's region, after the repair.
  const NodeId widest = *s.scored.lattice.find(rows.front().first);
  const std::string dot =
      neighbourhood_dot(s, s.after_scores, s.after_ranks, widest, s.ambiguous());
  fmt::print(out, "<h3>{} after the repair</h3>\n", s.material(widest));
  if (const auto svg = render_dot_svg(dot)) {
    fmt::print(out, "<div>{}</div>\n", *svg);
  } else {
    fmt::print(out, "<pre>{}</pre>\n", html_escaped(dot));
  }
}

void pictures_section(std::ostream& out, const State& s, const ReportOptions& options) {
  std::size_t total = 0;
  const std::vector<NodeId> nodes =
      worst_nodes(s.scored.lattice, s.before_counter, options.pictures, total);
  if (nodes.empty()) return;
  const bool repaired = s.report.after != nullptr;
  fmt::print(out,
             "<h2>Neighbourhoods of the worst nodes{}</h2>\n<p>As the paper's Fig. 2: the "
             "score in each node, inconsistent edges red and marked &times;.</p>\n",
             repaired ? " before the repair, and after" : "");
  bool drawn = true;
  const std::vector<std::optional<NodeRange>> ambiguous = s.ambiguous();
  for (NodeId n : nodes) {
    std::vector<std::pair<std::string, std::string>> pictures = {
        {"before", neighbourhood_dot(s, s.scored.scores, s.before_ranks, n)}};
    if (repaired)
      pictures.emplace_back("after",
                            neighbourhood_dot(s, s.after_scores, s.after_ranks, n, ambiguous));
    fmt::print(out, "<h3>{} (level {} before)</h3>\n<div class=\"pair\">\n", s.material(n),
               s.before_counter.level(n));
    for (const auto& [when, dot] : pictures) {
      const auto svg = drawn ? render_dot_svg(dot) : std::nullopt;
      drawn = svg.has_value();
      if (svg) {
        fmt::print(out, "<div><b>{}</b><br>{}</div>\n", when, *svg);
      } else {
        fmt::print(out, "<div><b>{}</b> (DOT)<pre>{}</pre></div>\n", when, html_escaped(dot));
      }
    }
    fmt::print(out, "</div>\n");
  }
  if (!drawn) {
    fmt::print(out,
               "<p class=\"note\">Graphviz <code>dot</code> was not found on PATH, so the "
               "pictures are skipped and their DOT text is shown instead. Install graphviz "
               "(<code>apt-get install graphviz</code>) and write the report again.</p>\n");
  }
}

}  // namespace

void write_repair_report(std::ostream& out, const RepairReport& report,
                         const ReportOptions& options) {
  const State s(report);
  fmt::print(out,
             "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>egkb: {0}</title>\n"
             "<style>{1}</style></head><body>\n<h1>{0}</h1>\n<table>\n",
             html_escaped(report.title), kStyle);
  for (const auto& [name, fact] : report.facts) {
    fmt::print(out, "<tr><th class=\"m\">{}</th><td class=\"m\">{}</td></tr>\n", html_escaped(name),
               html_escaped(fact));
  }
  fmt::print(out, "</table>\n");
  summary_section(out, s);
  if (report.after) {
    convergence_section(out, s);
    changes_section(out, s, options);
  } else {
    fmt::print(out, "<p>No repair recorded: the report shows the base as it stands.</p>\n");
  }
  worst_section(out, s, options);
  evidence_section(out, s, options);
  ambiguous_section(out, s, options);
  pictures_section(out, s, options);
  fmt::print(out, "</body></html>\n");
}

}  // namespace egkb
