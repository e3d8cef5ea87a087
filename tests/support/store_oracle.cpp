#include "tests/support/store_oracle.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include "io/output_files.h"
#include "store/kb_file.h"

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

std::map<int64_t, StoredNode> replayed_history(const std::string& store) {
  SQLite::Database db(store, SQLite::OPEN_READONLY);
  SQLite::Statement q(db,
                      "SELECT key, new, source, invariable, weight FROM history ORDER BY rowid");
  std::map<int64_t, StoredNode> nodes;
  while (q.executeStep()) {
    StoredNode& n = nodes.try_emplace(q.getColumn(0).getInt64(), StoredNode{0, "generated", 0, {}})
                        .first->second;
    n.score = q.getColumn(1).getInt();
    if (q.getColumn(2).isNull()) continue;
    n.source = q.getColumn(2).getString();
    n.invariable = q.getColumn(3).getInt();
    n.weight.reset();
    if (!q.getColumn(4).isNull()) n.weight = q.getColumn(4).getDouble();
  }
  return nodes;
}

bool integrity_ok(const std::string& store) {
  SQLite::Database db(store, SQLite::OPEN_READONLY);
  return db.execAndGet("PRAGMA integrity_check").getString() == "ok";
}

int64_t query_number(const std::string& store, const std::string& sql) {
  SQLite::Database db(store, SQLite::OPEN_READONLY);
  return db.execAndGet(sql).getInt64();
}

void make_store(const std::string& path, const KnowledgeBase& kb) {
  Outputs outputs;
  save_kb(path, kb, "{}", outputs);
  outputs.publish();
  outputs.keep();
}

}  // namespace egkb::test
