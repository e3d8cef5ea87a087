// Facts about a store read straight from its tables with plain SQL, independent of the store
// code: the nodes, the nodes the history replays to, and a file's integrity.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>

#include "lattice/knowledge_base.h"

namespace egkb::test {

struct StoredNode {
  int score = 0;
  std::string source;
  int invariable = 0;
  std::optional<double> weight;
  friend bool operator==(const StoredNode&, const StoredNode&) = default;
};

std::map<int64_t, StoredNode> stored_nodes(const std::string& store);

// Applies every history row in order, as docs/formats.md says: a row with a source sets the
// whole state; a row without one (schema 4 and before) sets the score.
std::map<int64_t, StoredNode> replayed_history(const std::string& store);

// `PRAGMA integrity_check` answers "ok".
bool integrity_ok(const std::string& store);

// folder_files() with what the stores' journals hold folded in: each .sqlite file checkpointed
// first (its -wal written into it and emptied), and the -wal files compared too, so a write a
// command left in a journal shows as a change. Only the -shm index is left out: every reader
// rewrites it. The journals are kept, as egkb keeps them.
std::map<std::string, std::string> folder_files_checkpointed(const std::filesystem::path& folder);

// A single number from a query, e.g. "SELECT count(*) FROM runs".
int64_t query_number(const std::string& store, const std::string& sql);

// Writes a KB as a new store (its first import run), as `egkb import` does.
void make_store(const std::string& path, const KnowledgeBase& kb);

}  // namespace egkb::test
