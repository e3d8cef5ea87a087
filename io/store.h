// The SQLite working store: one file per knowledge base, every command's writes in one
// transaction.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "lattice/knowledge_base.h"

namespace egkb {

// The schema version this build reads and writes (PRAGMA user_version).
constexpr int kStoreVersion = 4;

struct ImportResult {
  std::size_t added = 0;
  std::size_t changed = 0;    // the score differs from the stored one
  std::size_t unchanged = 0;  // same score; provenance, flag and weight are still updated
  int64_t run = 0;            // the id of the run recorded for this import
};

// The piece set a store holds, or nullopt when the file does not exist yet.
std::optional<std::string> store_piece_set(const std::string& path);

// Adds or replaces the KB's rows in the store, creating it when missing. One transaction: on
// any failure the file is as it was (and a file this call created is removed). The run and
// every score change are recorded with `parameters` (a JSON object) as the run's parameters.
ImportResult import_into_store(const std::string& path, const KnowledgeBase& kb,
                               const std::string& parameters);

KnowledgeBase read_store(const std::string& path);

// A command's record in the runs table; the JSON texts are stored as they are.
struct RunRecord {
  std::string command;
  std::string parameters;
  std::string before;
  std::string after;
  double seconds = 0;
  std::string trace;  // a reducer's passes (JSON array); empty for other commands
};

struct ScoreChange {
  Key key;
  Score old_score;
  Score new_score;
};

// Writes new scores, the run, one history row per change (reason: the run's command) and the
// nodes left for review, in one transaction. Returns the run's id.
int64_t record_changes(const std::string& path, const RunRecord& run,
                       const std::vector<ScoreChange>& changes, const std::vector<Key>& queued);

// The newest reduce run of a store as it was recorded, with every score it changed.
struct RecordedRepair {
  int64_t run = 0;
  std::string command;  // "reduce exact"
  std::string started;  // UTC ISO 8601
  double seconds = 0;
  std::string trace;  // JSON array of passes; empty for runs recorded before schema 4
  std::vector<ScoreChange> changes;
  std::size_t later_runs = 0;  // runs recorded after it, which may have changed scores since
};

// nullopt when the store records no reduce run.
std::optional<RecordedRepair> last_repair(const std::string& path);

// A review batch as stored: what was sampled, how, and each row's score and inclusion
// probability at sampling time.
struct BatchItem {
  Key key;
  Score score;
  double probability;
  std::size_t stratum = 0;  // the row's provenance when sampled
};

struct Batch {
  int64_t id = 0;
  std::string design;  // distance-k or hss
  uint64_t seed = 0;
  std::string parameters;      // JSON
  std::size_t population = 0;  // rows the sample was drawn from
  std::vector<BatchItem> items;
};

// The first score each node was given (its first history row): what repairs are measured from.
std::unordered_map<Key, Score> original_scores(const std::string& path);

// Stores a new batch in one transaction and returns its id.
int64_t record_batch(const std::string& path, const Batch& batch);

// Throws InputError when the store has no batch of that id.
Batch read_batch(const std::string& path, int64_t id);

struct VerdictRecord {
  Key key;
  Score old_score;
  Score verdict;
};

// Sets each reviewed row to its verdict as an invariable expert row, and records the verdicts
// (reviewer, time) and one history row per change, in one transaction.
void record_verdicts(const std::string& path, int64_t batch, const std::string& reviewer,
                     const std::vector<VerdictRecord>& verdicts);

}  // namespace egkb
