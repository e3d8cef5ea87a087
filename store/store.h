// The SQLite working store, one file per knowledge base, opened once per command as a session:
// reads come from one snapshot, and a write is one transaction that refuses to commit when
// another command changed the store after the snapshot was taken (docs/formats.md, "Store").
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "lattice/knowledge_base.h"
#include "lattice/position_counts.h"
#include "lattice/solved.h"
#include "reducer/validation.h"
#include "store/batch.h"
#include "store/evidence.h"
#include "store/node_state.h"
#include "store/verdict.h"

namespace egkb {

class Outputs;
class StoreWriter;

// The schema version this build writes (PRAGMA user_version); it reads every version up to it.
constexpr int kStoreVersion = 15;

// A material's position counts as an import kept them, with the import's run.
struct RecordedCounts {
  RunId run;
  PositionCounts counts;  // its sets red, black, either in that order; line 0
};

// A solved row as the store keeps it (store/solved_rows.h): its counts, rules and cost, and the run
// that solved it.
struct SolvedRecord {
  SolvedMaterial solved;  // solved.counts.key is the row's key
  RunId run;
};

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

// The revision of a reviewer's draft of a row (StoreWriter::draft_revision).
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

// The lowest and highest rank of a node in an optimum of an exact repair's relaxation.
struct RankSpan {
  Rank low;
  Rank high;
  RunId run;
};

// One change of a node, with the run that made it.
struct HistoryEntry {
  RunId run;
  std::string command;             // "import", "reduce exact", "review import"
  std::string started;             // UTC ISO 8601
  std::optional<Score> old_score;  // nullopt when the change added the node
  Score new_score;
  std::string reason;
  std::string reviewer;  // who gave the verdicts of a review import; empty otherwise
};

// The run that last changed a node.
struct LastChange {
  RunId run;
  std::string command;
  std::string started;
};

class Store {
 public:
  // How long a command waits for another one's write to finish before it gives up.
  static constexpr int kBusyMilliseconds = 5000;

  // An existing store. Throws InputError when the path is missing or a folder; StoreError when
  // it is not an egkb store or was made by a newer egkb. A user who may not write the store or
  // its folder reads it without making any file (docs/formats.md, "Readers without write
  // access"); its write() is then refused.
  static Store open(const std::string& path);
  // A new store, one of the command's `outputs`: built beside `path` by one write and renamed
  // into place when the outputs are published, so a failed or killed command leaves no store
  // behind. Throws InputError when `path` exists.
  static Store create(const std::string& path, const PieceSet& pieces, Outputs& outputs);

  Store(Store&&) noexcept;
  Store& operator=(Store&&) noexcept;
  ~Store();

  const std::string& path() const;
  const PieceSet& pieces() const;

