// What the benchmark programs share: a scratch folder, the removal of a store with its WAL files,
// the floor SQLite sets for writing a base's rows, and a process's times in seconds.
#pragma once

#include <SQLiteCpp/SQLiteCpp.h>
#include <sys/time.h>

#include <filesystem>
#include <string>

#include "lattice/knowledge_base.h"
#include "lattice/material.h"

namespace egkb::bench {

// The temporary directory's NAME folder, made when missing.
inline std::filesystem::path scratch_dir(const std::string& name) {
  std::filesystem::path p = std::filesystem::temp_directory_path() / name;
  std::filesystem::create_directories(p);
  return p;
}

// A getrusage or wait4 time in seconds.
inline double seconds(const timeval& t) {
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
}

inline void remove_store(const std::filesystem::path& path) {
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path.string() + suffix);
}

// The rows, parsed beforehand, inserted with their material text into a new bare table in one
// transaction: no validation, no history, no indexes, no journal.
inline void bare_sqlite_insert(const KnowledgeBase& kb, const std::filesystem::path& store) {
  SQLite::Database db(store.string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
  db.exec("PRAGMA journal_mode = OFF");
  db.exec("PRAGMA synchronous = OFF");
  db.exec("CREATE TABLE nodes(key INTEGER PRIMARY KEY, material TEXT, score INTEGER)");
  SQLite::Transaction tx(db);
  SQLite::Statement insert(db, "INSERT INTO nodes VALUES(?, ?, ?)");
  for (const KbRow& row : kb.rows) {
    insert.bind(1, static_cast<int64_t>(row.key));
    insert.bind(2, material_text(row.key, *kb.pieces));
    insert.bind(3, value(row.score));
    insert.exec();
    insert.reset();
  }
  tx.commit();
}

}  // namespace egkb::bench
