// The verdicts imported for review batches (the verdict itself: store/verdict.h): added by a
// review import, set aside by a later import or an undo, put back by an undo of that.
#pragma once

#include <string>
#include <vector>

#include "lattice/types.h"
#include "store/ids.h"
#include "store/store.h"

namespace egkb {

// A verdict as imported for a batch: who gave it, when, with what note, and whether it stands
// (a later import or an undo may have set it aside).
struct RecordedVerdict {
  BatchId batch;
  Score verdict;
  std::string reviewer;
  std::string time;
  std::string note;
  bool stands = true;
};

// One row's verdict as an import adds it.
struct VerdictRow {
  Key key;
  Score verdict;
  std::string note;
};

// The verdicts of `batch` applied by `import_run`, taken back or replaced by `by_run`.
struct SupersededVerdicts {
  BatchId batch;
  RunId import_run;
  RunId by_run;
};

namespace store {

// Every verdict imported for one node, oldest first.
std::vector<RecordedVerdict> verdicts(Store& store, Key key);

void add_verdicts(StoreWriter& w, BatchId batch, RunId run, const std::string& reviewer,
                  const std::vector<VerdictRow>& verdicts);
// Marks the verdicts of `which.batch` applied by `which.import_run` as taken back or replaced.
void supersede_verdicts(StoreWriter& w, const SupersededVerdicts& which);
// Puts back the verdicts of `batch` that `by_run` had superseded.
void reinstate_verdicts(StoreWriter& w, BatchId batch, RunId by_run);

}  // namespace store

}  // namespace egkb
