// The review app's calls that change a reviewer's drafts (serve/review_api.h): a draft put or
// removed, undo and redo, what they would change, and a browser's queue of changes in one
// request, so that a queue a closed tab left, or one a slow network let grow, arrives in one
// round trip rather than one per change.
#include <fmt/format.h>

#include <algorithm>

#include "lattice/material.h"
#include "review/drafts.h"
#include "review/roles.h"
#include "serve/api_call.h"
#include "serve/draft_change.h"
#include "serve/review_api.h"
#include "store/answers.h"
#include "store/drafts.h"
#include "store/store.h"

namespace egkb {

using namespace api;

namespace {

using Step = std::optional<std::pair<Key, DraftState>> (*)(StoreWriter&, BatchId,
                                                           const std::string&);

// Whether a change's answer may differ when sent again unchanged: the store was busy, or the
// server failed. The changes after it wait, so none overtakes it.
bool may_succeed_later(int status) {
  return status == 409 || status >= 500;
}

}  // namespace

// Undo (or redo, `forth`) once per request id.
ApiReply ReviewApi::step(BatchId batch, const std::string& body, const Caller& caller, bool forth) {
  const char* what = forth ? "redo" : "undo";
  const Step walk = forth ? &store::redo_draft : &store::undo_draft;
  return answer(422, [&] {
    const nlohmann::json j = parse_body(body);
    const std::string reviewer = reviewer_of(j, caller);
    const std::optional<std::string> request = request_of(j);
    const std::optional<int64_t> made_on = revision_of(j);
    const Batch b = batch_of(store_, batch);
    Store store = Store::open(store_);
    const PieceSet& pieces = store.pieces();
    // The row the browser saw the step change, when it names one: with the revision it was made
    // on, the step is refused unless it changes that row at that revision.
    const auto named = j.find("material");
    if (made_on && (named == j.end() || !named->is_string())) {
      throw Refusal{400, fmt::format("material: the row {} was made on, with its revision", what),
                    "material"};
    }
    const std::optional<Key> row =
        named != j.end() && named->is_string()
            ? std::make_optional(key_of_text(named->get<std::string>(), pieces))
            : std::nullopt;
    std::optional<ChangedDraft> changed;
    store.write([&](StoreWriter& w) {
      changed = once(w, batch, reviewer, request, [&] {
        if (row) require_revision(w, b, *row, reviewer, made_on, pieces);
        const auto stepped = walk(w, batch, reviewer);
        if (row && made_on && stepped && stepped->first != *row) {
          refuse_stale(w, b, *row, reviewer,
                       fmt::format("the change {} would take is on {} (line {}), not on {}: {} "
                                   "was not done",
                                   what, material_text(stepped->first, pieces),
                                   line_of(b, stepped->first), material_text(*row, pieces), what),
                       pieces);
        }
        return stepped;
      });
    });
    if (!changed) {
      throw Refusal{
          422, fmt::format("{} has nothing left to {} in batch {}", reviewer, what, batch), what};
    }
    return ApiReply{200, draft_json(b, reviewer, *changed, pieces)};
  });
}

ApiReply ReviewApi::put_change(BatchId batch, const std::string& material, const std::string& body,
                               const Caller& caller) {
  return answer(422, [&] {
    const nlohmann::json j = parse_body(body);
    const std::string reviewer = reviewer_of(j, caller);
    const DraftChange change = change_of(j);
    const std::optional<std::string> request = request_of(j);
    const std::optional<int64_t> made_on = revision_of(j);
    const Batch b = batch_of(store_, batch);
    Store store = Store::open(store_);
    const Key key = key_of_text(material, store.pieces());
    require_assigned(roles_, b, key, reviewer, store.pieces());
    std::optional<ChangedDraft> changed;
    store.write([&](StoreWriter& w) {
      changed = once(w, batch, reviewer, request, [&] {
        require_revision(w, b, key, reviewer, made_on, store.pieces());
        const DraftState state =
            change.applied_to(store::draft(w, batch, key, reviewer).value_or(DraftState{}));
        store::set_draft(w, batch, key, reviewer, state);
        if (change.seconds > 0) store::add_row_time(w, batch, key, reviewer, change.seconds);
        return std::make_optional(std::make_pair(key, state));
      });
    });
    return ApiReply{200, draft_json(b, reviewer, *changed, store.pieces())};
  });
}

ApiReply ReviewApi::remove_draft(BatchId batch, const std::string& material,
                                 const std::string& reviewer, const Caller& caller) {
  return with_items(batch, answer(422, [&] {
                      const std::string name = reviewer_in_query(reviewer, caller);
                      const Batch b = batch_of(store_, batch);
                      Store store = Store::open(store_);
                      const Key key = key_of_text(material, store.pieces());
                      require_assigned(roles_, b, key, name, store.pieces());
                      ChangedDraft removed{key, {}};
                      store.write([&](StoreWriter& w) {
                        store::set_draft(w, batch, key, name, {});
                        removed.revision = store::draft_revision(w, batch, key, name);
                      });
                      return ApiReply{200, draft_json(b, name, removed, store.pieces())};
                    }));
}

ApiReply ReviewApi::put_draft(BatchId batch, const std::string& material, const std::string& body,
                              const Caller& caller) {
  return with_items(batch, put_change(batch, material, body, caller));
}

ApiReply ReviewApi::undo(BatchId batch, const std::string& body, const Caller& caller) {
  return with_items(batch, step(batch, body, caller, false));
}

ApiReply ReviewApi::redo(BatchId batch, const std::string& body, const Caller& caller) {
  return with_items(batch, step(batch, body, caller, true));
}

ApiReply ReviewApi::changes(BatchId batch, const std::string& reviewer, const Caller& caller) {
  return answer(422, [&] {
    const std::string name = reviewer_in_query(reviewer, caller);
    const Batch b = batch_of(store_, batch);
    Store store = Store::open(store_);
    const DraftHistory history = store::draft_history(store, batch, name);
    const auto steps_json = [&](const std::vector<DraftStep>& steps) {
      nlohmann::ordered_json list = nlohmann::ordered_json::array();
      for (const DraftStep& s : steps) {
        list.push_back({{"material", material_text(s.key, store.pieces())},
                        {"line", line_of(b, s.key)},
                        {"before", state_json(s.before)},
                        {"after", state_json(s.after)}});
      }
      return list;
    };
    return ApiReply{200, nlohmann::ordered_json{{"batch", batch},
                                                {"reviewer", name},
                                                {"undo", steps_json(history.undo)},
                                                {"redo", steps_json(history.redo)}}};
  });
}

ApiReply ReviewApi::send_changes(BatchId batch, const std::string& body, const Caller& caller) {
  return with_items(
      batch, answer(422, [&] {
        const nlohmann::json j = parse_body(body);
        const std::string reviewer = reviewer_of(j, caller);
        const auto list = j.find("changes");
        if (list == j.end() || !list->is_array() || list->empty() || list->size() > kMostChanges) {
          throw Refusal{400,
                        fmt::format("changes: expected a list of 1 to {} changes", kMostChanges),
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
              reply = put_change(batch, text, alone.dump(), caller);
            }
          } else if (kind == "undo") {
            reply = step(batch, alone.dump(), caller, false);
          } else if (kind == "redo") {
            reply = step(batch, alone.dump(), caller, true);
          }
          nlohmann::ordered_json result{{"status", reply.status}};
          result.update(reply.body);
          results.push_back(std::move(result));
          if (may_succeed_later(reply.status)) break;
        }
        return ApiReply{200, {{"results", results}}};
      }));
}

}  // namespace egkb
