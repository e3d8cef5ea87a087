#include "reducer/validation_json.h"

#include <limits>

namespace egkb {

namespace {

nlohmann::ordered_json setting_json(const RepairSetting& s) {
  return {{"cost", cost_shape_name(s.cost)},
          {"prior_weight", s.prior_weight},
          {"evidence_weight", s.evidence_weight}};
}

}  // namespace

nlohmann::ordered_json validation_json(const Validation& v) {
  nlohmann::ordered_json scores = nlohmann::ordered_json::array();
  for (const HeldOutScore& h : v.scores) {
    nlohmann::ordered_json score = setting_json(h.setting);
    score["error"] = h.error;
    scores.push_back(score);
  }
  nlohmann::ordered_json too_large = nlohmann::ordered_json::array();
  for (const TooLarge& t : v.too_large) {
    nlohmann::ordered_json entry = setting_json(t.setting);
    entry["nodes"] = t.nodes;
    entry["most"] = t.most;
    too_large.push_back(entry);
  }
  return {
      {"chosen", setting_json(v.chosen)},
      {"scores", scores},
      {"too_large", too_large},
      {"expert_rows", v.expert_rows},
      {"held_out", v.held_out},
      {"folds", v.folds},
      {"seconds", v.seconds},
      {"part_rows", v.part_rows},
      {"part_caps", v.part_caps ? nlohmann::ordered_json(*v.part_caps) : nlohmann::ordered_json()}};
}

namespace {

// The number at `key` when it is one within [low, high].
std::optional<double> number_in(const nlohmann::json& j, const char* key, double low, double high) {
  const auto it = j.find(key);
  if (it == j.end() || !it->is_number()) return std::nullopt;
  const double v = it->get<double>();
  if (!(v >= low && v <= high)) return std::nullopt;
  return v;
}

// The whole number at `key` when it is one, not negative.
std::optional<std::size_t> count_at(const nlohmann::json& j, const char* key) {
  const auto it = j.find(key);
  if (it == j.end() || !it->is_number_unsigned()) return std::nullopt;
  return it->get<std::size_t>();
}

std::optional<RepairSetting> setting_of(const nlohmann::json& s) {
  if (!s.is_object()) return std::nullopt;
  const auto name = s.find("cost");
  if (name == s.end() || !name->is_string()) return std::nullopt;
  const auto cost = cost_shape_named(name->get<std::string>());
  const auto weight = number_in(s, "prior_weight", 0, kMaxPriorWeight);
  // Kept before evidence weighed in: none.
  const auto evidence =
      s.contains("evidence_weight") ? number_in(s, "evidence_weight", 0, kMaxPriorWeight) : 0.0;
  if (!cost || !weight || !evidence) return std::nullopt;
  return RepairSetting{*cost, *weight, *evidence};
}

}  // namespace

std::optional<Validation> validation_from_json(const nlohmann::json& j) {
  if (!j.is_object()) return std::nullopt;
  Validation v;
  const auto chosen = setting_of(j.value("chosen", nlohmann::json()));
  const auto scores = j.find("scores");
  const auto expert_rows = j.find("expert_rows");
  const auto held_out = count_at(j, "held_out");
  const auto folds = count_at(j, "folds");
  const auto seconds = number_in(j, "seconds", 0, std::numeric_limits<double>::max());
  if (!chosen || scores == j.end() || !scores->is_array() || expert_rows == j.end() ||
      !expert_rows->is_boolean() || !held_out || !folds || !seconds) {
    return std::nullopt;
  }
  v.chosen = *chosen;
  for (const nlohmann::json& s : *scores) {
    const auto tried = setting_of(s);
    // A mean rank distance.
    const auto error = s.is_object() ? number_in(s, "error", 0, kMaxRank) : std::nullopt;
    if (!tried || !error) return std::nullopt;
    v.scores.push_back({*tried, *error});
  }
  // Absent from the validations stored before it was recorded: none left out then.
  const nlohmann::json too_large = j.value("too_large", nlohmann::json::array());
  if (!too_large.is_array()) return std::nullopt;
  for (const nlohmann::json& t : too_large) {
    const auto left_out = setting_of(t);
    const auto nodes = t.is_object() ? count_at(t, "nodes") : std::nullopt;
    const auto most = t.is_object() ? count_at(t, "most") : std::nullopt;
    if (!left_out || !nodes || !most) return std::nullopt;
    v.too_large.push_back({*left_out, *nodes, *most});
  }
  // Absent from the validations stored before a large base was validated on a part: the whole.
  const auto part_rows = j.contains("part_rows") ? count_at(j, "part_rows") : std::size_t{0};
  if (!part_rows) return std::nullopt;
  v.part_rows = *part_rows;
  if (const auto caps = j.find("part_caps"); caps != j.end() && !caps->is_null()) {
    if (!caps->is_array() || caps->size() != kMaxKinds) return std::nullopt;
    PieceCaps c{};
    for (std::size_t k = 0; k < kMaxKinds; ++k) {
      if (!(*caps)[k].is_number_unsigned() || (*caps)[k].get<uint64_t>() > 255) return std::nullopt;
      c[k] = static_cast<uint8_t>((*caps)[k].get<uint64_t>());
    }
    v.part_caps = c;
  }
  v.expert_rows = expert_rows->get<bool>();
  v.held_out = *held_out;
  v.folds = *folds;
  v.seconds = *seconds;
  return v;
}

}  // namespace egkb
