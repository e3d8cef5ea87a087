// The HTML report of a repair (or of a base as it stands): convergence, changes by error
// distance, the worst nodes, and the paper's Fig. 2 neighbourhoods before and after. One
// self-contained file: styles and pictures inline.
#pragma once

#include <iosfwd>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "lattice/knowledge_base.h"
#include "reducer/reduction.h"

namespace egkb {

// What evidence from play says of a row, from its red side (docs/design.md section 4b).
struct ReportEvidence {
  Score score{4};
  double expected = 0, low = -1, high = 1;
};

struct RepairReport {
  std::string title;                                       // "exact on noisy.csv"
  std::vector<std::pair<std::string, std::string>> facts;  // shown under the title
  const KnowledgeBase* before = nullptr;
  // The same rows in the same order after the repair; null for a base with no repair to show.
  const KnowledgeBase* after = nullptr;
  std::vector<IterationTrace> trace;  // greedy passes; empty for the exact reducer
  // The rows an exact repair left ambiguous, by key: the lowest and highest rank its optima
  // give them. Empty for a greedy repair or a base as it stands.
  std::unordered_map<Key, std::pair<Rank, Rank>> ambiguous = {};
  // Evidence from play by the key of each stored row it covers; empty for none. Shown beside
  // the scores, with the rows it disputes most.
  std::unordered_map<Key, ReportEvidence> evidence = {};
};

struct ReportOptions {
  std::size_t worst = 20;    // rows in the tables of worst nodes and largest changes
  std::size_t pictures = 4;  // neighbourhoods drawn, the worst nodes before the repair
};

void write_repair_report(std::ostream& out, const RepairReport& report,
                         const ReportOptions& options = {});

}  // namespace egkb
