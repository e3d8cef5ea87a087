#include "store/schema.h"

#include <fmt/format.h>

#include <array>
#include <optional>
#include <set>
#include <unordered_map>

#include "store/node_state.h"
#include "store/query.h"
#include "store/store.h"

namespace egkb {

namespace {

constexpr const char* kVersion1 = R"sql(
CREATE TABLE meta(
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE nodes(
  key INTEGER PRIMARY KEY,
  material TEXT NOT NULL,
  score INTEGER NOT NULL CHECK (score BETWEEN 0 AND 9),
  source TEXT NOT NULL CHECK (source = 'manual' OR source = 'generated' OR source = 'expert'),
  invariable INTEGER NOT NULL DEFAULT 0 CHECK (invariable = 0 OR invariable = 1),
  weight REAL CHECK (weight IS NULL OR weight > 0)
);
CREATE TABLE runs(
  id INTEGER PRIMARY KEY,
  command TEXT NOT NULL,
  parameters TEXT NOT NULL,
  before TEXT,
  after TEXT,
  started TEXT NOT NULL,
  seconds REAL NOT NULL
);
CREATE TABLE history(
  run INTEGER NOT NULL REFERENCES runs(id),
  key INTEGER NOT NULL,
  old INTEGER,
  new INTEGER NOT NULL,
  reason TEXT NOT NULL
);
)sql";

constexpr const char* kVersion2 = R"sql(
CREATE TABLE review_queue(
  run INTEGER NOT NULL REFERENCES runs(id),
  key INTEGER NOT NULL,
  reason TEXT NOT NULL
);
)sql";

constexpr const char* kVersion3 = R"sql(
CREATE TABLE batches(
  id INTEGER PRIMARY KEY,
  design TEXT NOT NULL,
  seed INTEGER NOT NULL,
  parameters TEXT NOT NULL,
  population INTEGER NOT NULL,
  created TEXT NOT NULL
);
CREATE TABLE batch_items(
  batch INTEGER NOT NULL REFERENCES batches(id),
  key INTEGER NOT NULL,
  score INTEGER NOT NULL,
  probability REAL NOT NULL,
  stratum INTEGER NOT NULL,
  PRIMARY KEY (batch, key)
);
CREATE TABLE verdicts(
  batch INTEGER NOT NULL REFERENCES batches(id),
  key INTEGER NOT NULL,
  verdict INTEGER NOT NULL CHECK (verdict BETWEEN 0 AND 9),
  reviewer TEXT NOT NULL,
  time TEXT NOT NULL,
  PRIMARY KEY (batch, key)
);
)sql";

constexpr const char* kVersion4 = R"sql(
ALTER TABLE runs ADD COLUMN trace TEXT;
)sql";

// History rows record a node's whole state (score, source, flag, weight), before and after;
// rows from earlier schemas keep only the score (source IS NULL). Verdicts keep every import,
// marked when a later import replaced them or an undo took them back. The revision counts the
// commits that changed nodes, so a command can tell whether the state it read still stands;
// `legacy_runs` is the last run recorded before, whose reviews cannot be undone.
constexpr const char* kVersion5 = R"sql(
ALTER TABLE history ADD COLUMN old_source TEXT;
ALTER TABLE history ADD COLUMN source TEXT;
ALTER TABLE history ADD COLUMN old_invariable INTEGER;
ALTER TABLE history ADD COLUMN invariable INTEGER;
ALTER TABLE history ADD COLUMN old_weight REAL;
ALTER TABLE history ADD COLUMN weight REAL;
CREATE INDEX history_by_key ON history(key);
CREATE INDEX history_by_run ON history(run);
CREATE TABLE verdicts_v5(
  batch INTEGER NOT NULL REFERENCES batches(id),
  key INTEGER NOT NULL,
  verdict INTEGER NOT NULL CHECK (verdict BETWEEN 0 AND 9),
  reviewer TEXT NOT NULL,
  time TEXT NOT NULL,
  run INTEGER REFERENCES runs(id),
  superseded_by INTEGER REFERENCES runs(id)
);
INSERT INTO verdicts_v5(batch, key, verdict, reviewer, time, run)
  SELECT v.batch, v.key, v.verdict, v.reviewer, v.time,
         (SELECT max(r.id) FROM runs r WHERE r.command = 'review import'
            AND json_valid(r.parameters) AND json_extract(r.parameters, '$.batch') = v.batch)
  FROM verdicts v;
DROP TABLE verdicts;
ALTER TABLE verdicts_v5 RENAME TO verdicts;
CREATE INDEX verdicts_by_batch ON verdicts(batch, superseded_by);
INSERT OR IGNORE INTO meta(name, value) VALUES('revision', '0');
INSERT OR IGNORE INTO meta(name, value) SELECT 'legacy_runs', coalesce(max(id), 0) FROM runs;
)sql";

