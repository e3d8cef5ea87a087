#include "io/store.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/chrono.h>
#include <fmt/format.h>

#include <array>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <unordered_map>

#include "lattice/errors.h"
#include "lattice/material.h"

namespace egkb {

namespace {

// Migration i brings user_version i to i + 1; a store is always migrated inside the
// transaction of the command that opened it.
constexpr std::array<const char*, kStoreVersion> kMigrations = {R"sql(
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
)sql",
                                                                R"sql(
CREATE TABLE review_queue(
  run INTEGER NOT NULL REFERENCES runs(id),
  key INTEGER NOT NULL,
  reason TEXT NOT NULL
);
)sql",
                                                                R"sql(
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
)sql",
                                                                R"sql(
ALTER TABLE runs ADD COLUMN trace TEXT;
)sql"};

int user_version(SQLite::Database& db) {
  return db.execAndGet("PRAGMA user_version").getInt();
}

void migrate(SQLite::Database& db, const std::string& path) {
  const int version = user_version(db);
  if (version > kStoreVersion) {
    throw StoreError(fmt::format("{}: store version {} is newer than this egkb reads ({})", path,
                                 version, kStoreVersion));
  }
  for (int v = version; v < kStoreVersion; ++v) {
    db.exec(kMigrations[static_cast<std::size_t>(v)]);
    db.exec(fmt::format("PRAGMA user_version = {}", v + 1));
  }
}

std::string now_utc() {
  return fmt::format("{:%Y-%m-%dT%H:%M:%SZ}", fmt::gmtime(std::time(nullptr)));
}

// Removes a store file and its WAL companions; used when a command that created it failed.
void remove_store_files(const std::string& path) {
  std::error_code ignored;
  for (const char* suffix : {"", "-wal", "-shm", "-journal"}) {
    std::filesystem::remove(path + suffix, ignored);
  }
}

std::string stored_piece_set(SQLite::Database& db, const std::string& path) {
  SQLite::Statement q(db, "SELECT value FROM meta WHERE name = 'pieces'");
  if (!q.executeStep()) throw StoreError(path + ": not an egkb store (no piece set recorded)");
  return q.getColumn(0).getString();
}

void write_rows(SQLite::Database& db, const KnowledgeBase& kb, int64_t run, ImportResult& result) {
  std::unordered_map<Key, int> old_score;
  {
    SQLite::Statement q(db, "SELECT key, score FROM nodes");
    while (q.executeStep()) old_score.emplace(q.getColumn(0).getInt64(), q.getColumn(1).getInt());
  }
  SQLite::Statement upsert(db,
                           "INSERT INTO nodes(key, material, score, source, invariable, weight) "
                           "VALUES(?, ?, ?, ?, ?, ?) ON CONFLICT(key) DO UPDATE SET "
                           "score = excluded.score, source = excluded.source, "
                           "invariable = excluded.invariable, weight = excluded.weight");
  SQLite::Statement history(
      db, "INSERT INTO history(run, key, old, new, reason) VALUES(?, ?, ?, ?, 'import')");
  for (const KbRow& row : kb.rows) {
    upsert.bind(1, static_cast<int64_t>(row.key));
    upsert.bind(2, format_material(material_of(row.key, *kb.pieces), *kb.pieces));
    upsert.bind(3, value(row.score));
    upsert.bind(4, std::string(source_name(row.source)));
    upsert.bind(5, row.invariable ? 1 : 0);
    if (row.weight) {
      upsert.bind(6, *row.weight);
    } else {
      upsert.bind(6);
    }
    upsert.exec();
    upsert.reset();

    const auto old = old_score.find(row.key);
    if (old != old_score.end() && old->second == value(row.score)) {
      ++result.unchanged;
      continue;
    }
    ++(old == old_score.end() ? result.added : result.changed);
    history.bind(1, run);
    history.bind(2, static_cast<int64_t>(row.key));
    if (old == old_score.end()) {
      history.bind(3);
    } else {
      history.bind(3, old->second);
    }
    history.bind(4, value(row.score));
    history.exec();
    history.reset();
  }
}

