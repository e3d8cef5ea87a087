#include "present/json_forms.h"

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

nlohmann::ordered_json errors_json(const ErrorCounts& c) {
  return {
      {"size", c.size}, {"errors", c.errors}, {"d_ge4", c.d_ge4}, {"d3", c.d3},
      {"d2", c.d2},     {"d1", c.d1},         {"d0", c.d0},       {"inverted", c.inverted},
  };
}

nlohmann::ordered_json estimate_json(const ErrorEstimate& e) {
  return {{"size", e.population}, {"sample", e.sample}, {"errors", e.errors},
          {"d_ge4", e.d_ge4},     {"d3", e.d3},         {"d2", e.d2},
          {"d1", e.d1},           {"d0", e.d0},         {"inverted", e.inverted},
          {"rate", e.rate},       {"low", e.low},       {"high", e.high}};
}

}  // namespace egkb