// A reviewer's answers in the review app, kept per reviewer until submitted: several reviewers
// may answer the same batch, and none overwrites another's. `verdict` is 0..9 or ok.
constexpr const char* kVersion6 = R"sql(
CREATE TABLE drafts(
  batch INTEGER NOT NULL REFERENCES batches(id),
  key INTEGER NOT NULL,
  reviewer TEXT NOT NULL,
  verdict TEXT NOT NULL CHECK (verdict IN ('ok','0','1','2','3','4','5','6','7','8','9')),
  time TEXT NOT NULL,
  PRIMARY KEY (batch, key, reviewer)
);
)sql";

// Drafts gain a note and a flag, and may hold no verdict yet (a row flagged to come back to).
// Every change of a draft is kept in `draft_changes`, so a reviewer's undo walks back through
// them across reloads; `drafts` is each row's latest state that was not taken back. Verdicts
// keep the reviewer's note.
constexpr const char* kVersion7 = R"sql(
CREATE TABLE drafts_v7(
  batch INTEGER NOT NULL REFERENCES batches(id),
  key INTEGER NOT NULL,
  reviewer TEXT NOT NULL,
  verdict TEXT CHECK (verdict IS NULL OR verdict IN ('ok','0','1','2','3','4','5','6','7','8','9')),
  note TEXT NOT NULL DEFAULT '',
  flagged INTEGER NOT NULL DEFAULT 0 CHECK (flagged IN (0, 1)),
  time TEXT NOT NULL,
  PRIMARY KEY (batch, key, reviewer)
);
INSERT INTO drafts_v7(batch, key, reviewer, verdict, time)
  SELECT batch, key, reviewer, verdict, time FROM drafts;
DROP TABLE drafts;
ALTER TABLE drafts_v7 RENAME TO drafts;
CREATE TABLE draft_changes(
  id INTEGER PRIMARY KEY,
  batch INTEGER NOT NULL REFERENCES batches(id),
  key INTEGER NOT NULL,
  reviewer TEXT NOT NULL,
  verdict TEXT CHECK (verdict IS NULL OR verdict IN ('ok','0','1','2','3','4','5','6','7','8','9')),
  note TEXT NOT NULL DEFAULT '',
  flagged INTEGER NOT NULL DEFAULT 0 CHECK (flagged IN (0, 1)),
  time TEXT NOT NULL,
  undone INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1))
);
INSERT INTO draft_changes(batch, key, reviewer, verdict, time)
  SELECT batch, key, reviewer, verdict, time FROM drafts ORDER BY time, batch, key, reviewer;
CREATE INDEX draft_changes_by_reviewer ON draft_changes(batch, reviewer, undone, id);
ALTER TABLE verdicts ADD COLUMN note TEXT NOT NULL DEFAULT '';
)sql";

// An exact repair's range of each node: the lowest and highest rank an optimum of its
// relaxation gives it, kept for the stored rows where they differ (the others are their score).
constexpr const char* kVersion8 = R"sql(
CREATE TABLE ranges(
  run INTEGER NOT NULL REFERENCES runs(id),
  key INTEGER NOT NULL,
  low INTEGER NOT NULL CHECK (low BETWEEN 0 AND 8),
  high INTEGER NOT NULL CHECK (high BETWEEN 0 AND 8 AND high > low),
  PRIMARY KEY (run, key)
);
)sql";

// The first states of the nodes a run created, one encoded value per run instead of a history
// row per node (store/created_states.h): what makes an import cost about its node rows.
constexpr const char* kVersion9 = R"sql(
CREATE TABLE created(
  run INTEGER PRIMARY KEY REFERENCES runs(id),
  count INTEGER NOT NULL CHECK (count > 0),
  states BLOB NOT NULL
);
)sql";

// Evidence from play (store/evidence.h): a row per material searched with one engine, budget and
// seed, apart from the nodes; `scores` holds each position's score as 4 bytes, little-endian.
constexpr const char* kVersion10 = R"sql(
CREATE TABLE evidence(
  key INTEGER NOT NULL,
  engine TEXT NOT NULL,
  budget TEXT NOT NULL,
  seed INTEGER NOT NULL,
  positions INTEGER NOT NULL CHECK (positions >= 0),
  scores BLOB NOT NULL CHECK (length(scores) = 4 * positions),
  threshold INTEGER NOT NULL CHECK (threshold >= 0),
  wins INTEGER NOT NULL,
  draws INTEGER NOT NULL,
  losses INTEGER NOT NULL CHECK (wins + draws + losses = positions),
  expected REAL NOT NULL,
  low REAL NOT NULL,
  high REAL NOT NULL,
  score INTEGER NOT NULL CHECK (score BETWEEN 0 AND 9),
  seconds REAL NOT NULL,
  failure TEXT,
  run INTEGER REFERENCES runs(id),
  time TEXT NOT NULL,
  PRIMARY KEY (key, engine, budget, seed)
);
)sql";

