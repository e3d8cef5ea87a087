// A change of a reviewer's draft as the review app's API takes it (a draft put, an undo, a redo,
// each alone or among a request's changes): its fields, the id the browser gave it, and the
// revision of the row it was made on (store::draft_revision). It is applied once per id,
// and only on that revision: a change made on an older state of the row is refused (412) with
// the row as it stands, never applied over a newer answer.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>

#include "serve/api_call.h"
#include "store/drafts.h"
#include "store/store.h"

namespace egkb::api {

// A put's fields: each field it names replaces that field.
struct DraftChange {
  std::optional<std::optional<Verdict>> verdict;  // set to a verdict, or (null) to none
  std::optional<std::string> note;
  std::optional<bool> flagged;
  std::optional<bool> skipped;
  double seconds = 0;  // spent on the row since the reviewer's last change of it

  DraftState applied_to(DraftState state) const;
};

DraftChange change_of(const nlohmann::json& body);

// The id the browser gave a change (`"request"`), so that a change sent again is applied once;
// a request without one is applied each time it comes.
std::optional<std::string> request_of(const nlohmann::json& body);

// The revision of the row the change was made on (`"revision"`); nullopt: applied on any.
std::optional<int64_t> revision_of(const nlohmann::json& body);

// A row's draft after a change: `repeated` when the request id was applied before, and the row
// is then as it stands now.
struct ChangedDraft {
  Key key;
  DraftState state;
  int64_t revision = 0;
  bool repeated = false;
};

// Refuses (412) a change made on `made_on` when the row stands at another revision.
void require_revision(StoreWriter& w, const Batch& batch, Key key, const std::string& reviewer,
                      std::optional<int64_t> made_on, const PieceSet& pieces);

// The refusal (412) of a change made on another state of the row `key` than the one it stands
// at: `message`, and the row as it stands with its revision.
[[noreturn]] void refuse_stale(StoreWriter& w, const Batch& batch, Key key,
                               const std::string& reviewer, const std::string& message,
                               const PieceSet& pieces);

// Applies a change once per request id: a request sent again (its answer lost on the way) is
// answered with the row as it stands, and nothing is applied twice. `apply` returns the row
// changed and its state, or nullopt when there was nothing to change.
template <typename Apply>
std::optional<ChangedDraft> once(StoreWriter& w, BatchId batch, const std::string& reviewer,
                                 const std::optional<std::string>& request, Apply&& apply) {
  if (request) {
    if (const std::optional<Key> key = store::applied_request(w, batch, reviewer, *request)) {
      return ChangedDraft{*key, store::draft(w, batch, *key, reviewer).value_or(DraftState{}),
                          store::draft_revision(w, batch, *key, reviewer), true};
    }
  }
  const std::optional<std::pair<Key, DraftState>> changed = apply();
  if (!changed) return std::nullopt;
  if (request) store::record_request(w, batch, reviewer, *request, changed->first);
  return ChangedDraft{changed->first, changed->second,
                      store::draft_revision(w, batch, changed->first, reviewer), false};
}

nlohmann::ordered_json state_json(const DraftState& state);

// The row's line in the batch's sheet; 0 when the batch did not draw it.
std::size_t line_of(const Batch& batch, Key key);

// A draft as the API answers it: the row (its material and sheet line), its state and revision.
nlohmann::ordered_json draft_json(const Batch& batch, const std::string& reviewer,
                                  const ChangedDraft& draft, const PieceSet& pieces);

}  // namespace egkb::api
