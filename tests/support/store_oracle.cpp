#include "tests/support/store_oracle.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>

#include <cstring>

#include "io/output_files.h"
#include "store/kb_file.h"
#include "tests/support/temp_dir.h"

namespace egkb::test {

std::map<int64_t, StoredNode> stored_nodes(const std::string& store) {
  SQLite::Database db(store, SQLite::OPEN_READONLY);
  SQLite::Statement q(db, "SELECT key, score, source, invariable, weight FROM nodes");
  std::map<int64_t, StoredNode> nodes;
  while (q.executeStep()) {
    StoredNode n{q.getColumn(1).getInt(), q.getColumn(2).getString(), q.getColumn(3).getInt(),
                 std::nullopt};
    if (!q.getColumn(4).isNull()) n.weight = q.getColumn(4).getDouble();
    nodes[q.getColumn(0).getInt64()] = n;
  }
  return nodes;
}

namespace {

// One run's created states as docs/formats.md ("History") describes their bytes, read here apart
// from the store's own decoder: key gaps as LEB128 varints, a flags byte, an optional weight.
void replay_created(const std::string& bytes, std::map<int64_t, StoredNode>& nodes) {
  static const char* const kSources[] = {"manual", "generated", "expert", "solved"};
  std::size_t at = 0;
  int64_t key = 0;
  const auto next = [&] { return static_cast<unsigned char>(bytes.at(at++)); };
  while (at < bytes.size()) {
    int64_t gap = 0;
    for (int shift = 0;; shift += 7) {
      const unsigned char b = next();
      gap |= static_cast<int64_t>(b & 0x7F) << shift;
      if (!(b & 0x80)) break;
    }
    key += gap;
    const unsigned char flags = next();
    StoredNode n{flags & 0x0F, kSources[(flags >> 4) & 3], (flags >> 6) & 1, std::nullopt};
    if (flags & 0x80) {
      uint64_t bits = 0;
      for (int i = 0; i < 8; ++i) bits |= static_cast<uint64_t>(next()) << (8 * i);
      double weight = 0;
      std::memcpy(&weight, &bits, sizeof weight);
      n.weight = weight;
    }
    nodes[key] = n;
  }
}

}  // namespace

std::map<int64_t, StoredNode> replayed_history(const std::string& store) {
  SQLite::Database db(store, SQLite::OPEN_READONLY);
  const bool created = db.tableExists("created");
  // Run by run: the nodes a run created, then its history rows in order.
  SQLite::Statement runs(db, "SELECT id FROM runs ORDER BY id");
  SQLite::Statement q(db,
                      "SELECT key, new, source, invariable, weight FROM history WHERE run = ? "
                      "ORDER BY rowid");
  std::map<int64_t, StoredNode> nodes;
  while (runs.executeStep()) {
    const int64_t run = runs.getColumn(0).getInt64();
    if (created) {
      SQLite::Statement states(db, "SELECT states FROM created WHERE run = ?");
      states.bind(1, run);
      if (states.executeStep()) {
        const SQLite::Column blob = states.getColumn(0);
        replay_created(std::string(static_cast<const char*>(blob.getBlob()),
                                   static_cast<std::size_t>(blob.getBytes())),
                       nodes);
      }
    }
    q.bind(1, run);
    while (q.executeStep()) {
      StoredNode& n =
          nodes.try_emplace(q.getColumn(0).getInt64(), StoredNode{0, "generated", 0, {}})
              .first->second;
      n.score = q.getColumn(1).getInt();
      if (q.getColumn(2).isNull()) continue;
      n.source = q.getColumn(2).getString();
      n.invariable = q.getColumn(3).getInt();
      n.weight.reset();
      if (!q.getColumn(4).isNull()) n.weight = q.getColumn(4).getDouble();
    }
    q.reset();
  }
  return nodes;
}

bool integrity_ok(const std::string& store) {
  SQLite::Database db(store, SQLite::OPEN_READONLY);
  return db.execAndGet("PRAGMA integrity_check").getString() == "ok";
}

namespace {

// Writes what the store's journal holds into the store and empties the journal, keeping it (a
// file that is not a store is left as it is).
void checkpoint(const std::string& store) {
  try {
    SQLite::Database db(store, SQLite::OPEN_READWRITE);
    int persist = 1;
    sqlite3_file_control(db.getHandle(), "main", SQLITE_FCNTL_PERSIST_WAL, &persist);
    db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  } catch (const SQLite::Exception&) {
  }
}

}  // namespace

std::map<std::string, std::string> folder_files_checkpointed(const std::filesystem::path& folder) {
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    if (entry.path().extension() == ".sqlite" && entry.is_regular_file()) checkpoint(entry.path());
  }
  std::map<std::string, std::string> files = folder_files(folder);
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    const std::string name = entry.path().filename().string();
    if (name.ends_with("-wal") && entry.is_regular_file()) files[name] = read_file(entry.path());
  }
  return files;
}

int64_t query_number(const std::string& store, const std::string& sql) {
  SQLite::Database db(store, SQLite::OPEN_READONLY);
  return db.execAndGet(sql).getInt64();
}

void make_store(const std::string& path, const KnowledgeBase& kb) {
  Outputs outputs;
  save_kb(path, kb, nlohmann::ordered_json::object(), outputs);
  outputs.publish();
  outputs.keep();
}

}  // namespace egkb::test