  // Reads. The first fixes the snapshot every later read sees; every value is checked where it
  // is read, and one egkb never writes (a key outside the key space, a score outside 0..9, text
  // where a number belongs, JSON of the wrong shape) is a StoreError naming its table, row and
  // column.
  KnowledgeBase knowledge_base();
  // The first score each node was given (its first history row): what repairs are measured from.
  std::unordered_map<Key, Score> original_scores();
  // nullopt when the store records no reduce run.
  std::optional<RecordedRepair> last_repair();
  // Throws InputError when the store has no batch of that id.
  Batch batch(BatchId id);
  // The latest import of a batch's verdicts that still stands; nullopt when there is none.
  std::optional<BatchImport> batch_import(BatchId batch);
  std::unordered_map<Key, LastChange> last_changes(std::span<const Key> keys);
  // Every change of one node, oldest first.
  std::vector<HistoryEntry> history(Key key);
  // Every verdict imported for one node, oldest first.
  std::vector<RecordedVerdict> verdicts(Key key);
  // The range the newest reduce run recorded for the stored rows it left ambiguous, by key; empty
  // when that run recorded none (a greedy method, or a run before schema 8).
  std::unordered_map<Key, RankSpan> last_ranges();
  // The validation of the newest `validate` run when it was made at this session's revision:
  // the rows have not changed since. Checked as every value read is, so a damaged one is a
  // StoreError, never a validation run again nor a figure used out of its range.
  std::optional<Validation> current_validation();
  // The drafts of a batch, every reviewer's, by key and reviewer.
  std::vector<Draft> drafts(BatchId batch);
  // Each reviewer's revision of each row of a batch they have changed, by key and reviewer; a
  // row missing has revision 0.
  std::vector<DraftRevision> draft_revisions(BatchId batch);
  // The seconds every reviewer spent on each row of a batch, by key and reviewer.
  std::vector<RowTime> row_times(BatchId batch);
  // Every reviewer's answer kept by the import `run` of a batch, by key and reviewer (empty for
  // an import before schema 12).
  std::vector<ReviewerAnswer> answers(BatchId batch, RunId run);
  // What a reviewer's undo and redo would change in a batch, in the order they would.
  DraftHistory draft_history(BatchId batch, const std::string& reviewer);
  // The ids of the stored batches, oldest first.
  std::vector<BatchId> batch_ids();
  // Counts the commits that changed nodes: equal revisions read equal nodes.
  int64_t revision();
  // Every evidence row (store/evidence.h), by key, engine, budget and seed.
  std::vector<EvidenceRecord> evidence();
  // The evidence rows of these materials only, in the same order.
  std::vector<EvidenceRecord> evidence_of(std::span<const Key> keys);
  // Every material's position counts kept by an import (`--from-counts`), by run and key.
  std::vector<RecordedCounts> position_counts();
  // Every solved row's record, by key (none before schema 15).
  std::vector<SolvedRecord> solved();

  // One write transaction: refuses (StoreReadOnly) when this process may not write the store,
  // waits up to kBusyMilliseconds for the write lock, refuses (StoreConflict) when the store
  // changed since this session's snapshot, migrates an older schema, runs `work`, commits and
  // then publishes `outputs`. On any failure before the commit
  // nothing is written and the outputs are removed; a failure to publish after it leaves the
  // change without its files (IoError). A session that read nothing takes no snapshot: its work
  // reads what it needs through the writer, inside the transaction. A created store takes one
  // write, after which it is complete and waits, closed, for its outputs to be published.
  void write(const std::function<void(StoreWriter&)>& work, Outputs* outputs = nullptr);
  // A write of rows that depend on no node (evidence): the same transaction, never refused
  // because another command changed the nodes since this session read them, and `work` must
  // change no node.
  void write_apart(const std::function<void(StoreWriter&)>& work);

  // The connection and snapshot, defined in store/session.h for the store's own files.
  struct Session;

 private:
  explicit Store(std::unique_ptr<Session> session);
  void take_snapshot();
  void write_checked(const std::function<void(StoreWriter&)>& work, Outputs* outputs,
                     bool check_revision);
  // Every evidence row when `every`, else those of `keys`.
  std::vector<EvidenceRecord> evidence_rows(std::span<const Key> keys, bool every);

  std::unique_ptr<Session> s_;
  friend class StoreWriter;
};

// The writes a command makes inside Store::write. Every change of a node goes through change(),
// which writes its history row, so the history replays to the nodes.
class StoreWriter {
 public:
  RunId add_run(const RunRecord& run);
  void finish_run(RunId run, const nlohmann::ordered_json& after, double seconds);

  // The nodes as they stand inside the transaction.
  std::unordered_map<Key, NodeState> nodes();
  // One node as it stands inside the transaction; nullopt when the store lacks it.
  std::optional<NodeState> node(Key key);
  // Sets a node that exists (or adds one, when `old` is nullopt) and records the change as a
  // history row.
  void change(RunId run, Key key, const std::optional<NodeState>& old, const NodeState& now,
              const std::string& reason);
  // Adds a node the store does not hold; its first state is kept with the run's other created
  // nodes in one value (store/created_states.h), written when the transaction ends.
  void create(RunId run, Key key, const NodeState& state);
  void queue_for_review(RunId run, Key key, const std::string& reason);
  // The range of a stored row the run left ambiguous (low < high).
  void add_range(RunId run, Key key, Rank low, Rank high);

