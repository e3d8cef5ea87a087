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
    for (int k = 0; k < prior.pieces().kind_count(); ++k)
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

nlohmann::ordered_json validation_json(const Validation& v) {
  nlohmann::ordered_json scores = nlohmann::ordered_json::array();
  for (const HeldOutScore& h : v.scores) {
    scores.push_back({{"cost", cost_shape_name(h.setting.cost)},
                      {"prior_weight", h.setting.prior_weight},
                      {"error", h.error}});
  }
  nlohmann::ordered_json too_large = nlohmann::ordered_json::array();
  for (const TooLarge& t : v.too_large) {
    too_large.push_back({{"cost", cost_shape_name(t.setting.cost)},
                         {"prior_weight", t.setting.prior_weight},
                         {"nodes", t.nodes},
                         {"most", t.most}});
  }
  return {{"chosen",
           {{"cost", cost_shape_name(v.chosen.cost)}, {"prior_weight", v.chosen.prior_weight}}},
          {"scores", scores},
          {"too_large", too_large},
          {"expert_rows", v.expert_rows},
          {"held_out", v.held_out},
          {"folds", v.folds},
          {"seconds", v.seconds}};
}

std::optional<Validation> validation_from_json(const nlohmann::json& j) {
  try {
    Validation v;
    const auto setting = [](const nlohmann::json& s) -> std::optional<RepairSetting> {
      const auto cost = cost_shape_named(s.at("cost").get<std::string>());
      if (!cost) return std::nullopt;
      return RepairSetting{*cost, s.at("prior_weight").get<double>()};
    };
    const auto chosen = setting(j.at("chosen"));
    if (!chosen) return std::nullopt;
    v.chosen = *chosen;
    for (const nlohmann::json& s : j.at("scores")) {
      const auto tried = setting(s);
      if (!tried) return std::nullopt;
      v.scores.push_back({*tried, s.at("error").get<double>()});
    }
    // Absent from the validations stored before it was recorded: none left out then.
    for (const nlohmann::json& t : j.value("too_large", nlohmann::json::array())) {
      const auto left_out = setting(t);
      if (!left_out) return std::nullopt;
      v.too_large.push_back(
          {*left_out, t.at("nodes").get<std::size_t>(), t.at("most").get<std::size_t>()});
    }
    v.expert_rows = j.at("expert_rows").get<bool>();
    v.held_out = j.at("held_out").get<std::size_t>();
    v.folds = j.at("folds").get<std::size_t>();
    v.seconds = j.at("seconds").get<double>();
    return v;
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;
  }
}

}  // namespace egkb
