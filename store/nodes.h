// The nodes: the knowledge base as the snapshot holds it, and the nodes a write reads and
// changes. Every change of a node goes through change_node(), which writes its history row, so
// the history replays to the nodes (store/history.h).
#pragma once

#include <optional>
#include <string>
#include <unordered_map>

#include "lattice/knowledge_base.h"
#include "store/ids.h"
#include "store/node_state.h"
#include "store/store.h"

namespace egkb::store {

KnowledgeBase knowledge_base(Store& store);

// The nodes as they stand inside the transaction.
std::unordered_map<Key, NodeState> nodes(StoreWriter& w);
// One node as it stands inside the transaction; nullopt when the store lacks it.
std::optional<NodeState> node(StoreWriter& w, Key key);
// Sets a node that exists (or adds one, when `old` is nullopt) and records the change as a
// history row.
void change_node(StoreWriter& w, RunId run, Key key, const std::optional<NodeState>& old,
                 const NodeState& now, const std::string& reason);
// Adds a node the store does not hold; its first state is kept with the run's other created
// nodes in one value (store/created_states.h), written when the transaction ends.
void create_node(StoreWriter& w, RunId run, Key key, const NodeState& state);
void queue_for_review(StoreWriter& w, RunId run, Key key, const std::string& reason);

}  // namespace egkb::store
