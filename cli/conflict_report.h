// The readable conflict report shared by `conflicts` and `demo`.
#pragma once

#include <iosfwd>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "lattice/conflicts.h"
#include "lattice/knowledge_base.h"
#include "lattice/solved_bounds.h"
#include "store/evidence.h"

namespace egkb::cli {

// Figures, the level histogram, what the solved rows bound, then up to `worst` inconsistent nodes,
// highest level first;
// with evidence from play (one per node, or empty), its score beside each, and how many rows it
// disputes.
void print_conflict_report(std::ostream& out, const KnowledgeBase& kb, const ScoredLattice& scored,
                           const ConflictCounter& counter, const ConflictSummary& summary,
                           std::size_t worst,
                           std::span<const std::optional<EvidenceView>> evidence = {});

// How many rows are solved, how many of the others they bound and how many of those lie outside
// their bounds, and the edges settled by fact; nothing without solved rows. JSON keys: rows,
// bounded_rows, outside_rows, other_rows, settled_edges.
void print_solved_summary(std::ostream& out, const KnowledgeBase& kb, const SolvedBounds& solved);
nlohmann::ordered_json solved_summary_json(const KnowledgeBase& kb, const SolvedBounds& solved);
// The same as facts under a report's title (report/repair_report.h); none without solved rows.
std::vector<std::pair<std::string, std::string>> solved_facts(const KnowledgeBase& kb);

// How many stored rows evidence covers, and how many it puts one rank or more, and two or more,
// from the row's score.
struct EvidenceDisputes {
  std::size_t rows = 0, by_one = 0, by_two = 0;
};
EvidenceDisputes evidence_disputes(const ScoredLattice& scored,
                                   std::span<const std::optional<EvidenceView>> evidence);

}  // namespace egkb::cli
