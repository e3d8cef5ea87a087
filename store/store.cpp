#include "store/store.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <fcntl.h>
#include <fmt/chrono.h>
#include <fmt/format.h>
#include <sqlite3.h>
#include <unistd.h>

#include <cmath>
#include <ctime>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "io/output_files.h"
#include "lattice/errors.h"
#include "lattice/material.h"
#include "store/schema.h"

namespace egkb {

namespace {

// A statement through SQLite's C API, for the scans of every node: SQLiteCpp's Column takes a
// reference-counted handle on every call, which cost more than the values on 2.1M rows.
class Scan {
 public:
  Scan(SQLite::Database& db, const char* sql) : db_(db.getHandle()) {
    const int rc = sqlite3_prepare_v2(db_, sql, -1, &statement_, nullptr);
    if (rc != SQLITE_OK) throw SQLite::Exception(db_, rc);
  }
  Scan(const Scan&) = delete;
  Scan& operator=(const Scan&) = delete;
  ~Scan() { sqlite3_finalize(statement_); }

  bool step() {
    const int rc = sqlite3_step(statement_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    throw SQLite::Exception(db_, rc);
  }
  sqlite3_stmt* statement() const { return statement_; }

 private:
  sqlite3* db_;
  sqlite3_stmt* statement_ = nullptr;
};

// One column of a scan's current row.
struct Field {
  sqlite3_stmt* statement;
  int index;

  int type() const { return sqlite3_column_type(statement, index); }
  int64_t integer() const { return sqlite3_column_int64(statement, index); }
  double real() const { return sqlite3_column_double(statement, index); }
  std::string_view text() const {
    const auto* bytes = reinterpret_cast<const char*>(sqlite3_column_text(statement, index));
    return {bytes == nullptr ? "" : bytes,
            static_cast<std::size_t>(sqlite3_column_bytes(statement, index))};
  }
};

// The same reads of a SQLiteCpp statement's column.
struct ColumnField {
  SQLite::Column column;

  int type() const { return column.getType(); }
  int64_t integer() const { return column.getInt64(); }
  double real() const { return column.getDouble(); }
  std::string_view text() const {
    return {column.getText(), static_cast<std::size_t>(column.getBytes())};
  }
};

Field field(const Scan& q, int index) {
  return {q.statement(), index};
}

ColumnField field(const SQLite::Statement& q, int index) {
  return {q.getColumn(index)};
}

}  // namespace

namespace fs = std::filesystem;

namespace {

std::string now_utc() {
  return fmt::format("{:%Y-%m-%dT%H:%M:%SZ}", fmt::gmtime(std::time(nullptr)));
}

void bind_optional(SQLite::Statement& q, int index, const std::optional<double>& v) {
  if (v) {
    q.bind(index, *v);
  } else {
    q.bind(index);
  }
}

void bind_text_or_null(SQLite::Statement& q, int index, const std::string& text) {
  if (text.empty()) {
    q.bind(index);
  } else {
    q.bind(index, text);
  }
}

}  // namespace

struct Store::Session {
  std::string path;       // where the store is, or will be once created
  std::string temporary;  // a new store's file until the outputs are published
  std::unique_ptr<SQLite::Database> db;
  bool writable = true;
  const PieceSet* pieces = nullptr;
  int version = 0;
  bool snapshot_open = false;
  std::optional<int64_t> snapshot_revision;

  ~Session() {
    if (db && snapshot_open) db->tryExec("ROLLBACK");
  }

  // Every SQLite failure becomes a StoreError naming the store.
  template <typename Work>
  auto guarded(Work&& work) -> decltype(work()) {
    try {
      return work();
    } catch (const SQLite::Exception& e) {
      if (e.getErrorCode() == SQLITE_NOTADB) {
        throw StoreError(fmt::format("{}: not an egkb store (not a SQLite database)", path));
      }
      throw StoreError(fmt::format("{}: {}", path, e.what()));
    }
  }

  [[noreturn]] void damaged(const std::string& what) const {
    throw StoreError(
        fmt::format("{}: {}; the store is damaged (egkb never writes such a row)", path, what));
  }

