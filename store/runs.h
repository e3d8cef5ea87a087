// The runs: each command's record, and what the reduce and validate runs kept with theirs (the
// scores a repair changed, the ranges it left, a validation).
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "lattice/types.h"
#include "reducer/validation.h"
#include "store/ids.h"
#include "store/store.h"

namespace egkb {

// A command's record in the runs table.
struct RunRecord {
  std::string command;  // "import", "reduce auto", ...
  nlohmann::ordered_json parameters = nlohmann::ordered_json::object();  // what it was given
  nlohmann::ordered_json before = nullptr;  // figures before and after (conflicts_json); null
  nlohmann::ordered_json after = nullptr;   // for commands without them
  double seconds = 0;
  nlohmann::ordered_json trace = nullptr;  // a reducer's passes (an array); null otherwise
};

struct ScoreChange {
  Key key;
  Score old_score;
  Score new_score;
};

// The newest reduce run of a store as it was recorded, with every score it changed.
struct RecordedRepair {
  RunId run;
  std::string command;  // "reduce exact"
  std::string started;  // UTC ISO 8601
  double seconds = 0;
  std::string trace;  // JSON array of passes; empty for runs recorded before schema 4
  std::vector<ScoreChange> changes;
  std::size_t later_runs = 0;  // runs recorded after it, which may have changed scores since
};

// The lowest and highest rank of a node in an optimum of an exact repair's relaxation.
struct RankSpan {
  Rank low;
  Rank high;
  RunId run;
};

namespace store {

RunId add_run(StoreWriter& w, const RunRecord& run);
void finish_run(StoreWriter& w, RunId run, const nlohmann::ordered_json& after, double seconds);

// nullopt when the store records no reduce run.
std::optional<RecordedRepair> last_repair(Store& store);

// The range of a stored row the run left ambiguous (low < high).
void add_range(StoreWriter& w, RunId run, Key key, Rank low, Rank high);
// The range the newest reduce run recorded for the stored rows it left ambiguous, by key; empty
// when that run recorded none (a greedy method, or a run before schema 8).
std::unordered_map<Key, RankSpan> last_ranges(Store& store);

// The validation of the newest `validate` run when it was made at this session's revision:
// the rows have not changed since. Checked as every value read is, so a damaged one is a
// StoreError, never a validation run again nor a figure used out of its range.
std::optional<Validation> current_validation(Store& store);

}  // namespace store

}  // namespace egkb
