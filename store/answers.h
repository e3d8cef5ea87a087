// What the review app measures and a submit keeps (schema 12): the seconds reviewers spend on
// rows, and every reviewer's answer beside the verdicts it settled.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "lattice/types.h"
#include "store/ids.h"
#include "store/store.h"
#include "store/verdict.h"

namespace egkb {

// The seconds a reviewer spent on a drawn row in the review app, summed over every visit.
struct RowTime {
  Key key;
  std::string reviewer;
  double seconds = 0;
};

// One reviewer's answer to a row as a submit kept it beside the verdict it settled: a verdict,
// a skip, or neither (a row only flagged or noted); seconds where the app measured them.
struct ReviewerAnswer {
  Key key;
  std::string reviewer;
  std::optional<Verdict> verdict;
  bool skipped = false;
  std::string note;
  std::optional<double> seconds;
  friend bool operator==(const ReviewerAnswer&, const ReviewerAnswer&) = default;
};

namespace store {

// Adds seconds a reviewer spent on a drawn row; kept apart from the draft, so undo loses none.
void add_row_time(StoreWriter& w, BatchId batch, Key key, const std::string& reviewer,
                  double seconds);
// The seconds every reviewer spent on each row of a batch, by key and reviewer.
std::vector<RowTime> row_times(Store& store, BatchId batch);

// Keeps every reviewer's answer to the rows of `batch` beside the verdicts `run` imported.
void add_answers(StoreWriter& w, RunId run, BatchId batch,
                 const std::vector<ReviewerAnswer>& answers);
// Every reviewer's answer kept by the import `run` of a batch, by key and reviewer (empty for
// an import before schema 12).
std::vector<ReviewerAnswer> answers(Store& store, BatchId batch, RunId run);

}  // namespace store

}  // namespace egkb
