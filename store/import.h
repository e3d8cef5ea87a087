// Rows from a file into a store: added, or replacing the stored state, with history.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "lattice/knowledge_base.h"
#include "lattice/position_counts.h"
#include "store/ids.h"
#include "store/store.h"

namespace egkb {

struct ImportResult {
  std::size_t added = 0;
  std::size_t rescored = 0;   // the score differs from the stored one
  std::size_t reflagged = 0;  // same score, another source, invariable flag or weight
  std::size_t unchanged = 0;
  std::size_t solved_kept = 0;  // solved rows the file would have replaced: truth stays
  RunId run;                    // the import's run
};

// One write: every changed row is a history row of one import run, every added row one of its
// created states; `parameters` are the run's, and `counts` the position counts the rows were
// scored from (kept with the run). A solved row stays as it is, whatever the file says of it
// (store/solved_rows.h records solved materials). Throws InputError when the KB's piece set is
// not the store's, and for a row of the file marked solved: its counts come with it only
// through `import --from-counts --solved`.
ImportResult import_kb(Store& store, const KnowledgeBase& kb,
                       const nlohmann::ordered_json& parameters = nlohmann::ordered_json::object(),
                       Outputs* outputs = nullptr, std::span<const PositionCounts> counts = {});

}  // namespace egkb
