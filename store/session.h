// The store's session, private to store/: one connection, the snapshot a command reads, the
// statements a write prepares once. Each part of the store (nodes, history, runs, batches,
// drafts, ...) is a header of free functions over it (namespace egkb::store) and a file of its
// own; store.h is the core.
#pragma once

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>
#include <sqlite3.h>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "base/errors.h"
#include "base/utc_time.h"
#include "lattice/position_counts.h"
#include "store/created_states.h"
#include "store/ids.h"
#include "store/node_state.h"
#include "store/query.h"
#include "store/store.h"

namespace egkb {

inline void bind_optional(SQLite::Statement& q, int index, const std::optional<double>& v) {
  if (v) {
    q.bind(index, *v);
  } else {
    q.bind(index);
  }
}

inline void bind_text_or_null(SQLite::Statement& q, int index, const std::string& text) {
  if (text.empty()) {
    q.bind(index);
  } else {
    q.bind(index, text);
  }
}

// One set of position counts read from `q`'s columns from `first`: to_move, then the counts in
// OutcomeCounts::kNames order (store/position_counts.cpp).
OutcomeCounts outcome_counts(const Query& q, int first);

// How this process may open a store (docs/formats.md, "Readers without write access").
enum class Access {
  ReadWrite,  // may write the file and its folder
  ReadOnly,   // may not, and the journal side files are there to read through
  Immutable,  // may not, and no side file is there: nobody is writing the store
};

struct Store::Session {
  std::string path;       // where the store is, or will be once created
  std::string temporary;  // a new store's file until the outputs are published
  std::unique_ptr<SQLite::Database> db;
  Access access = Access::ReadWrite;
  const PieceSet* pieces = nullptr;
  int version = 0;
  bool snapshot_open = false;
  std::optional<int64_t> snapshot_revision;

  ~Session() {
    if (db && snapshot_open) db->tryExec("ROLLBACK");
  }

  // Every SQLite failure becomes a StoreError naming the store, in egkb's words.
  template <typename Work>
  auto guarded(Work&& work) -> decltype(work()) {
    try {
      return work();
    } catch (const SQLite::Exception& e) {
      throw_store_failure(path, e.getErrorCode());
    }
  }

  [[noreturn]] void damaged(const std::string& what) const {
    throw StoreError(
        path, fmt::format("{}; the store is damaged (egkb never writes such a value)", what));
  }

  // The schema version the file's header holds: 0 for a database no egkb made, a negative one
  // never written (damage), whether the command reads or writes.
  int schema_version() {
    const int version = db->execAndGet("PRAGMA user_version").getInt();
    if (version < 0)
      damaged(fmt::format("its schema version (PRAGMA user_version) is {}", version));
    return version;
  }

  // A query whose damaged values name this store and `table`.
  Query query(std::string_view sql, const char* table, RowName row = {}) {
    return Query(db->getHandle(), sql, {&path, pieces}, table, row);
  }

  // A whole number kept in meta; `fallback` when the row is absent.
  int64_t meta_number(const char* name, int64_t fallback) {
    Query q = query("SELECT value, name FROM meta WHERE name = ?", "meta", {"name", 1});
    q.bind(1, std::string_view(name));
    return q.step() ? q.integer_text(0, "value") : fallback;
  }

  int64_t revision() { return meta_number("revision", 0); }

  // The states each run created (schema 9), run by run in order; `with_run` the run's command
  // and start as history entries name them.
  struct CreatedRun {
    RunId run;
    std::string command;
    std::string started;
    std::vector<CreatedState> states;
  };
  std::vector<CreatedRun> created_runs() {
    std::vector<CreatedRun> runs;
    if (version < 9) return runs;
    Query q = query(
        "SELECT c.run, c.count, c.states, r.command, r.started FROM created c JOIN runs r ON "
        "r.id = c.run ORDER BY c.run",
        "created", {"run", 0});
    while (q.step()) {
      const auto* bytes = static_cast<const char*>(sqlite3_column_blob(q.statement(), 2));
      const auto size = static_cast<std::size_t>(sqlite3_column_bytes(q.statement(), 2));
      auto states = decode_created({bytes == nullptr ? "" : bytes, size}, q.integer(1, "count"),
                                   pieces->key_count());
      if (!states) q.damaged(2, "states", "the encoded states of its count of created nodes");
      runs.push_back(
          {q.run(0, "run"), q.text(3, "command"), q.text(4, "started"), std::move(*states)});
    }
    return runs;
  }
};

// A write transaction, inside Store::write: the session, the statements prepared once per
// transaction (imports change millions of nodes), and what the writes changed.
struct StoreWriter {
  struct Statements {
    explicit Statements(SQLite::Database& db)
        : node(db,
               "INSERT INTO nodes(key, material, score, source, invariable, weight) "
               "VALUES(?, ?, ?, ?, ?, ?) ON CONFLICT(key) DO UPDATE SET "
               "score = excluded.score, source = excluded.source, "
               "invariable = excluded.invariable, weight = excluded.weight"),
          history(db,
                  "INSERT INTO history(run, key, old, new, reason, old_source, source, "
                  "old_invariable, invariable, old_weight, weight) "
                  "VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"),
          range(db, "INSERT INTO ranges(run, key, low, high) VALUES(?, ?, ?, ?)"),
          created(db,
                  "INSERT INTO nodes(key, material, score, source, invariable, weight) "
                  "VALUES(?, ?, ?, ?, ?, ?)"),
          evidence(db,
                   "INSERT OR REPLACE INTO evidence(key, engine, budget, seed, positions, scores, "
                   "threshold, wins, draws, losses, expected, low, high, score, seconds, failure, "
                   "run, time, restarts, pvs) "
                   "VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"),
          position_counts(db,
                          "INSERT INTO position_counts(run, key, to_move, win, cursed_win, draw, "
                          "blessed_loss, loss) VALUES(?, ?, ?, ?, ?, ?, ?, ?)"),
          solved(db,
                 "INSERT OR REPLACE INTO solved(key, run, rules, positions, seconds) "
                 "VALUES(?, ?, ?, ?, ?)") {}

    SQLite::Statement node;
    SQLite::Statement history;
    SQLite::Statement range;
    SQLite::Statement created;
    SQLite::Statement evidence;
    SQLite::Statement position_counts;
    SQLite::Statement solved;
  };

  explicit StoreWriter(Store::Session& session) : s(session), q(*session.db) {}

  Store::Session& s;
  Statements q;
  bool nodes_changed = false;
  // The states create_node() gathered, by run: written as one value per run when the work ends.
  std::map<RunId, std::vector<std::pair<Key, NodeState>>> created;
};

// Writes the states create_node() gathered, one row per run (store/nodes.cpp).
void write_created(StoreWriter& w);

}  // namespace egkb