// The review app's requests that changed a draft, by the id the browser gave each: a request sent
// again (its answer lost on the way) is answered with the row it changed, never applied twice.
// A change undo took back is `redoable` until the reviewer's next change.
constexpr const char* kVersion11 = R"sql(
ALTER TABLE draft_changes ADD COLUMN redoable INTEGER NOT NULL DEFAULT 0 CHECK (redoable IN (0, 1));
CREATE TABLE draft_requests(
  batch INTEGER NOT NULL REFERENCES batches(id),
  reviewer TEXT NOT NULL,
  request TEXT NOT NULL,
  key INTEGER NOT NULL,
  time TEXT NOT NULL,
  PRIMARY KEY (batch, reviewer, request)
);
)sql";

// A reviewer may skip a row (neither an answer nor a flag). The seconds each reviewer spent on a
// row are summed apart from the drafts, so an undo or a cleared draft loses none. A submit keeps
// every reviewer's answer, skip, note and seconds of each row beside the verdicts it settled.
constexpr const char* kVersion12 = R"sql(
ALTER TABLE drafts ADD COLUMN skipped INTEGER NOT NULL DEFAULT 0 CHECK (skipped IN (0, 1));
ALTER TABLE draft_changes ADD COLUMN skipped INTEGER NOT NULL DEFAULT 0 CHECK (skipped IN (0, 1));
CREATE TABLE row_times(
  batch INTEGER NOT NULL REFERENCES batches(id),
  key INTEGER NOT NULL,
  reviewer TEXT NOT NULL,
  seconds REAL NOT NULL CHECK (seconds >= 0),
  PRIMARY KEY (batch, key, reviewer)
);
CREATE TABLE verdict_answers(
  run INTEGER NOT NULL REFERENCES runs(id),
  batch INTEGER NOT NULL REFERENCES batches(id),
  key INTEGER NOT NULL,
  reviewer TEXT NOT NULL,
  answer TEXT CHECK (answer IS NULL OR answer IN ('ok','skip','0','1','2','3','4','5','6','7','8','9')),
  note TEXT NOT NULL,
  seconds REAL CHECK (seconds IS NULL OR seconds >= 0),
  PRIMARY KEY (run, key, reviewer)
);
)sql";

// Tablebase statistics an import read (`egkb import --from-counts`, lattice/position_counts.h):
// per material, a row per set of positions counted, kept with the import's run, so the scores
// can be made again with other bins and nothing the file said is lost.
constexpr const char* kVersion13 = R"sql(
CREATE TABLE position_counts(
  run INTEGER NOT NULL REFERENCES runs(id),
  key INTEGER NOT NULL,
  to_move TEXT NOT NULL CHECK (to_move IN ('red', 'black', 'either')),
  win INTEGER NOT NULL CHECK (win >= 0),
  cursed_win INTEGER NOT NULL CHECK (cursed_win >= 0),
  draw INTEGER NOT NULL CHECK (draw >= 0),
  blessed_loss INTEGER NOT NULL CHECK (blessed_loss >= 0),
  loss INTEGER NOT NULL CHECK (loss >= 0),
  PRIMARY KEY (run, key, to_move)
);
)sql";

// Why the engine was started again while it searched a material (a crash, a deadline passed):
// a JSON array of the faults, NULL when it never was and for rows written before.
constexpr const char* kVersion14 = R"sql(
ALTER TABLE evidence ADD COLUMN restarts TEXT;
)sql";

// Solved rows (lattice/solved.h): a fourth source, always invariable, and for each solved row
// its rules, what solving it took (NULL where the counts were imported) and the run that solved
// it, whose position_counts rows hold its counts with red and with black to move. SQLite cannot
// change a CHECK, so the nodes are copied once into a table with the new one.
constexpr const char* kVersion15 = R"sql(
CREATE TABLE nodes_v15(
  key INTEGER PRIMARY KEY,
  material TEXT NOT NULL,
  score INTEGER NOT NULL CHECK (score BETWEEN 0 AND 9),
  source TEXT NOT NULL CHECK (source IN ('manual', 'generated', 'expert', 'solved')),
  invariable INTEGER NOT NULL DEFAULT 0 CHECK (invariable = 0 OR invariable = 1),
  weight REAL CHECK (weight IS NULL OR weight > 0),
  CHECK (source <> 'solved' OR invariable = 1)
);
INSERT INTO nodes_v15(key, material, score, source, invariable, weight)
  SELECT key, material, score, source, invariable, weight FROM nodes;