// Readers open read-write when they may, because only a read-write connection removes the WAL
// files on close; a write-protected store is still read.
SQLite::Database open_for_reading(const std::string& path) {
  try {
    return SQLite::Database(path, SQLite::OPEN_READWRITE);
  } catch (const SQLite::Exception&) {
    return SQLite::Database(path, SQLite::OPEN_READONLY);
  }
}

// Runs `work` in one write transaction on a migrated store; on any failure the file is as it
// was, and a file this call created is removed.
template <typename Work>
void write_transaction(const std::string& path, bool may_create, Work&& work) {
  const bool existed = std::filesystem::exists(path);
  try {
    SQLite::Database db(path, SQLite::OPEN_READWRITE | (may_create ? SQLite::OPEN_CREATE : 0));
    db.exec("PRAGMA journal_mode = WAL");
    db.exec("PRAGMA synchronous = NORMAL");
    db.exec("PRAGMA foreign_keys = ON");
    SQLite::Transaction transaction(db);
    migrate(db, path);
    work(db);
    transaction.commit();
  } catch (const SQLite::Exception& e) {
    if (!existed) remove_store_files(path);
    throw StoreError(fmt::format("{}: {}", path, e.what()));
  } catch (...) {
    if (!existed) remove_store_files(path);
    throw;
  }
}

int64_t insert_run(SQLite::Database& db, const RunRecord& run) {
  SQLite::Statement q(db,
                      "INSERT INTO runs(command, parameters, before, after, started, seconds, "
                      "trace) VALUES(?, ?, ?, ?, ?, ?, ?)");
  q.bind(1, run.command);
  q.bind(2, run.parameters);
  if (run.before.empty()) {
    q.bind(3);
  } else {
    q.bind(3, run.before);
  }
  if (run.after.empty()) {
    q.bind(4);
  } else {
    q.bind(4, run.after);
  }
  q.bind(5, now_utc());
  q.bind(6, run.seconds);
  if (run.trace.empty()) {
    q.bind(7);
  } else {
    q.bind(7, run.trace);
  }
  q.exec();
  return db.getLastInsertRowid();
}

void finish_run(SQLite::Database& db, int64_t run, const std::string& after, double seconds) {
  SQLite::Statement q(db, "UPDATE runs SET after = ?, seconds = ? WHERE id = ?");
  q.bind(1, after);
  q.bind(2, seconds);
  q.bind(3, run);
  q.exec();
}

}  // namespace

std::optional<std::string> store_piece_set(const std::string& path) {
  if (!std::filesystem::exists(path)) return std::nullopt;
  try {
    SQLite::Database db = open_for_reading(path);
    if (user_version(db) == 0) throw StoreError(path + ": not an egkb store");
    return stored_piece_set(db, path);
  } catch (const SQLite::Exception& e) {
    throw StoreError(fmt::format("{}: {}", path, e.what()));
  }
}

