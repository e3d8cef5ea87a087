// The nodes: read, changed with their history, created with their first state.
#include "store/nodes.h"

#include <cassert>

#include "base/progress.h"
#include "base/text.h"
#include "lattice/material.h"
#include "store/rows_contract.h"
#include "store/session.h"

namespace egkb {

namespace {

// Writes a node's row through `q`, whose parameters are key, material, score, source, invariable
// and weight: the upsert change_node() makes or the insert create_node() makes.
void write_node(SQLite::Statement& q, Key key, const NodeState& state, const PieceSet& pieces) {
  q.bind(1, static_cast<int64_t>(key));
  char material[kMaxMaterialText + 1];  // read by the statement until its reset below
  material[write_material(material_of(key, pieces), pieces, material)] = '\0';
  q.bindNoCopy(2, material);
  q.bind(3, value(state.score));
  q.bindNoCopy(4, source_name(state.source).data());  // a literal: it outlives the statement
  q.bind(5, state.invariable ? 1 : 0);
  bind_optional(q, 6, state.weight);
  q.exec();
  q.reset();
}

}  // namespace

KnowledgeBase store::knowledge_base(Store& store) {
  Store::Session& s = store.read_session();
  KnowledgeBase kb;
  kb.pieces = s.pieces;
  kb.origin = s.path;
  if (!s.temporary.empty()) return kb;
  s.guarded([&] {
    // Reserved, so the 2.1M rows of a full base are not copied while the array grows.
    Query count = s.query("SELECT count(*) FROM nodes", "nodes");
    const std::size_t rows = count.step() ? static_cast<std::size_t>(count.integer(0, "count")) : 0;
    kb.rows.reserve(rows);
    ProgressStep progress("reading " + path_text(s.path), "rows", rows);
    Query q = s.query("SELECT key, score, source, invariable, weight FROM nodes ORDER BY key",
                      "nodes", {"key", 0});
    while (q.step()) {
      const Key key = q.key(0);
      const NodeState state = q.node_state(1);
      kb.rows.push_back({key, state.score, state.source, state.invariable, state.weight});
      if (kb.rows.size() % kRowsBetweenReports == 0) progress.advance(kb.rows.size());
    }
  });
  assert(stored_rows_are_ok(kb));
  return kb;
}

std::unordered_map<Key, NodeState> store::nodes(StoreWriter& w) {
  std::unordered_map<Key, NodeState> nodes;
  Query q =
      w.s.query("SELECT key, score, source, invariable, weight FROM nodes", "nodes", {"key", 0});
  while (q.step()) nodes.emplace(q.key(0), q.node_state(1));
  return nodes;
}

std::optional<NodeState> store::node(StoreWriter& w, Key key) {
  Query q = w.s.query("SELECT key, score, source, invariable, weight FROM nodes WHERE key = ?",
                      "nodes", {"key", 0});
  q.bind(1, static_cast<int64_t>(key));
  if (!q.step()) return std::nullopt;
  return q.node_state(1);
}

void store::change_node(StoreWriter& w, RunId run, Key key, const std::optional<NodeState>& old,
                        const NodeState& now, const std::string& reason) {
  w.nodes_changed = true;
  write_node(w.q.node, key, now, *w.s.pieces);
  SQLite::Statement& history = w.q.history;
  history.clearBindings();
  history.bind(1, run.value);
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

void store::create_node(StoreWriter& w, RunId run, Key key, const NodeState& state) {
  w.nodes_changed = true;
  write_node(w.q.created, key, state, *w.s.pieces);
  w.created[run].emplace_back(key, state);
}

void write_created(StoreWriter& w) {
  SQLite::Statement q(*w.s.db, "INSERT INTO created(run, count, states) VALUES(?, ?, ?)");
  for (auto& [run, states] : w.created) {
    const auto count = static_cast<int64_t>(states.size());
    const std::string bytes = encode_created(std::move(states));
    q.bind(1, run.value);
    q.bind(2, count);
    q.bindNoCopy(3, bytes.data(), static_cast<int>(bytes.size()));
    q.exec();
    q.reset();
  }
  w.created.clear();
}

void store::queue_for_review(StoreWriter& w, RunId run, Key key, const std::string& reason) {
  SQLite::Statement q(*w.s.db, "INSERT INTO review_queue(run, key, reason) VALUES(?, ?, ?)");
  q.bind(1, run.value);
  q.bind(2, static_cast<int64_t>(key));
  q.bind(3, reason);
  q.exec();
}

}  // namespace egkb
