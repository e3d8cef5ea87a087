// The nodes: read, changed with their history, created with their first state.
#include <cassert>

#include "base/progress.h"
#include "base/text.h"
#include "lattice/material.h"
#include "store/rows_contract.h"
#include "store/session.h"

namespace egkb {

namespace {

// Writes a node's row through `q`, whose parameters are key, material, score, source, invariable
// and weight: the upsert change() makes or the insert create() makes.
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

KnowledgeBase Store::knowledge_base() {
  take_snapshot();
  KnowledgeBase kb;
  kb.pieces = s_->pieces;
  kb.origin = s_->path;
  if (!s_->temporary.empty()) return kb;
  s_->guarded([&] {
    // Reserved, so the 2.1M rows of a full base are not copied while the array grows.
    Query count = s_->query("SELECT count(*) FROM nodes", "nodes");
    const std::size_t rows = count.step() ? static_cast<std::size_t>(count.integer(0, "count")) : 0;
    kb.rows.reserve(rows);
    ProgressStep progress("reading " + path_text(s_->path), "rows", rows);
    Query q = s_->query("SELECT key, score, source, invariable, weight FROM nodes ORDER BY key",
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

std::unordered_map<Key, NodeState> StoreWriter::nodes() {
  std::unordered_map<Key, NodeState> nodes;
  Query q =
      s_.query("SELECT key, score, source, invariable, weight FROM nodes", "nodes", {"key", 0});
  while (q.step()) nodes.emplace(q.key(0), q.node_state(1));
  return nodes;
}

void StoreWriter::change(RunId run, Key key, const std::optional<NodeState>& old,
                         const NodeState& now, const std::string& reason) {
  nodes_changed_ = true;
  write_node(q_->node, key, now, *s_.pieces);
  SQLite::Statement& history = q_->history;
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

void StoreWriter::create(RunId run, Key key, const NodeState& state) {
  nodes_changed_ = true;
  write_node(q_->created, key, state, *s_.pieces);
  created_[run].emplace_back(key, state);
}

void StoreWriter::write_created() {
  SQLite::Statement q(*s_.db, "INSERT INTO created(run, count, states) VALUES(?, ?, ?)");
  for (auto& [run, states] : created_) {
    const auto count = static_cast<int64_t>(states.size());
    const std::string bytes = encode_created(std::move(states));
    q.bind(1, run.value);
    q.bind(2, count);
    q.bindNoCopy(3, bytes.data(), static_cast<int>(bytes.size()));
    q.exec();
    q.reset();
  }
  created_.clear();
}

void StoreWriter::queue_for_review(RunId run, Key key, const std::string& reason) {
  SQLite::Statement q(*s_.db, "INSERT INTO review_queue(run, key, reason) VALUES(?, ?, ?)");
  q.bind(1, run.value);
  q.bind(2, static_cast<int64_t>(key));
  q.bind(3, reason);
  q.exec();
}

}  // namespace egkb
