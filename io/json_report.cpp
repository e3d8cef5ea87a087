#include "io/json_report.h"

namespace egkb {

nlohmann::ordered_json conflicts_json(const ConflictSummary& s) {
  return {
      {"nodes", s.nodes},
      {"edges", s.edges},
      {"inconsistent_nodes", s.inconsistent_nodes},
      {"inconsistent_edges", s.inconsistent_edges},
      {"mirror_conflicts", s.mirror_conflicts},
      {"levels", s.levels},
      {"corrected_score", s.corrected_score},
  };
}

}  // namespace egkb
