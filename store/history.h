// What changed each node and when: its history rows and the run that created it.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "lattice/types.h"
#include "store/ids.h"
#include "store/store.h"

namespace egkb {

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

namespace store {

// The first score each node was given (its first history row): what repairs are measured from.
std::unordered_map<Key, Score> original_scores(Store& store);
std::unordered_map<Key, LastChange> last_changes(Store& store, std::span<const Key> keys);
// Every change of one node, oldest first.
std::vector<HistoryEntry> history(Store& store, Key key);

}  // namespace store

}  // namespace egkb
