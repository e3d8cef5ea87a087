// The review app's JSON API without HTTP: each call opens the store, does one thing and answers
// with a status and a JSON body (docs/formats.md, "Review app API"). Calls may run on many
// threads at once; each has its own store session, so the store's own rules keep them apart.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "review/roles.h"
#include "store/ids.h"

namespace egkb {

class Store;

struct ApiReply {
  int status = 200;
  nlohmann::ordered_json body;
};

// Who makes a request: the reviewer its token names, or (a loopback server without reviewers'
// tokens) nobody in particular, and the request names the reviewer itself.
struct Caller {
  std::optional<std::string> reviewer;
};

class ReviewApi {
 public:
  // `tables`: the folder of solved tables (`egkb solve --keep-tables DIR`) the board's exact
  // values are read from; nullopt: none.
  explicit ReviewApi(std::string store, ReviewRoles roles = {},
                     std::optional<std::string> tables = std::nullopt);
  ~ReviewApi();

  ApiReply session(const Caller& caller);
  ApiReply batches();
  // The batch and the agreement as `reviewer` (`?reviewer=`, or the token's) may see them: under
  // a blind review (ReviewRoles::blind) no other reviewer's draft of a row before `reviewer`
  // answered it (review/roles.h, drafts_seen_by).
  ApiReply batch(BatchId id, const std::string& reviewer = "", const Caller& caller = {});
  ApiReply agreement(BatchId id, const std::string& reviewer = "", const Caller& caller = {});
  ApiReply node(const std::string& material);
  // Position `index` of the material for the board, with the engine's evidence where the store
  // holds some (evidence/position_json.h), and `exact`: its exact value as position_value() gives
  // it, or null with `exact_missing` saying why there is none.
  ApiReply position(const std::string& material, uint32_t index);
  // The exact value of a position (`fen`) of the row `material`, or of one its line reached, read
  // from the solved tables: `egkb solve --position --json`'s keys, the position as the board
  // draws it (evidence/position_json.h) and each move's `fen`, `capture` and the same for the
  // position it reaches. 404 when the row is not solved, or no table of it is read.
  ApiReply position_value(const std::string& material, const std::string& fen);
  // Every change (put_draft, undo, redo) answers the draft as it stands and `item`, the row as
  // batch() gives it. It may carry `"request": ID`, an id the client made: a request of an id
  // already applied is answered with its row as it stands and applied no more.
  // It may carry `"revision": N`, the revision of the reviewer's draft of the row it was made on
  // (store::draft_revision; an undo or redo names the row with `"material"`): on any
  // other it is refused (412) with the row as it stands. Each answers the row's new revision.
  // `body`: {"reviewer": "...", and any of "verdict": "0".."9", "ok" or null, "note": "...",
  // "flagged": true or false, "skipped": true or false}; what it leaves out keeps its value (a
  // verdict ends a skip, a skip clears the verdict). "seconds": the time the reviewer spent on
  // the row since their last change of it, added to the row's time.
  ApiReply put_draft(BatchId batch, const std::string& material, const std::string& body,
                     const Caller& caller);
  ApiReply remove_draft(BatchId batch, const std::string& material, const std::string& reviewer,
                        const Caller& caller);
  // `body`: {"reviewer": "..."}: takes back the reviewer's latest change of a draft in the batch.
  ApiReply undo(BatchId batch, const std::string& body, const Caller& caller);
  // `body`: {"reviewer": "...", "changes": [...]}: up to kMostChanges changes, each a put
  // (`"kind": "put", "material": ...` and a draft's fields), an undo or a redo with its own request
  // id and revision, applied in order, each as its call alone would be. Answers each one's status
  // and answer, in order; it stops after the first that may succeed if sent again (409, 5xx), so
  // that the rest go after it.
  ApiReply send_changes(BatchId batch, const std::string& body, const Caller& caller);
  // `body`: {"reviewer": "..."}: puts back the change the reviewer's latest undo took back.
  ApiReply redo(BatchId batch, const std::string& body, const Caller& caller);
  // What the reviewer's undo and redo would change, in the order they would.
  ApiReply changes(BatchId batch, const std::string& reviewer, const Caller& caller);
  // `body`: {"reviewer": "...", "partial": false, "accept_stale": false, "replace": false,
  // "accept_disagreements": false}. Under a lead only the lead submits, the rows settled from
  // every reviewer's answers (review/adjudication.h). Every reviewer's answers are kept.
  ApiReply submit(BatchId batch, const std::string& body, const Caller& caller);

  // How often submit plans again when another command committed between its plan and its write.
  static constexpr int kSubmitAttempts = 5;
  // The most changes one request of send_changes carries.
  static constexpr std::size_t kMostChanges = 100;

 private:
  struct View;
  std::shared_ptr<const View> view_at(Store& store);
  // `use(BatchJson)`: the batch's JSON as the store holds it and `viewer` may see it, read in one
  // session.
  template <typename Use>
  auto with_batch_json(Store& store, BatchId id, const std::optional<std::string>& viewer,
                       Use&& use);
  // Who a read is for: the reviewer a query names or the token's; nullopt: nobody named.
  std::optional<std::string> viewer_of(const std::string& reviewer, const Caller& caller) const;
  // `reply`'s draft, or each draft among its results, with `item`: its row as batch() gives it.
  ApiReply with_items(BatchId batch, ApiReply reply);
  // The changes of draft_calls.cpp without their rows.
  ApiReply put_change(BatchId batch, const std::string& material, const std::string& body,
                      const Caller& caller);
  ApiReply step(BatchId batch, const std::string& body, const Caller& caller, bool forth);

  std::string store_;
  ReviewRoles roles_;
  std::optional<std::string> tables_;
  std::mutex view_mutex_;
  // Submits of this server plan and apply one at a time: planned together, all but one would
  // find the store changed under them.
  std::mutex submit_mutex_;
  std::shared_ptr<const View> view_;  // the nodes at the newest revision read
};

}  // namespace egkb
