// The review app's drafts: each reviewer's answers to a batch's drawn rows before a submit,
// their history with undo and redo, and the ids of the requests already applied.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "lattice/types.h"
#include "store/ids.h"
#include "store/store.h"
#include "store/verdict.h"

namespace egkb {

// A reviewer's answer to a drawn row in the review app, not yet submitted: a verdict (or none
// yet), a note for the other reviewers, and a flag to come back to the row; or a skip: the
// reviewer passes on the row, which then has no verdict of theirs.
struct DraftState {
  std::optional<Verdict> verdict;  // nullopt: not answered (a row only flagged, noted or skipped)
  std::string note;
  bool flagged = false;
  bool skipped = false;  // never with a verdict

  // A state with nothing in it is no draft: setting it removes the draft.
  bool empty() const { return !verdict && note.empty() && !flagged && !skipped; }
  friend bool operator==(const DraftState&, const DraftState&) = default;
};

struct Draft {
  Key key;
  std::string reviewer;
  DraftState state;
  std::string time;  // UTC ISO 8601
};

// The revision of a reviewer's draft of a row (store::draft_revision).
struct DraftRevision {
  Key key;
  std::string reviewer;
  int64_t revision;
};

// A change of a reviewer's draft as undo or redo would take it back or put it back: the row and
// its state before and after the change.
struct DraftStep {
  Key key;
  DraftState before;
  DraftState after;
};
struct DraftHistory {
  std::vector<DraftStep> undo;  // the changes that stand, oldest first: undo takes the last
  std::vector<DraftStep> redo;  // the changes taken back that redo can put back, next first
};

namespace store {

// The drafts of a batch, every reviewer's, by key and reviewer.
std::vector<Draft> drafts(Store& store, BatchId batch);
// Each reviewer's revision of each row of a batch they have changed, by key and reviewer; a
// row missing has revision 0.
std::vector<DraftRevision> draft_revisions(Store& store, BatchId batch);
// What a reviewer's undo and redo would change in a batch, in the order they would.
DraftHistory draft_history(Store& store, BatchId batch, const std::string& reviewer);

// A reviewer's draft for a drawn row, set, replaced or (an empty state) removed, and recorded
// as one change of the reviewer's draft history. Throws InputError when the batch did not
// draw the key, and (Choice::Submitted) when the batch's verdicts were imported: a
// submitted batch is read-only. Drafts change no node, so they never make another command's
// snapshot stale.
void set_draft(StoreWriter& w, BatchId batch, Key key, const std::string& reviewer,
               const DraftState& state);
// The reviewer's draft of a drawn row as it stands inside the transaction; nullopt when none.
std::optional<DraftState> draft(StoreWriter& w, BatchId batch, Key key,
                                const std::string& reviewer);
// The revision of the reviewer's draft of a row: the id of the change of its history that
// stands last, 0 when none does. A change gives the row a revision it never had; undo returns
// it to the revision before, redo to the one it puts back: one revision, one state. The review
// app sends with each change the revision it was made on, so a change made on an older state
// is refused rather than applied over a newer one.
int64_t draft_revision(StoreWriter& w, BatchId batch, Key key, const std::string& reviewer);
// Takes back the reviewer's latest change in the batch that is not taken back yet: its row
// returns to the state before that change. Returns the row's key and its state now; nullopt
// when nothing is left to take back. Refused as set_draft is for a submitted batch.
std::optional<std::pair<Key, DraftState>> undo_draft(StoreWriter& w, BatchId batch,
                                                     const std::string& reviewer);
// Puts back the earliest change undo took back since the reviewer's latest change that stands
// (a new change ends what can be redone). Returns the row's key and its state now; nullopt
// when nothing is left to redo. Refused as set_draft is for a submitted batch.
std::optional<std::pair<Key, DraftState>> redo_draft(StoreWriter& w, BatchId batch,
                                                     const std::string& reviewer);

// The row a request of the review app changed, by the id the browser gave the request; nullopt
// when no request of that id was applied. Recording it makes a request sent twice apply once.
std::optional<Key> applied_request(StoreWriter& w, BatchId batch, const std::string& reviewer,
                                   const std::string& request);
void record_request(StoreWriter& w, BatchId batch, const std::string& reviewer,
                    const std::string& request, Key key);

}  // namespace store

}  // namespace egkb