  BatchId add_batch(const Batch& batch);
  struct VerdictRow {
    Key key;
    Score verdict;
    std::string note;
  };
  void add_verdicts(BatchId batch, RunId run, const std::string& reviewer,
                    const std::vector<VerdictRow>& verdicts);
  // A reviewer's draft for a drawn row, set, replaced or (an empty state) removed, and recorded
  // as one change of the reviewer's draft history. Throws InputError when the batch did not
  // draw the key, and (Choice::Submitted) when the batch's verdicts were imported: a
  // submitted batch is read-only. Drafts change no node, so they never make another command's
  // snapshot stale.
  void set_draft(BatchId batch, Key key, const std::string& reviewer, const DraftState& state);
  // The reviewer's draft of a drawn row as it stands inside the transaction; nullopt when none.
  std::optional<DraftState> draft(BatchId batch, Key key, const std::string& reviewer);
  // The revision of the reviewer's draft of a row: the id of the change of its history that
  // stands last, 0 when none does. A change gives the row a revision it never had; undo returns
  // it to the revision before, redo to the one it puts back: one revision, one state. The review
  // app sends with each change the revision it was made on, so a change made on an older state
  // is refused rather than applied over a newer one.
  int64_t draft_revision(BatchId batch, Key key, const std::string& reviewer);
  // Adds seconds a reviewer spent on a drawn row; kept apart from the draft, so undo loses none.
  void add_row_time(BatchId batch, Key key, const std::string& reviewer, double seconds);
  // Keeps every reviewer's answer to the rows of `batch` beside the verdicts `run` imported.
  void add_answers(RunId run, BatchId batch, const std::vector<ReviewerAnswer>& answers);
  // Takes back the reviewer's latest change in the batch that is not taken back yet: its row
  // returns to the state before that change. Returns the row's key and its state now; nullopt
  // when nothing is left to take back. Refused as set_draft is for a submitted batch.
  std::optional<std::pair<Key, DraftState>> undo_draft(BatchId batch, const std::string& reviewer);
  // Puts back the earliest change undo took back since the reviewer's latest change that stands
  // (a new change ends what can be redone). Returns the row's key and its state now; nullopt
  // when nothing is left to redo. Refused as set_draft is for a submitted batch.
  std::optional<std::pair<Key, DraftState>> redo_draft(BatchId batch, const std::string& reviewer);
  // The row a request of the review app changed, by the id the browser gave the request; nullopt
  // when no request of that id was applied. Recording it makes a request sent twice apply once.
  std::optional<Key> applied_request(BatchId batch, const std::string& reviewer,
                                     const std::string& request);
  void record_request(BatchId batch, const std::string& reviewer, const std::string& request,
                      Key key);

  // Sets the evidence row of its key, engine, budget and seed, written by `run`.
  void put_evidence(RunId run, const EvidenceRecord& record);

  // Keeps a material's position counts beside the rows `run` imported from them.
  void put_position_counts(RunId run, const PositionCounts& counts);

  // Sets the solved record of the row of its key (its counts kept as the run's position counts);
  // the node itself changes through change() or create().
  void put_solved(RunId run, const SolvedMaterial& solved);
  // The solved record of a row as it stands inside the transaction; nullopt when none.
  std::optional<SolvedRecord> solved(Key key);

  // Marks the verdicts of `batch` applied by `import_run` as taken back or replaced by `by_run`.
  struct Supersede {
    BatchId batch;
    RunId import_run;
    RunId by_run;
  };
  void supersede_verdicts(const Supersede& which);
  // Puts back the verdicts of `batch` that `by_run` had superseded.
  void reinstate_verdicts(BatchId batch, RunId by_run);

 private:
  struct Statements;
  explicit StoreWriter(Store::Session& s);
  ~StoreWriter();
  // Sets the drafts row to `state` without a change of its history.
  void put_draft(BatchId batch, Key key, const std::string& reviewer, const DraftState& state,
                 const std::string& time);

  // Writes the created states gathered by create(), one row per run.
  void write_created();

  Store::Session& s_;
  std::unique_ptr<Statements> q_;  // prepared once per transaction: imports change millions
  bool nodes_changed_ = false;
  std::map<RunId, std::vector<std::pair<Key, NodeState>>> created_;
  friend class Store;
};

}  // namespace egkb