ImportResult import_into_store(const std::string& path, const KnowledgeBase& kb,
                               const std::string& parameters) {
  const auto started = std::chrono::steady_clock::now();
  ImportResult result;
  write_transaction(path, true, [&](SQLite::Database& db) {
    SQLite::Statement meta(db, "INSERT OR IGNORE INTO meta(name, value) VALUES('pieces', ?)");
    meta.bind(1, kb.pieces->name());
    meta.exec();
    const std::string pieces = stored_piece_set(db, path);
    if (pieces != kb.pieces->name()) {
      throw InputError(path, 0, "--pieces",
                       fmt::format("the store holds {} materials, the import reads {}", pieces,
                                   kb.pieces->name()));
    }
    result.run = insert_run(db, {"import", parameters, "", "", 0, ""});
    write_rows(db, kb, result.run, result);
    finish_run(db, result.run,
               fmt::format(R"({{"added": {}, "changed": {}, "unchanged": {}}})", result.added,
                           result.changed, result.unchanged),
               std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
  });
  return result;
}

int64_t record_changes(const std::string& path, const RunRecord& run,
                       const std::vector<ScoreChange>& changes, const std::vector<Key>& queued) {
  if (!std::filesystem::exists(path)) throw InputError(path, 0, "", "no such file");
  int64_t id = 0;
  write_transaction(path, false, [&](SQLite::Database& db) {
    id = insert_run(db, run);
    SQLite::Statement update(db, "UPDATE nodes SET score = ? WHERE key = ?");
    SQLite::Statement history(
        db, "INSERT INTO history(run, key, old, new, reason) VALUES(?, ?, ?, ?, ?)");
    for (const ScoreChange& c : changes) {
      update.bind(1, value(c.new_score));
      update.bind(2, static_cast<int64_t>(c.key));
      update.exec();
      update.reset();
      history.bind(1, id);
      history.bind(2, static_cast<int64_t>(c.key));
      history.bind(3, value(c.old_score));
      history.bind(4, value(c.new_score));
      history.bind(5, run.command);
      history.exec();
      history.reset();
    }
    SQLite::Statement queue(db, "INSERT INTO review_queue(run, key, reason) VALUES(?, ?, 'tie')");
    for (Key k : queued) {
      queue.bind(1, id);
      queue.bind(2, static_cast<int64_t>(k));
      queue.exec();
      queue.reset();
    }
  });
  return id;
}

KnowledgeBase read_store(const std::string& path) {
  if (!std::filesystem::exists(path)) throw InputError(path, 0, "", "no such file");
  try {
    SQLite::Database db = open_for_reading(path);
    const int version = user_version(db);
    if (version == 0) throw StoreError(path + ": not an egkb store (user_version 0)");
    if (version != kStoreVersion) {
      throw StoreError(
          fmt::format("{}: store version {}, this egkb reads {}; run a writing "
                      "command (import) to migrate it",
                      path, version, kStoreVersion));
    }
    KnowledgeBase kb;
    kb.pieces = &PieceSet::named(stored_piece_set(db, path));
    kb.origin = path;
    SQLite::Statement q(db,
                        "SELECT key, score, source, invariable, weight FROM nodes ORDER BY key");
    while (q.executeStep()) {
      KbRow row;
      row.key = static_cast<Key>(q.getColumn(0).getInt64());
      row.score = Score(q.getColumn(1).getInt());
      row.source = source_named(q.getColumn(2).getString()).value_or(Source::Generated);
      row.invariable = q.getColumn(3).getInt() != 0;
      if (!q.getColumn(4).isNull()) row.weight = q.getColumn(4).getDouble();
      kb.rows.push_back(row);
    }
    return kb;
  } catch (const SQLite::Exception& e) {
    throw StoreError(fmt::format("{}: {}", path, e.what()));
  }
}

std::unordered_map<Key, Score> original_scores(const std::string& path) {
  std::unordered_map<Key, Score> scores;
  try {
    SQLite::Database db = open_for_reading(path);
    SQLite::Statement q(db,
                        "SELECT key, new FROM history WHERE rowid IN "
                        "(SELECT min(rowid) FROM history GROUP BY key)");
    while (q.executeStep())
      scores.emplace(q.getColumn(0).getInt64(), Score(q.getColumn(1).getInt()));
  } catch (const SQLite::Exception& e) {
    throw StoreError(fmt::format("{}: {}", path, e.what()));
  }
  return scores;
}

std::optional<RecordedRepair> last_repair(const std::string& path) {
  try {
    SQLite::Database db = open_for_reading(path);
    SQLite::Statement q(db,
                        "SELECT id, command, started, seconds, trace FROM runs "
                        "WHERE command LIKE 'reduce %' ORDER BY id DESC LIMIT 1");
    if (!q.executeStep()) return std::nullopt;
    RecordedRepair r;
    r.run = q.getColumn(0).getInt64();
    r.command = q.getColumn(1).getString();
    r.started = q.getColumn(2).getString();
    r.seconds = q.getColumn(3).getDouble();
    r.trace = q.getColumn(4).isNull() ? "" : q.getColumn(4).getString();
    SQLite::Statement changes(db, "SELECT key, old, new FROM history WHERE run = ? ORDER BY rowid");
    changes.bind(1, r.run);
    while (changes.executeStep()) {
      r.changes.push_back({static_cast<Key>(changes.getColumn(0).getInt64()),
                           Score(changes.getColumn(1).getInt()),
                           Score(changes.getColumn(2).getInt())});
    }
    SQLite::Statement later(db, "SELECT count(*) FROM runs WHERE id > ?");
    later.bind(1, r.run);
    later.executeStep();
    r.later_runs = static_cast<std::size_t>(later.getColumn(0).getInt64());
    return r;
  } catch (const SQLite::Exception& e) {
    throw StoreError(fmt::format("{}: {}", path, e.what()));
  }
}

int64_t record_batch(const std::string& path, const Batch& batch) {
  if (!std::filesystem::exists(path)) throw InputError(path, 0, "", "no such file");
  int64_t id = 0;
  write_transaction(path, false, [&](SQLite::Database& db) {
    SQLite::Statement b(db,
                        "INSERT INTO batches(design, seed, parameters, population, created) "
                        "VALUES(?, ?, ?, ?, ?)");
    b.bind(1, batch.design);
    b.bind(2, static_cast<int64_t>(batch.seed));
    b.bind(3, batch.parameters);
    b.bind(4, static_cast<int64_t>(batch.population));
    b.bind(5, now_utc());
    b.exec();
    id = db.getLastInsertRowid();
    SQLite::Statement item(
        db,
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
  });
  return id;
}

Batch read_batch(const std::string& path, int64_t id) {
  try {
    SQLite::Database db = open_for_reading(path);
    if (user_version(db) < 3)
      throw InputError(path, 0, "batch", "the store holds no review batches");
    SQLite::Statement b(db,
                        "SELECT design, seed, parameters, population FROM batches WHERE id = ?");
    b.bind(1, id);
    if (!b.executeStep())
      throw InputError(path, 0, "batch", fmt::format("no batch {} in the store", id));
    Batch batch;
    batch.id = id;
    batch.design = b.getColumn(0).getString();
    batch.seed = static_cast<uint64_t>(b.getColumn(1).getInt64());
    batch.parameters = b.getColumn(2).getString();
    batch.population = static_cast<std::size_t>(b.getColumn(3).getInt64());
    SQLite::Statement items(
        db,
        "SELECT key, score, probability, stratum FROM batch_items WHERE batch = ? ORDER BY rowid");
    items.bind(1, id);
    while (items.executeStep()) {
      batch.items.push_back({static_cast<Key>(items.getColumn(0).getInt64()),
                             Score(items.getColumn(1).getInt()), items.getColumn(2).getDouble(),
                             static_cast<std::size_t>(items.getColumn(3).getInt64())});
    }
    return batch;
  } catch (const SQLite::Exception& e) {
    throw StoreError(fmt::format("{}: {}", path, e.what()));
  }
}

void record_verdicts(const std::string& path, int64_t batch, const std::string& reviewer,
                     const std::vector<VerdictRecord>& verdicts) {
  write_transaction(path, false, [&](SQLite::Database& db) {
    const int64_t run =
        insert_run(db, {"review import", fmt::format(R"({{"batch": {}}})", batch), "", "", 0, ""});
    SQLite::Statement node(
        db, "UPDATE nodes SET score = ?, source = 'expert', invariable = 1 WHERE key = ?");
    SQLite::Statement history(
        db, "INSERT INTO history(run, key, old, new, reason) VALUES(?, ?, ?, ?, 'review')");
    SQLite::Statement verdict(db,
                              "INSERT OR REPLACE INTO verdicts(batch, key, verdict, reviewer, "
                              "time) VALUES(?, ?, ?, ?, ?)");
    const std::string time = now_utc();
    for (const VerdictRecord& v : verdicts) {
      node.bind(1, value(v.verdict));
      node.bind(2, static_cast<int64_t>(v.key));
      node.exec();
      node.reset();
      if (v.verdict != v.old_score) {
        history.bind(1, run);
        history.bind(2, static_cast<int64_t>(v.key));
        history.bind(3, value(v.old_score));
        history.bind(4, value(v.verdict));
        history.exec();
        history.reset();
      }
      verdict.bind(1, batch);
      verdict.bind(2, static_cast<int64_t>(v.key));
      verdict.bind(3, value(v.verdict));
      verdict.bind(4, reviewer);
      verdict.bind(5, time);
      verdict.exec();
      verdict.reset();
    }
  });
}

}  // namespace egkb
