#include "cli/conflict_report.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <ostream>

#include "base/text.h"
#include "cli/evidence_options.h"

namespace egkb::cli {

namespace {

std::size_t implied_count(const Lattice& lattice) {
  std::size_t n = 0;
  for (NodeId u = 0; u < lattice.size(); ++u) n += lattice.implied(u);
  return n;
}

void print_worst(std::ostream& out, const KnowledgeBase& kb, const ScoredLattice& scored,
                 const ConflictCounter& counter, std::size_t worst,
                 std::span<const std::optional<EvidenceView>> evidence) {
  const Lattice& lat = scored.lattice;
  std::size_t total = 0;
  const std::vector<NodeId> bad = worst_nodes(lat, counter, worst, total);
  fmt::print(out, "\nworst nodes ({} of {}):\n", bad.size(), total);
  fmt::print(out, "  {:<20} {:>5}  {:>14}  {:>5}  {}\n", "material", "score", "inconsistent",
             "level", evidence.empty() ? "source" : "source     evidence");
  for (const NodeId u : bad) {
    const int n_bad = counter.inconsistent_neighbours(u);
    const int n_all = lat.neighbour_count(u);
    const std::string_view source = provenance(kb, scored, u);
    const std::string beside = evidence.empty() ? std::string(source)
                               : evidence[u]
                                   ? fmt::format("{:<9}  {:>8}", source, value(evidence[u]->score))
                                   : fmt::format("{:<9}  {:>8}", source, "-");
    fmt::print(out, "  {:<20} {:>5}  {:>5}/{:<2} ({:>3}%)  {:>5}  {}\n",
               format_material(lat.material(u), lat.pieces()), value(scored.scores[u]), n_bad,
               n_all, 100 * n_bad / n_all, counter.level(u), beside);
  }
}

}  // namespace

std::string solved_summary(const KnowledgeBase& kb, const SolvedBounds& solved) {
  return fmt::format(
      "{} of {}: they bound {} of the other {} rows, {} of those outside their bounds",
      solved.nodes.rows, kb.rows.size(), solved.bounded_rows, kb.rows.size() - solved.nodes.rows,
      solved.outside_rows);
}

std::string settled_summary(const SolvedBounds& solved) {
  return fmt::format(
      "{} edges: solved rows break the rule between them by binning alone (counted as "
      "conflicts; no repair moves them)",
      solved.settled.size());
}

void print_solved_summary(std::ostream& out, const KnowledgeBase& kb, const SolvedBounds& solved) {
  if (solved.nodes.rows == 0) return;
  fmt::print(out, "  solved rows         {}\n", solved_summary(kb, solved));
  if (!solved.settled.empty())
    fmt::print(out, "  settled by fact     {}\n", settled_summary(solved));
}

std::vector<std::pair<std::string, std::string>> solved_facts(const KnowledgeBase& kb) {
  const SolvedBounds solved = solved_bounds(kb, ScoredLattice::of(kb));
  std::vector<std::pair<std::string, std::string>> facts;
  if (solved.nodes.rows == 0) return facts;
  facts.emplace_back("solved rows", solved_summary(kb, solved));
  if (!solved.settled.empty()) facts.emplace_back("settled by fact", settled_summary(solved));
  return facts;
}

nlohmann::ordered_json solved_summary_json(const KnowledgeBase& kb, const SolvedBounds& solved) {
  return {{"rows", solved.nodes.rows},
          {"bounded_rows", solved.bounded_rows},
          {"outside_rows", solved.outside_rows},
          {"other_rows", kb.rows.size() - solved.nodes.rows},
          {"settled_edges", solved.settled.size()}};
}

void print_conflict_report(std::ostream& out, const KnowledgeBase& kb, const ScoredLattice& scored,
                           const ConflictCounter& counter, const ConflictSummary& s,
                           std::size_t worst,
                           std::span<const std::optional<EvidenceView>> evidence) {
  const Lattice& lat = scored.lattice;
  fmt::print(out, "{}: {} pieces, {} nodes ({} stored, {} implied by a mirror), {} edges\n",
             path_text(kb.origin), lat.pieces().name(), s.nodes, kb.rows.size(), implied_count(lat),
             s.edges);
  fmt::print(out, "  inconsistent nodes  {}\n", s.inconsistent_nodes);
  fmt::print(out, "  inconsistent edges  {}\n", s.inconsistent_edges);
  fmt::print(out, "  mirror conflicts    {}\n", s.mirror_conflicts);
  fmt::print(out, "  corrected score Vc  {}\n", s.corrected_score);
  fmt::print(out, "  level  ");
  for (int l = 0; l < kLevels; ++l) fmt::print(out, "{:>7}", l);
  fmt::print(out, "\n  nodes  ");
  for (uint64_t c : s.levels) fmt::print(out, "{:>7}", c);
  fmt::print(out, "\n");
  print_solved_summary(out, kb, solved_bounds(kb, scored));
  if (!evidence.empty()) {
    const EvidenceDisputes d = evidence_disputes(scored, evidence);
    fmt::print(out,
               "  {}: it puts {} a rank or more from their score, {} two or more (egkb sample "
               "--design evidence draws them first)\n",
               evidence_coverage(d.rows, kb.rows.size()), d.by_one, d.by_two);
  }
  if (s.inconsistent_nodes == 0) {
    fmt::print(out, "no conflicts: every edge obeys the piece additive rule\n");
    return;
  }
  print_worst(out, kb, scored, counter, worst, evidence);
}

EvidenceDisputes evidence_disputes(const ScoredLattice& scored,
                                   std::span<const std::optional<EvidenceView>> evidence) {
  EvidenceDisputes d;
  for (NodeId u = 0; u < scored.lattice.size(); ++u) {
    if (scored.row_of[u] == ScoredLattice::kImplied || !evidence[u]) continue;
    ++d.rows;
    const int apart = distance(rank_of(scored.scores[u]), rank_of(evidence[u]->score));
    d.by_one += apart >= 1;
    d.by_two += apart >= 2;
  }
  return d;
}

}  // namespace egkb::cli