DROP TABLE nodes;
ALTER TABLE nodes_v15 RENAME TO nodes;
CREATE TABLE solved(
  key INTEGER PRIMARY KEY,
  run INTEGER NOT NULL REFERENCES runs(id),
  rules TEXT NOT NULL CHECK (rules IN ('exact', 'repetition-draw')),
  positions INTEGER CHECK (positions IS NULL OR positions > 0),
  seconds REAL CHECK (seconds IS NULL OR seconds >= 0)
);
)sql";

// Each position's line as the engine printed it with its score (store/evidence.h): a JSON array
// of texts, one per position, "" where the engine printed none; NULL for rows written before and
// where no position has a line.
constexpr const char* kVersion16 = R"sql(
ALTER TABLE evidence ADD COLUMN pvs TEXT;
)sql";

constexpr std::array<const char*, kStoreVersion> kMigrations = {
    kVersion1, kVersion2,  kVersion3,  kVersion4,  kVersion5,  kVersion6,  kVersion7,  kVersion8,
    kVersion9, kVersion10, kVersion11, kVersion12, kVersion13, kVersion14, kVersion15, kVersion16};

// Rows from before schema 5 record scores only, so replaying them may miss a flag or weight:
// one `migrate` run records each node whose replayed state differs from the stored one, and the
// history replays to the nodes from then on.
void record_baseline(SQLite::Database& db, StoreOrigin origin) {
  std::unordered_map<Key, NodeState> replayed;
  Query history(db.getHandle(), "SELECT key, new, rowid FROM history ORDER BY rowid", origin,
                "history", {"rowid", 2});
  while (history.step()) replayed[history.key(0)].score = history.score(1, "new");
  Query nodes(db.getHandle(), "SELECT key, score, source, invariable, weight FROM nodes", origin,
              "nodes", {"key", 0});
  SQLite::Statement row(db,
                        "INSERT INTO history(run, key, old, new, reason, source, invariable, "
                        "weight) VALUES(?, ?, ?, ?, 'migrate', ?, ?, ?)");
  std::optional<int64_t> run;
  while (nodes.step()) {
    const Key key = nodes.key(0);
    const NodeState now = nodes.node_state(1);
    const auto it = replayed.find(key);
    if (it != replayed.end() && it->second == now) continue;
    if (!run) {
      db.exec(
          "INSERT INTO runs(command, parameters, started, seconds) VALUES('migrate', "
          "'{\"to\": 5}', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), 0)");
      run = db.getLastInsertRowid();
    }
    row.bind(1, *run);
    row.bind(2, static_cast<int64_t>(key));
    if (it == replayed.end()) {
      row.bind(3);
    } else {
      row.bind(3, value(it->second.score));
    }
    row.bind(4, value(now.score));
    row.bind(5, std::string(source_name(now.source)));
    row.bind(6, now.invariable ? 1 : 0);
    if (now.weight) {
      row.bind(7, *now.weight);
    } else {
      row.bind(7);
    }
    row.exec();
    row.reset();
  }
}

std::set<std::string> table_names(SQLite::Database& db) {
  std::set<std::string> names;
  SQLite::Statement q(db, "SELECT name FROM sqlite_master WHERE type = 'table'");
  while (q.executeStep()) names.insert(q.getColumn(0).getString());
  return names;
}

// The tables of each schema version, as the migrations make them in an empty database: the
// migrations stay the one place that says which tables there are.
const std::array<std::set<std::string>, kStoreVersion + 1>& tables_by_version() {
  static const auto tables = [] {
    std::array<std::set<std::string>, kStoreVersion + 1> by_version;
    SQLite::Database db(":memory:", SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    for (std::size_t v = 0; v < kMigrations.size(); ++v) {
      db.exec(kMigrations[v]);
      by_version[v + 1] = table_names(db);
    }
    return by_version;
  }();
  return tables;
}

}  // namespace

std::vector<std::string> missing_tables(SQLite::Database& db, int version) {
  const std::set<std::string> present = table_names(db);
  std::vector<std::string> missing;
  for (const std::string& table : tables_by_version().at(static_cast<std::size_t>(version))) {
    if (!present.contains(table)) missing.push_back(table);
  }
  return missing;
}

void migrate(SQLite::Database& db, int version, StoreOrigin origin) {
  for (int v = version; v < kStoreVersion; ++v) {
    db.exec(kMigrations[static_cast<std::size_t>(v)]);
    if (v + 1 == 5 && version > 0) record_baseline(db, origin);
    db.exec(fmt::format("PRAGMA user_version = {}", v + 1));
  }
}

}  // namespace egkb
