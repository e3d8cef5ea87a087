// What changed each node and when: its history rows and the run that created it.
#include "store/history.h"

#include <algorithm>

#include "store/session.h"

namespace egkb {

std::unordered_map<Key, Score> store::original_scores(Store& store) {
  Store::Session& s = store.read_session();
  std::unordered_map<Key, Score> scores;
  if (!s.temporary.empty()) return scores;
  s.guarded([&] {
    // A node's first state: where a run created it, or its first history row.
    for (const Store::Session::CreatedRun& run : s.created_runs()) {
      for (const auto& [key, state] : run.states) scores.emplace(key, state.score);
    }
    Query q = s.query(
        "SELECT key, new, rowid FROM history WHERE rowid IN "
        "(SELECT min(rowid) FROM history GROUP BY key)",
        "history", {"rowid", 2});
    while (q.step()) scores.emplace(q.key(0), q.score(1, "new"));
  });
  return scores;
}

std::unordered_map<Key, LastChange> store::last_changes(Store& store, std::span<const Key> keys) {
  Store::Session& s = store.read_session();
  std::unordered_map<Key, LastChange> changes;
  if (!s.temporary.empty()) return changes;
  s.guarded([&] {
    Query q = s.query(
        "SELECT h.run, r.command, r.started FROM history h JOIN runs r ON "
        "r.id = h.run WHERE h.key = ? ORDER BY h.rowid DESC LIMIT 1",
        "runs", {"id", 0});
    std::vector<Key> created_only;
    for (Key key : keys) {
      q.bind(1, static_cast<int64_t>(key));
      if (q.step()) {
        changes.emplace(key,
                        LastChange{q.run(0, "id"), q.text(1, "command"), q.text(2, "started")});
      } else {
        created_only.push_back(key);
      }
      q.reset();
    }
    // A node no history row changed was last changed by the run that created it.
    if (created_only.empty()) return;
    std::sort(created_only.begin(), created_only.end());
    for (const Store::Session::CreatedRun& run : s.created_runs()) {
      for (const auto& [key, state] : run.states) {
        if (std::binary_search(created_only.begin(), created_only.end(), key))
          changes.emplace(key, LastChange{run.run, run.command, run.started});
      }
    }
  });
  return changes;
}

std::vector<HistoryEntry> store::history(Store& store, Key key) {
  Store::Session& s = store.read_session();
  std::vector<HistoryEntry> entries;
  if (!s.temporary.empty()) return entries;
  s.guarded([&] {
    Query q = s.query(
        "SELECT h.run, r.command, r.started, h.old, h.new, h.reason, "
        "CASE WHEN r.command = 'review import' AND json_valid(r.parameters) "
        "THEN json_extract(r.parameters, '$.reviewer') END, h.rowid "
        "FROM history h JOIN runs r ON r.id = h.run WHERE h.key = ? "
        "ORDER BY h.rowid",
        "history", {"rowid", 7});
    q.bind(1, static_cast<int64_t>(key));
    for (const Store::Session::CreatedRun& run : s.created_runs()) {
      const auto it =
          std::lower_bound(run.states.begin(), run.states.end(), key,
                           [](const CreatedState& state, Key k) { return state.first < k; });
      if (it == run.states.end() || it->first != key) continue;
      entries.push_back(
          {run.run, run.command, run.started, std::nullopt, it->second.score, "import", ""});
      break;  // a node is created once
    }
    while (q.step()) {
      HistoryEntry e;
      e.run = q.run(0, "run");
      e.command = q.text(1, "command");
      e.started = q.text(2, "started");
      e.old_score = q.score_or_null(3, "old");
      e.new_score = q.score(4, "new");
      e.reason = q.text(5, "reason");
      if (!q.is_null(6)) e.reviewer = q.reviewer(6, "reviewer (runs.parameters)");
      entries.push_back(std::move(e));
    }
  });
  return entries;
}

}  // namespace egkb
