#include "serve/api_call.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "base/text.h"
#include "lattice/material.h"
#include "store/batches.h"
#include "store/reviewer.h"
#include "store/store.h"

namespace egkb::api {

nlohmann::ordered_json error_json(const Refusal& r) {
  nlohmann::ordered_json j{{"error", r.message}};
  if (!r.field.empty()) j["field"] = r.field;
  if (r.line > 0) j["line"] = r.line;
  if (!r.lines.empty()) j["lines"] = r.lines;
  if (r.choice != Choice::None) j["choice"] = choice_name(r.choice);
  j.update(r.more);
  return j;
}

std::string refusal_text(const InputError& e) {
  if (e.message().find('\n') != std::string::npos) return e.message();
  std::string where = e.line() > 0 ? fmt::format("line {}", e.line()) : "";
  if (!e.field().empty()) where += (where.empty() ? "" : " ") + e.field();
  return where.empty() ? e.message() : where + ": " + e.message();
}

nlohmann::json parse_body(const std::string& body) {
  nlohmann::json j = nlohmann::json::parse(body, nullptr, false);
  if (j.is_discarded() || !j.is_object())
    throw Refusal{400, "the request body is not a JSON object", "body"};
  return j;
}

std::string reviewer_of(const nlohmann::json& body, const Caller& caller) {
  const auto it = body.find("reviewer");
  if (caller.reviewer && (it == body.end() || it->is_null())) return *caller.reviewer;
  if (it == body.end() || !it->is_string())
    throw Refusal{400, "reviewer: a name is required (a JSON string)", "reviewer"};
  std::string name;
  try {
    name = checked_reviewer(it->get<std::string>(), "reviewer");
  } catch (const InputError& e) {
    throw Refusal{400, e.what(), "reviewer"};
  }
  if (caller.reviewer && name != *caller.reviewer) {
    throw Refusal{403,
                  fmt::format("this link is for {}: it cannot answer as {}",
                              in_quotes(*caller.reviewer), in_quotes(name)),
                  "reviewer"};
  }
  return name;
}

std::string reviewer_in_query(const std::string& reviewer, const Caller& caller) {
  return reviewer_of(
      reviewer.empty() ? nlohmann::json::object() : nlohmann::json{{"reviewer", reviewer}}, caller);
}

bool flag_of(const nlohmann::json& body, const char* name) {
  const auto it = body.find(name);
  if (it == body.end()) return false;
  if (!it->is_boolean()) throw Refusal{400, fmt::format("{}: expected true or false", name), name};
  return it->get<bool>();
}

Key key_of_text(const std::string& text, const PieceSet& pieces) {
  try {
    return key_of(parse_material(text, pieces), pieces);
  } catch (const MaterialParseError& e) {
    throw Refusal{400, fmt::format("material: {}", e.what()), "material"};
  }
}

Batch batch_of(const std::string& path, BatchId id) {
  Store store = Store::open(path);
  const std::vector<BatchId> ids = store::batch_ids(store);
  if (!std::binary_search(ids.begin(), ids.end(), id))
    throw Refusal(404, fmt::format("{}: no batch {} in the store", path_text(path), id), "batch");
  return store::batch(store, id);
}

}  // namespace egkb::api
