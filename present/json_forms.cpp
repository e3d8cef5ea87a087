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
  return {{"size", e.population},
          {"sample", e.sample},
          {"found", e.found.errors},
          {"errors", e.errors},
          {"d_ge4", e.d_ge4},
          {"d3", e.d3},
          {"d2", e.d2},
          {"d1", e.d1},
          {"d0", e.d0},
          {"inverted", e.inverted},
          {"rate", e.rate},
          {"low", e.low},
          {"high", e.high}};
}

nlohmann::ordered_json prior_json(const MaterialPrior& prior, double weight) {
  nlohmann::ordered_json values;
  for (Side side : {Side::Red, Side::Black}) {
    nlohmann::ordered_json by_piece;
    for (PieceKind k : prior.pieces().kinds())
      by_piece[std::string(1, prior.pieces().kind(k).letter)] = prior.value(side, k);
    values[std::string(prior.pieces().side_name(side))] = by_piece;
  }
  // The calibration in full, so that a reader can compute every material's prior rank (the MILP
  // check does, tests/reducer/milp_check.py).
  nlohmann::ordered_json calibration = nlohmann::ordered_json::array();
  for (std::size_t i = 0; i < prior.steps().size(); ++i)
    calibration.push_back({prior.steps()[i], prior.levels()[i]});
  return {{"weight", weight},
          {"intercept", prior.intercept()},
          {"values", values},
          {"steps", prior.steps().size()},
          {"calibration", calibration}};
}

nlohmann::ordered_json certificate_json(const Certificate& c, CostShape cost) {
  return {{"cost", cost_shape_name(cost)},
          {"objective", c.objective},
          {"bound", c.bound},
          {"gap", c.gap()},
          {"optimal", c.optimal},
          {"open_pairs", c.open_pairs},
          {"probes", c.probes}};
}

}  // namespace egkb