  int64_t revision() {
    SQLite::Statement q(*db, "SELECT value FROM meta WHERE name = 'revision'");
    return q.executeStep() ? std::stoll(q.getColumn(0).getString()) : 0;
  }

  template <typename Column>
  Key checked_key(const Column& c, const char* table) const {
    // The type first: SQLite leaves it undefined once a read has converted the value.
    const bool integer = c.type() == SQLITE_INTEGER;
    const int64_t key = c.integer();
    if (!integer || key < 0 || static_cast<Key>(key) >= pieces->key_count()) {
      damaged(fmt::format("{} row with key {}, outside the {} key space (0..{})", table, c.text(),
                          pieces->name(), pieces->key_count() - 1));
    }
    return static_cast<Key>(key);
  }

  template <typename Column>
  Score checked_score(const Column& c, Key key, const char* table) const {
    const bool integer = c.type() == SQLITE_INTEGER;
    const int64_t score = c.integer();
    if (!integer || score < 0 || score > kMaxScore) {
      damaged(fmt::format("{} row of {} with score {}, not 0..9", table,
                          material_text(key, *pieces), c.text()));
    }
    return Score(static_cast<int>(score));
  }

  // Columns 1..4 of a nodes row: score, source, invariable, weight.
  template <typename Row>
  NodeState checked_node(const Row& q, Key key) const {
    NodeState state;
    state.score = checked_score(field(q, 1), key, "nodes");
    const auto material = [&] { return material_text(key, *pieces); };
    const std::optional<Source> source = source_named(field(q, 2).text());
    if (!source) {
      damaged(fmt::format("nodes row of {} with source '{}'", material(), field(q, 2).text()));
    }
    state.source = *source;
    const auto invariable = field(q, 3);
    const bool integer = invariable.type() == SQLITE_INTEGER;
    const int64_t flag = invariable.integer();
    if (!integer || (flag & ~1) != 0) {
      damaged(
          fmt::format("nodes row of {} with invariable flag {}", material(), invariable.text()));
    }
    state.invariable = flag != 0;
    const auto weight = field(q, 4);
    if (const int type = weight.type(); type != SQLITE_NULL) {
      const double w = weight.real();
      if ((type != SQLITE_FLOAT && type != SQLITE_INTEGER) || !std::isfinite(w) || w <= 0) {
        damaged(fmt::format("nodes row of {} with weight {}", material(), weight.text()));
      }
      state.weight = w;
    }
    return state;
  }
};

Store::Store(std::unique_ptr<Session> session) : s_(std::move(session)) {}
Store::Store(Store&&) noexcept = default;
Store& Store::operator=(Store&&) noexcept = default;
Store::~Store() = default;

const std::string& Store::path() const {
  return s_->path;
}

const PieceSet& Store::pieces() const {
  return *s_->pieces;
}

namespace {

std::unique_ptr<SQLite::Database> connect(const std::string& file, int flags) {
  // One connection per session and thread: SQLite's own locking per call is not needed.
  auto db = std::make_unique<SQLite::Database>(file, flags | SQLite::OPEN_NOMUTEX);
  db->setBusyTimeout(Store::kBusyMilliseconds);
  // Nothing is written outside Store::write, whatever a read does.
  db->exec("PRAGMA query_only = 1");
  return db;
}

}  // namespace

Store Store::open(const std::string& path) {
  std::error_code ec;
  if (!path_exists(path)) throw InputError(path, 0, "", "no such file");
  if (fs::is_directory(path, ec)) throw InputError(path, 0, "", "is a directory, not a store");
  auto s = std::make_unique<Session>();
  s->path = path;
  s->guarded([&] {
    // A read-write connection removes the WAL side files when it closes; a write-protected
    // store is still read.
    s->writable = ::access(path.c_str(), W_OK) == 0;
    s->db = connect(path, s->writable ? SQLite::OPEN_READWRITE : SQLite::OPEN_READONLY);
    s->version = s->db->execAndGet("PRAGMA user_version").getInt();
    if (s->version == 0) {
      throw StoreError(fmt::format("{}: not an egkb store (no schema version)", path));
    }
    if (s->version > kStoreVersion) {
      throw StoreError(fmt::format(
          "{}: made by a newer egkb (schema {}); this egkb reads schemas 1 to {}: update egkb",
          path, s->version, kStoreVersion));
    }
    SQLite::Statement q(*s->db, "SELECT value FROM meta WHERE name = 'pieces'");
    if (!q.executeStep()) s->damaged("no piece set recorded in meta");
    const std::string name = q.getColumn(0).getString();
    if (name == "xiangqi" || name == "chess") {
      s->pieces = &PieceSet::named(name);
    } else {
      s->damaged(fmt::format("unknown piece set in meta ({})", name));
    }
  });
  return Store(std::move(s));
}

Store Store::create(const std::string& path, const PieceSet& pieces, Outputs& outputs) {
  if (path_exists(path)) {
    throw InputError(path, 0, "", "the store exists already; remove it or name a new one");
  }
  auto s = std::make_unique<Session>();
  s->path = path;
  s->temporary = outputs.reserve(path);
  s->pieces = &pieces;
  s->guarded([&] {
    s->db = connect(s->temporary, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    // A new store is private until renamed into place: no journal, no syncs before the end.
    s->db->exec("PRAGMA journal_mode = OFF");
    s->db->exec("PRAGMA synchronous = OFF");
  });
  return Store(std::move(s));
}

void Store::take_snapshot() {
  if (s_->snapshot_open || !s_->temporary.empty()) return;
  s_->guarded([&] {
    s_->db->exec("BEGIN");
    s_->snapshot_open = true;
    s_->snapshot_revision = s_->version >= 5 ? s_->revision() : 0;
  });
}

KnowledgeBase Store::knowledge_base() {
  take_snapshot();
  KnowledgeBase kb;
  kb.pieces = s_->pieces;
  kb.origin = s_->path;
  if (!s_->temporary.empty()) return kb;
  s_->guarded([&] {
    // Reserved, so the 2.1M rows of a full base are not copied while the array grows.
    Scan count(*s_->db, "SELECT count(*) FROM nodes");
    if (count.step()) kb.rows.reserve(static_cast<std::size_t>(field(count, 0).integer()));
    Scan q(*s_->db, "SELECT key, score, source, invariable, weight FROM nodes ORDER BY key");
    while (q.step()) {
      KbRow row;
      row.key = s_->checked_key(field(q, 0), "nodes");
      const NodeState state = s_->checked_node(q, row.key);
      row.score = state.score;
      row.source = state.source;
      row.invariable = state.invariable;
      row.weight = state.weight;
      kb.rows.push_back(row);
    }
  });
  return kb;
}

std::unordered_map<Key, Score> Store::original_scores() {
  take_snapshot();
  std::unordered_map<Key, Score> scores;
  if (!s_->temporary.empty()) return scores;
  s_->guarded([&] {
    SQLite::Statement q(*s_->db,
                        "SELECT key, new FROM history WHERE rowid IN "
                        "(SELECT min(rowid) FROM history GROUP BY key)");
    while (q.executeStep()) {
      const Key key = s_->checked_key(field(q, 0), "history");
      scores.emplace(key, s_->checked_score(field(q, 1), key, "history"));
    }
  });
  return scores;
}

std::optional<RecordedRepair> Store::last_repair() {
  take_snapshot();
  if (!s_->temporary.empty()) return std::nullopt;
  return s_->guarded([&]() -> std::optional<RecordedRepair> {
    SQLite::Statement q(*s_->db,
                        fmt::format("SELECT id, command, started, seconds, {} FROM runs "
                                    "WHERE command LIKE 'reduce %' ORDER BY id DESC LIMIT 1",
                                    s_->version >= 4 ? "trace" : "NULL"));
    if (!q.executeStep()) return std::nullopt;
    RecordedRepair r;
    r.run = q.getColumn(0).getInt64();
    r.command = q.getColumn(1).getString();
    r.started = q.getColumn(2).getString();
    r.seconds = q.getColumn(3).getDouble();
    r.trace = q.getColumn(4).isNull() ? "" : q.getColumn(4).getString();
    SQLite::Statement changes(*s_->db,
                              "SELECT key, old, new FROM history WHERE run = ? ORDER BY rowid");
    changes.bind(1, r.run);
    while (changes.executeStep()) {
      const Key key = s_->checked_key(field(changes, 0), "history");
      r.changes.push_back({key, s_->checked_score(field(changes, 1), key, "history"),
                           s_->checked_score(field(changes, 2), key, "history")});
    }
    SQLite::Statement later(*s_->db, "SELECT count(*) FROM runs WHERE id > ?");
    later.bind(1, r.run);
    later.executeStep();
    r.later_runs = static_cast<std::size_t>(later.getColumn(0).getInt64());
    return r;
  });
}

Batch Store::batch(int64_t id) {
  take_snapshot();
  if (s_->version < 3 || !s_->temporary.empty()) {
    throw InputError(s_->path, 0, "batch", "the store holds no review batches");
  }
  return s_->guarded([&] {
    SQLite::Statement b(*s_->db,
                        "SELECT design, seed, parameters, population, created FROM batches "
                        "WHERE id = ?");
    b.bind(1, id);
    if (!b.executeStep())
      throw InputError(s_->path, 0, "batch", fmt::format("no batch {} in the store", id));
    Batch batch;
    batch.id = id;
    batch.design = b.getColumn(0).getString();
    batch.seed = static_cast<uint64_t>(b.getColumn(1).getInt64());
    batch.parameters = b.getColumn(2).getString();
    if (!nlohmann::json::accept(batch.parameters))
      s_->damaged(fmt::format("batches row {} with parameters that are not JSON", id));
    batch.population = static_cast<std::size_t>(b.getColumn(3).getInt64());
    batch.created = b.getColumn(4).getString();
    SQLite::Statement items(
        *s_->db,
        "SELECT key, score, probability, stratum FROM batch_items WHERE batch = ? ORDER BY rowid");
    items.bind(1, id);
    while (items.executeStep()) {
      const Key key = s_->checked_key(field(items, 0), "batch_items");
      const int64_t stratum = items.getColumn(3).getInt64();
      if (stratum < 0 || stratum > static_cast<int64_t>(Source::Expert))
        s_->damaged(fmt::format("batch_items row with stratum {}", stratum));
      batch.items.push_back({key, s_->checked_score(field(items, 1), key, "batch_items"),
                             items.getColumn(2).getDouble(), static_cast<std::size_t>(stratum)});
    }
    return batch;
  });
}

namespace {

NodeState state_from(const SQLite::Statement& q, int first) {
  NodeState s;
  s.score = Score(q.getColumn(first).getInt());
  s.source = source_named(q.getColumn(first + 1).getText()).value_or(Source::Generated);
  s.invariable = q.getColumn(first + 2).getInt() != 0;
  if (!q.getColumn(first + 3).isNull()) s.weight = q.getColumn(first + 3).getDouble();
  return s;
}

}  // namespace

std::optional<BatchImport> Store::batch_import(int64_t batch) {
  take_snapshot();
  if (s_->version < 3 || !s_->temporary.empty()) return std::nullopt;
  return s_->guarded([&]() -> std::optional<BatchImport> {
    const char* active = s_->version >= 5 ? "superseded_by IS NULL" : "1";
    SQLite::Statement q(*s_->db,
                        fmt::format("SELECT key, verdict, reviewer, time, {} FROM verdicts "
                                    "WHERE batch = ? AND {} ORDER BY rowid",
                                    s_->version >= 5 ? "run" : "NULL", active));
    q.bind(1, batch);
    std::optional<BatchImport> found;
    while (q.executeStep()) {
      if (!found) {
        found.emplace();
        found->reviewer = q.getColumn(2).getString();
        found->time = q.getColumn(3).getString();
        found->run = q.getColumn(4).isNull() ? 0 : q.getColumn(4).getInt64();
      }
      const Key key = s_->checked_key(field(q, 0), "verdicts");
      found->verdicts.emplace(key, s_->checked_score(field(q, 1), key, "verdicts"));
    }
    if (!found || found->run == 0) return found;
    // Imports recorded before schema 5 wrote history only for changed scores, without flags:
    // their states cannot be put back.
    SQLite::Statement legacy(*s_->db, "SELECT value FROM meta WHERE name = 'legacy_runs'");
    if (legacy.executeStep() && found->run <= std::stoll(legacy.getColumn(0).getString())) {
      found->run = 0;
      return found;
    }
    SQLite::Statement h(*s_->db,
                        "SELECT key, old, old_source, old_invariable, old_weight, new, source, "
                        "invariable, weight FROM history WHERE run = ? ORDER BY rowid");
    h.bind(1, found->run);
    while (h.executeStep()) {
      const Key key = s_->checked_key(field(h, 0), "history");
      if (!h.getColumn(1).isNull()) found->before.emplace(key, state_from(h, 1));
      found->after.emplace(key, state_from(h, 5));
    }
    return found;
  });
}

std::unordered_map<Key, LastChange> Store::last_changes(std::span<const Key> keys) {
  take_snapshot();
  std::unordered_map<Key, LastChange> changes;
  if (!s_->temporary.empty()) return changes;
  s_->guarded([&] {
    SQLite::Statement q(*s_->db,
                        "SELECT h.run, r.command, r.started FROM history h JOIN runs r ON "
                        "r.id = h.run WHERE h.key = ? ORDER BY h.rowid DESC LIMIT 1");
    for (Key key : keys) {
      q.bind(1, static_cast<int64_t>(key));
      if (q.executeStep()) {
        changes.emplace(key, LastChange{q.getColumn(0).getInt64(), q.getColumn(1).getString(),
                                        q.getColumn(2).getString()});
      }
      q.reset();
    }
  });
  return changes;
}

std::vector<HistoryEntry> Store::history(Key key) {
  take_snapshot();
  std::vector<HistoryEntry> entries;
  if (!s_->temporary.empty()) return entries;
  s_->guarded([&] {
    SQLite::Statement q(*s_->db,
                        "SELECT h.run, r.command, r.started, h.old, h.new, h.reason, "
                        "CASE WHEN r.command = 'review import' AND json_valid(r.parameters) "
                        "THEN json_extract(r.parameters, '$.reviewer') END "
                        "FROM history h JOIN runs r ON r.id = h.run WHERE h.key = ? "
                        "ORDER BY h.rowid");
    q.bind(1, static_cast<int64_t>(key));
    while (q.executeStep()) {
      HistoryEntry e;
      e.run = q.getColumn(0).getInt64();
      e.command = q.getColumn(1).getString();
      e.started = q.getColumn(2).getString();
      if (!q.getColumn(3).isNull()) e.old_score = s_->checked_score(field(q, 3), key, "history");
      e.new_score = s_->checked_score(field(q, 4), key, "history");
      e.reason = q.getColumn(5).getString();
      e.reviewer = q.getColumn(6).getString();
      entries.push_back(std::move(e));
    }
  });
  return entries;
}

std::vector<Draft> Store::drafts(int64_t batch) {
  take_snapshot();
  std::vector<Draft> drafts;
  if (s_->version < 6 || !s_->temporary.empty()) return drafts;
  s_->guarded([&] {
    SQLite::Statement q(*s_->db,
                        "SELECT key, reviewer, verdict, time FROM drafts WHERE batch = ? "
                        "ORDER BY key, reviewer");
    q.bind(1, batch);
    while (q.executeStep()) {
      Draft d;
      d.key = s_->checked_key(field(q, 0), "drafts");
      d.reviewer = q.getColumn(1).getString();
      const std::string verdict = q.getColumn(2).getString();
      if (verdict != "ok") {
        if (verdict.size() != 1 || verdict[0] < '0' || verdict[0] > '9')
          s_->damaged(fmt::format("drafts row with verdict '{}'", verdict));
        d.verdict = Score(verdict[0] - '0');
      }
      d.time = q.getColumn(3).getString();
      drafts.push_back(std::move(d));
    }
  });
  return drafts;
}

std::vector<int64_t> Store::batch_ids() {
  take_snapshot();
  std::vector<int64_t> ids;
  if (s_->version < 3 || !s_->temporary.empty()) return ids;
  s_->guarded([&] {
    SQLite::Statement q(*s_->db, "SELECT id FROM batches ORDER BY id");
    while (q.executeStep()) ids.push_back(q.getColumn(0).getInt64());
  });
  return ids;
}

int64_t Store::revision() {
  take_snapshot();
  return s_->snapshot_revision.value_or(0);
}

void Store::write(const std::function<void(StoreWriter&)>& work, Outputs* outputs) {
  Session& s = *s_;
  if (!s.db) throw std::logic_error("a created store takes one write");
  if (!s.writable) {
    throw StoreError(
        fmt::format("{}: the store is read-only here (no permission to write it)", s.path));
  }
  s.guarded([&] {
    try {
      if (s.snapshot_open) {
        s.db->exec("COMMIT");
        s.snapshot_open = false;
      }
      s.db->exec("PRAGMA query_only = 0");
      if (s.temporary.empty()) {
        s.db->exec("PRAGMA journal_mode = WAL");
        s.db->exec("PRAGMA synchronous = NORMAL");
      }
      s.db->exec("PRAGMA foreign_keys = ON");
      s.db->exec("BEGIN IMMEDIATE");
    } catch (const SQLite::Exception& e) {
      if (e.getErrorCode() != SQLITE_BUSY && e.getErrorCode() != SQLITE_LOCKED) throw;
      throw StoreConflict(fmt::format(
          "{}: busy: another egkb command has been writing it for {} s; nothing was written; "
          "run this command again when it has finished",
          s.path, kBusyMilliseconds / 1000));
    }
  });
  try {
    s.guarded([&] {
      // Another command may have migrated the store since this one opened it.
      const int on_disk = s.db->execAndGet("PRAGMA user_version").getInt();
      if (on_disk > kStoreVersion) {
        throw StoreError(fmt::format("{}: made by a newer egkb (schema {}) while this command ran",
                                     s.path, on_disk));
      }
      migrate(*s.db, on_disk);
      if (on_disk == 0) {
        SQLite::Statement meta(*s.db, "INSERT INTO meta(name, value) VALUES('pieces', ?)");
        meta.bind(1, s.pieces->name());
        meta.exec();
      }
      s.version = kStoreVersion;
      const int64_t revision = s.revision();
      if (s.snapshot_revision && *s.snapshot_revision != revision) {
        throw StoreConflict(fmt::format(
            "{}: changed while this command ran (another egkb command wrote to it after this "
            "one read it); nothing was written; run the command again",
            s.path));
      }
      StoreWriter writer(s);
      work(writer);
      if (writer.nodes_changed_) {
        SQLite::Statement bump(*s.db, "UPDATE meta SET value = ? WHERE name = 'revision'");
        bump.bind(1, std::to_string(revision + 1));
        bump.exec();
      }
      s.snapshot_revision = writer.nodes_changed_ ? revision + 1 : revision;
      if (outputs && s.temporary.empty()) outputs->publish();
      s.db->exec("COMMIT");
    });
  } catch (...) {
    s.db->tryExec("ROLLBACK");
    s.db->tryExec("PRAGMA query_only = 1");
    throw;
  }
  if (!s.temporary.empty()) {
    // A new store is complete: its journal set for its life, closed and synced, it waits for
    // the outputs to be published.
    s.guarded([&] { s.db->exec("PRAGMA journal_mode = WAL"); });
    s.db.reset();
    const int fd = ::open(s.temporary.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
      ::fsync(fd);
      ::close(fd);
    }
    if (outputs) outputs->publish();
  } else {
    s.guarded([&] { s.db->exec("PRAGMA query_only = 1"); });
  }
  if (outputs) outputs->keep();
}

struct StoreWriter::Statements {
  explicit Statements(SQLite::Database& db)
      : node(db,
             "INSERT INTO nodes(key, material, score, source, invariable, weight) "
             "VALUES(?, ?, ?, ?, ?, ?) ON CONFLICT(key) DO UPDATE SET "
             "score = excluded.score, source = excluded.source, "
             "invariable = excluded.invariable, weight = excluded.weight"),
        history(db,
                "INSERT INTO history(run, key, old, new, reason, old_source, source, "
                "old_invariable, invariable, old_weight, weight) "
                "VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)") {}

  SQLite::Statement node;
  SQLite::Statement history;
};

StoreWriter::StoreWriter(Store::Session& s) : s_(s), q_(std::make_unique<Statements>(*s.db)) {}
StoreWriter::~StoreWriter() = default;

int64_t StoreWriter::add_run(const RunRecord& run) {
  SQLite::Statement q(*s_.db,
                      "INSERT INTO runs(command, parameters, before, after, started, seconds, "
                      "trace) VALUES(?, ?, ?, ?, ?, ?, ?)");
  q.bind(1, run.command);
  q.bind(2, run.parameters);
  bind_text_or_null(q, 3, run.before);
  bind_text_or_null(q, 4, run.after);
  q.bind(5, now_utc());
  q.bind(6, run.seconds);
  bind_text_or_null(q, 7, run.trace);
  q.exec();
  return s_.db->getLastInsertRowid();
}

void StoreWriter::finish_run(int64_t run, const std::string& after, double seconds) {
  SQLite::Statement q(*s_.db, "UPDATE runs SET after = ?, seconds = ? WHERE id = ?");
  q.bind(1, after);
  q.bind(2, seconds);
  q.bind(3, run);
  q.exec();
}

std::unordered_map<Key, NodeState> StoreWriter::nodes() {
  std::unordered_map<Key, NodeState> nodes;
  Scan q(*s_.db, "SELECT key, score, source, invariable, weight FROM nodes");
  while (q.step()) {
    const Key key = s_.checked_key(field(q, 0), "nodes");
    nodes.emplace(key, s_.checked_node(q, key));
  }
  return nodes;
}

void StoreWriter::change(int64_t run, Key key, const std::optional<NodeState>& old,
                         const NodeState& now, const std::string& reason) {
  nodes_changed_ = true;
  SQLite::Statement& node = q_->node;
  node.bind(1, static_cast<int64_t>(key));
  char material[kMaxMaterialText + 1];  // read by the statement until its reset below
  material[write_material(material_of(key, *s_.pieces), *s_.pieces, material)] = '\0';
  node.bindNoCopy(2, material);
  node.bind(3, value(now.score));
  node.bind(4, std::string(source_name(now.source)));
  node.bind(5, now.invariable ? 1 : 0);
  bind_optional(node, 6, now.weight);
  node.exec();
  node.reset();
  SQLite::Statement& history = q_->history;
  history.clearBindings();
  history.bind(1, run);
  history.bind(2, static_cast<int64_t>(key));
  history.bind(4, value(now.score));
  history.bind(5, reason);
  history.bind(7, std::string(source_name(now.source)));
  history.bind(9, now.invariable ? 1 : 0);
  bind_optional(history, 11, now.weight);
  if (old) {
    history.bind(3, value(old->score));
    history.bind(6, std::string(source_name(old->source)));
    history.bind(8, old->invariable ? 1 : 0);
    bind_optional(history, 10, old->weight);
  }
  history.exec();
  history.reset();
}

void StoreWriter::queue_for_review(int64_t run, Key key, const std::string& reason) {
  SQLite::Statement q(*s_.db, "INSERT INTO review_queue(run, key, reason) VALUES(?, ?, ?)");
  q.bind(1, run);
  q.bind(2, static_cast<int64_t>(key));
  q.bind(3, reason);
  q.exec();
}

int64_t StoreWriter::add_batch(const Batch& batch) {
  SQLite::Statement b(*s_.db,
                      "INSERT INTO batches(design, seed, parameters, population, created) "
                      "VALUES(?, ?, ?, ?, ?)");
  b.bind(1, batch.design);
  b.bind(2, static_cast<int64_t>(batch.seed));
  b.bind(3, batch.parameters);
  b.bind(4, static_cast<int64_t>(batch.population));
  b.bind(5, now_utc());
  b.exec();
  const int64_t id = s_.db->getLastInsertRowid();
  SQLite::Statement item(
      *s_.db,
      "INSERT INTO batch_items(batch, key, score, probability, stratum) VALUES(?, ?, ?, ?, ?)");
  for (const BatchItem& i : batch.items) {
    item.bind(1, id);
    item.bind(2, static_cast<int64_t>(i.key));
    item.bind(3, value(i.score));
    item.bind(4, i.probability);
    item.bind(5, static_cast<int64_t>(i.stratum));
    item.exec();
    item.reset();
  }
  return id;
}

void StoreWriter::add_verdicts(int64_t batch, int64_t run, const std::string& reviewer,
                               const std::vector<std::pair<Key, Score>>& verdicts) {
  nodes_changed_ = true;
  SQLite::Statement q(*s_.db,
                      "INSERT INTO verdicts(batch, key, verdict, reviewer, time, run) "
                      "VALUES(?, ?, ?, ?, ?, ?)");
  const std::string time = now_utc();
  for (const auto& [key, verdict] : verdicts) {
    q.bind(1, batch);
    q.bind(2, static_cast<int64_t>(key));
    q.bind(3, value(verdict));
    q.bind(4, reviewer);
    q.bind(5, time);
    q.bind(6, run);
    q.exec();
    q.reset();
  }
}

namespace {

void require_drawn(SQLite::Database& db, const std::string& path, const PieceSet& pieces,
                   int64_t batch, Key key) {
  SQLite::Statement exists(db, "SELECT 1 FROM batches WHERE id = ?");
  exists.bind(1, batch);
  if (!exists.executeStep())
    throw InputError(path, 0, "batch", fmt::format("no batch {} in the store", batch));
  SQLite::Statement drawn(db, "SELECT 1 FROM batch_items WHERE batch = ? AND key = ?");
  drawn.bind(1, batch);
  drawn.bind(2, static_cast<int64_t>(key));
  if (!drawn.executeStep()) {
    throw InputError(
        path, 0, "material",
        fmt::format("{} was not drawn in batch {}", material_text(key, pieces), batch));
  }
}

}  // namespace

void StoreWriter::set_draft(int64_t batch, Key key, const std::string& reviewer,
                            std::optional<Score> verdict) {
  require_drawn(*s_.db, s_.path, *s_.pieces, batch, key);
  SQLite::Statement q(*s_.db,
                      "INSERT INTO drafts(batch, key, reviewer, verdict, time) VALUES(?, ?, ?, ?, "
                      "?) ON CONFLICT(batch, key, reviewer) DO UPDATE SET verdict = "
                      "excluded.verdict, time = excluded.time");
  q.bind(1, batch);
  q.bind(2, static_cast<int64_t>(key));
  q.bind(3, reviewer);
  q.bind(4, verdict ? std::to_string(value(*verdict)) : std::string("ok"));
  q.bind(5, now_utc());
  q.exec();
}

void StoreWriter::remove_draft(int64_t batch, Key key, const std::string& reviewer) {
  require_drawn(*s_.db, s_.path, *s_.pieces, batch, key);
  SQLite::Statement q(*s_.db, "DELETE FROM drafts WHERE batch = ? AND key = ? AND reviewer = ?");
  q.bind(1, batch);
  q.bind(2, static_cast<int64_t>(key));
  q.bind(3, reviewer);
  q.exec();
}

void StoreWriter::supersede_verdicts(int64_t batch, int64_t import_run, int64_t by_run) {
  nodes_changed_ = true;
  SQLite::Statement q(*s_.db,
                      "UPDATE verdicts SET superseded_by = ? WHERE batch = ? AND "
                      "superseded_by IS NULL AND coalesce(run, 0) = ?");
  q.bind(1, by_run);
  q.bind(2, batch);
  q.bind(3, import_run);
  q.exec();
}

void StoreWriter::reinstate_verdicts(int64_t batch, int64_t by_run) {
  nodes_changed_ = true;
  SQLite::Statement q(*s_.db,
                      "UPDATE verdicts SET superseded_by = NULL WHERE batch = ? AND "
                      "superseded_by = ?");
  q.bind(1, batch);
  q.bind(2, by_run);
  q.exec();
}

}  // namespace egkb
