// POST /api/batches/{id}/changes: the changes a browser has queued, sent in one request, so that
// a queue a closed tab left, or one a slow network let grow, arrives in one round trip rather
// than one per change.
#include <fmt/format.h>

#include "serve/api_call.h"
#include "serve/review_api.h"

namespace egkb {

using namespace api;

namespace {

// Whether a change's answer may differ when sent again unchanged: the store was busy, or the
// server failed. The changes after it wait, so none overtakes it.
bool may_succeed_later(int status) {
  return status == 409 || status >= 500;
}

}  // namespace

ApiReply ReviewApi::send_changes(BatchId batch, const std::string& body, const Caller& caller) {
  return answer(422, [&] {
    const nlohmann::json j = parse_body(body);
    const std::string reviewer = reviewer_of(j, caller);
    const auto list = j.find("changes");
    if (list == j.end() || !list->is_array() || list->empty() || list->size() > kMostChanges) {
      throw Refusal{400, fmt::format("changes: expected a list of 1 to {} changes", kMostChanges),
                    "changes"};
    }
    batch_of(store_, batch);
    nlohmann::ordered_json results = nlohmann::ordered_json::array();
    for (const nlohmann::json& change : *list) {
      nlohmann::json alone = change.is_object() ? change : nlohmann::json::object();
      alone["reviewer"] = reviewer;
      const std::string kind = change.is_object() ? change.value("kind", "") : "";
      alone.erase("kind");
      ApiReply reply{
          400, {{"error", "kind: expected \"put\", \"undo\" or \"redo\""}, {"field", "kind"}}};
      if (kind == "put") {
        const auto material = alone.find("material");
        if (material == alone.end() || !material->is_string()) {
          reply = {400, {{"error", "material: a put names its row"}, {"field", "material"}}};
        } else {
          const std::string text = material->get<std::string>();
          alone.erase("material");
          reply = put_draft(batch, text, alone.dump(), caller);
        }
      } else if (kind == "undo") {
        reply = undo(batch, alone.dump(), caller);
      } else if (kind == "redo") {
        reply = redo(batch, alone.dump(), caller);
      }
      nlohmann::ordered_json result{{"status", reply.status}};
      result.update(reply.body);
      results.push_back(std::move(result));
      if (may_succeed_later(reply.status)) break;
    }
    return ApiReply{200, {{"results", results}}};
  });
}

}  // namespace egkb
