// What a filled review sheet may change, decided in one place for `egkb review import`,
// `egkb estimate`, `egkb review undo` and the review app (docs/guide-expert.md, "Rules").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "lattice/knowledge_base.h"
#include "review/sheet_reader.h"
#include "store/answers.h"
#include "store/batches.h"
#include "store/node_state.h"
#include "store/solved.h"
#include "store/store.h"

namespace egkb {

struct ReviewOptions {
  bool partial = false;       // the sheet may lack rows of its batch
  bool accept_stale = false;  // apply verdicts to rows a repair or an import changed since drawn
  bool replace = false;       // import a batch again, or override a newer expert verdict
};

// A sheet row matched to the row its batch drew.
struct MatchedVerdict {
  std::size_t line;
  Key key;
  BatchItem drawn;
  Score verdict;  // `ok` reads as the drawn score: what the sheet showed is right
  std::string note;
};

struct MatchedSheet {
  Batch batch;
  std::vector<MatchedVerdict> verdicts;  // in sheet order
};

// The sheet against its batch: every material drawn in it and listed once, and every drawn row
// present unless `partial`. Throws InputError listing the rows at fault.
MatchedSheet match_sheet(Store& store, const FilledSheet& sheet, bool partial);

// The verdicts the store holds for a batch, from its import that stands, as the sheet that was
// imported would match: what `estimate KB BATCH` reads. Throws InputError when the batch has no
// imported verdicts.
MatchedSheet imported_verdicts(Store& store, BatchId batch);

// Refuses with InputError, naming the lines of `origin`, verdicts that cannot be true: a
// material that is its own mirror off 4 and 5, a verdict on a solved row other than its score,
// or a verdict that contradicts an invariable row of `kb` (a solved one named with its counts,
// from `solved`, the store's records) or another of the verdicts along the lattice. The edges
// solved rows break between them bind nothing (lattice/fixed_ranks.h, settled_edges). What
// review import refuses, estimate refuses too.
void check_possible(const KnowledgeBase& kb, std::span<const SolvedRecord> solved,
                    const std::vector<MatchedVerdict>& verdicts, const std::string& origin);

struct PlannedVerdict {
  MatchedVerdict verdict;
  NodeState before;  // the node now
  NodeState after;   // the verdict, as an invariable expert row
};

struct ReviewPlan {
  MatchedSheet sheet;
  std::vector<PlannedVerdict> verdicts;
  std::optional<BatchImport> replaces;  // the earlier import of this batch, under `replace`
  std::vector<std::string> notes;       // what `replace` or `accept_stale` let through
};

// Refuses with InputError, listing the rows: a batch imported already (unless `replace`); rows
// changed since the batch was drawn (unless `accept_stale`, or `replace` where the change is a
// newer expert verdict); and verdicts that cannot be true (check_possible). A verdict on a
// solved row confirms it and changes nothing.
ReviewPlan plan_review(Store& store, const FilledSheet& sheet, const ReviewOptions& options);

struct ReviewResult {
  RunId run;
  std::size_t verdicts = 0;
  std::size_t rescored = 0;   // the verdict differs from the stored score
  std::size_t confirmed = 0;  // the verdict is the stored score
};

// The counts apply_review reports, from the plan alone (no run yet): what a dry run shows.
ReviewResult planned_result(const ReviewPlan& plan);

// One write, refused when the store changed since the plan read it. `answers`, every reviewer's
// answer to the batch's rows (review/adjudication.h), are kept beside the verdicts.
ReviewResult apply_review(Store& store, const ReviewPlan& plan, const std::string& reviewer,
                          const std::vector<ReviewerAnswer>& answers);

// Takes back the latest standing import of a batch: every row it set returns to its state
// before, and the verdicts that import replaced stand again. Refuses with InputError when the
// batch has no import to take back, or a later run changed a row the import set.
struct UndoPlan {
  BatchId batch;
  BatchImport import;
};
UndoPlan plan_undo(Store& store, BatchId batch);

struct UndoResult {
  RunId run;
  std::size_t restored = 0;
};
UndoResult apply_undo(Store& store, const UndoPlan& plan);

}  // namespace egkb
