// The review app's drafts: each reviewer's answers, their history, undo and redo, and the
// requests applied, by their ids.
#include "store/drafts.h"

#include <unordered_map>

#include "lattice/material.h"
#include "store/session.h"

namespace egkb {

namespace {

// The verdict column of drafts and draft_changes: 0..9, ok, or (schema 7) NULL for none yet.
std::optional<Verdict> draft_verdict(const Query& q, int column) {
  if (q.is_null(column)) return std::nullopt;
  const std::optional<Verdict> v = Verdict::parse(q.text(column, "verdict"));
  if (!v || q.text(column, "verdict") != v->text()) q.damaged(column, "verdict", "0..9 or ok");
  return v;
}

// Takes a change back (redo can then put it back) or puts it back.
void set_undone(SQLite::Database& db, int64_t id, bool undone) {
  SQLite::Statement q(db, "UPDATE draft_changes SET undone = ?1, redoable = ?1 WHERE id = ?2");
  q.bind(1, undone ? 1 : 0);
  q.bind(2, id);
  q.exec();
}

// A state as draft_changes holds it: verdict, note, flag and skip in four columns from `first`.
DraftState change_state(const Query& q, int first) {
  return {draft_verdict(q, first), q.note(first + 1, "note"), q.flag(first + 2, "flagged"),
          q.flag(first + 3, "skipped")};
}

// The columns change_state reads, as a store of `version` holds them.
std::string state_columns(int version) {
  if (version >= 12) return "verdict, note, flagged, skipped";
  return version >= 7 ? "verdict, note, flagged, 0" : "verdict, '', 0, 0";
}

}  // namespace

std::vector<Draft> store::drafts(Store& store, BatchId batch) {
  Store::Session& s = store.read_session();
  std::vector<Draft> drafts;
  if (s.version < 6 || !s.temporary.empty()) return drafts;
  s.guarded([&] {
    Query q = s.query(fmt::format("SELECT key, reviewer, time, {} FROM drafts WHERE "
                                  "batch = ? ORDER BY key, reviewer",
                                  state_columns(s.version)),
                      "drafts", {"key", 0});
    q.bind(1, batch.value);
    while (q.step()) {
      drafts.push_back(
          {q.key(0), q.reviewer(1, "reviewer"), change_state(q, 3), q.text(2, "time")});
    }
  });
  return drafts;
}

std::vector<DraftRevision> store::draft_revisions(Store& store, BatchId batch) {
  Store::Session& s = store.read_session();
  std::vector<DraftRevision> revisions;
  if (s.version < 7 || !s.temporary.empty()) return revisions;
  s.guarded([&] {
    Query q = s.query(
        "SELECT key, reviewer, max(id) FROM draft_changes WHERE batch = ? AND undone = 0 GROUP "
        "BY key, reviewer ORDER BY key, reviewer",
        "draft_changes", {"key", 0});
    q.bind(1, batch);
    while (q.step()) {
      revisions.push_back({q.key(0), q.reviewer(1, "reviewer"), q.integer(2, "id")});
    }
  });
  return revisions;
}

namespace {

void require_drawn(SQLite::Database& db, const std::string& path, const PieceSet& pieces,
                   BatchId batch, Key key) {
  SQLite::Statement exists(db, "SELECT 1 FROM batches WHERE id = ?");
  exists.bind(1, batch.value);
  if (!exists.executeStep())
    throw InputError(path, 0, "batch", fmt::format("no batch {} in the store", batch));
  SQLite::Statement drawn(db, "SELECT 1 FROM batch_items WHERE batch = ? AND key = ?");
  drawn.bind(1, batch.value);
  drawn.bind(2, static_cast<int64_t>(key));
  if (!drawn.executeStep()) {
    throw InputError(
        path, 0, "material",
        fmt::format("{} was not drawn in batch {}", material_text(key, pieces), batch));
  }
}

// A submitted batch is read-only to drafts: its verdicts are expert rows now.
void require_open(Store::Session& s, BatchId batch) {
  Query imported = s.query(
      "SELECT reviewer, time, rowid FROM verdicts WHERE batch = ? AND superseded_by IS NULL",
      "verdicts", {"rowid", 2});
  imported.bind(1, batch.value);
  if (imported.step()) {
    throw InputError(s.path, 0, "batch",
                     fmt::format("batch {} was submitted by {} at {}: its answers are read-only "
                                 "now; take the import back (egkb review undo) to answer again",
                                 batch, imported.reviewer(0, "reviewer"), imported.text(1, "time")),
                     Choice::Submitted);
  }
}

// Sets the drafts row to `state` without a change of its history.
void put_draft(StoreWriter& w, BatchId batch, Key key, const std::string& reviewer,
               const DraftState& state, const std::string& time) {
  if (state.empty()) {
    SQLite::Statement q(*w.s.db, "DELETE FROM drafts WHERE batch = ? AND key = ? AND reviewer = ?");
    q.bind(1, batch.value);
    q.bind(2, static_cast<int64_t>(key));
    q.bind(3, reviewer);
    q.exec();
    return;
  }
  SQLite::Statement q(*w.s.db,
                      "INSERT INTO drafts(batch, key, reviewer, verdict, note, flagged, skipped, "
                      "time) VALUES(?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(batch, key, reviewer) DO "
                      "UPDATE SET verdict = excluded.verdict, note = excluded.note, flagged = "
                      "excluded.flagged, skipped = excluded.skipped, time = excluded.time");
  q.bind(1, batch.value);
  q.bind(2, static_cast<int64_t>(key));
  q.bind(3, reviewer);
  bind_text_or_null(q, 4, state.verdict ? state.verdict->text() : "");
  q.bind(5, state.note);
  q.bind(6, state.flagged ? 1 : 0);
  q.bind(7, state.skipped ? 1 : 0);
  q.bind(8, time);
  q.exec();
}

}  // namespace

std::optional<DraftState> store::draft(StoreWriter& w, BatchId batch, Key key,
                                       const std::string& reviewer) {
  Query q = w.s.query(
      "SELECT verdict, note, flagged, skipped FROM drafts WHERE batch = ? AND key = ? AND "
      "reviewer = ?",
      "drafts");
  q.bind(1, batch).bind(2, static_cast<int64_t>(key)).bind(3, reviewer);
  if (!q.step()) return std::nullopt;
  return change_state(q, 0);
}

int64_t store::draft_revision(StoreWriter& w, BatchId batch, Key key, const std::string& reviewer) {
  Query q = w.s.query(
      "SELECT coalesce(max(id), 0) FROM draft_changes WHERE batch = ? AND key = ? AND reviewer = "
      "? AND undone = 0",
      "draft_changes");
  q.bind(1, batch).bind(2, static_cast<int64_t>(key)).bind(3, reviewer);
  return q.step() ? q.integer(0, "id") : 0;
}

void store::set_draft(StoreWriter& w, BatchId batch, Key key, const std::string& reviewer,
                      const DraftState& state) {
  require_drawn(*w.s.db, w.s.path, *w.s.pieces, batch, key);
  require_open(w.s, batch);
  const std::string time = now_utc();
  const auto bind_state = [&](SQLite::Statement& q, int first) {
    bind_text_or_null(q, first, state.verdict ? state.verdict->text() : "");
    q.bind(first + 1, state.note);
    q.bind(first + 2, state.flagged ? 1 : 0);
    q.bind(first + 3, state.skipped ? 1 : 0);
    q.bind(first + 4, time);
  };
  SQLite::Statement change(*w.s.db,
                           "INSERT INTO draft_changes(batch, key, reviewer, verdict, note, "
                           "flagged, skipped, time) VALUES(?, ?, ?, ?, ?, ?, ?, ?)");
  change.bind(1, batch.value);
  change.bind(2, static_cast<int64_t>(key));
  change.bind(3, reviewer);
  bind_state(change, 4);
  change.exec();
  SQLite::Statement ends_redo(*w.s.db,
                              "UPDATE draft_changes SET redoable = 0 WHERE batch = ? AND "
                              "reviewer = ? AND redoable = 1");
  ends_redo.bind(1, batch.value);
  ends_redo.bind(2, reviewer);
  ends_redo.exec();
  put_draft(w, batch, key, reviewer, state, time);
}

std::optional<std::pair<Key, DraftState>> store::undo_draft(StoreWriter& w, BatchId batch,
                                                            const std::string& reviewer) {
  require_open(w.s, batch);
  Query last = w.s.query(
      "SELECT id, key FROM draft_changes WHERE batch = ? AND reviewer = ? AND undone = 0 "
      "ORDER BY id DESC LIMIT 1",
      "draft_changes", {"id", 0});
  last.bind(1, batch).bind(2, reviewer);
  if (!last.step()) return std::nullopt;
  const int64_t id = last.integer(0, "id");
  const Key key = last.key(1);
  set_undone(*w.s.db, id, true);
  Query before = w.s.query(
      "SELECT verdict, note, flagged, skipped, time, id FROM draft_changes WHERE batch = ? AND "
      "key = ? AND reviewer = ? AND undone = 0 ORDER BY id DESC LIMIT 1",
      "draft_changes", {"id", 5});
  before.bind(1, batch).bind(2, static_cast<int64_t>(key)).bind(3, reviewer);
  DraftState state;
  std::string time = now_utc();
  if (before.step()) {
    state = change_state(before, 0);
    time = before.text(4, "time");
  }
  put_draft(w, batch, key, reviewer, state, time);
  return std::make_pair(key, state);
}

std::optional<std::pair<Key, DraftState>> store::redo_draft(StoreWriter& w, BatchId batch,
                                                            const std::string& reviewer) {
  require_open(w.s, batch);
  Query next = w.s.query(
      "SELECT id, key, verdict, note, flagged, skipped, time FROM draft_changes WHERE batch = ? "
      "AND reviewer = ? AND redoable = 1 ORDER BY id LIMIT 1",
      "draft_changes", {"id", 0});
  next.bind(1, batch).bind(2, reviewer);
  if (!next.step()) return std::nullopt;
  const Key key = next.key(1);
  const DraftState state = change_state(next, 2);
  set_undone(*w.s.db, next.integer(0, "id"), false);
  put_draft(w, batch, key, reviewer, state, next.text(6, "time"));
  return std::make_pair(key, state);
}

std::optional<Key> store::applied_request(StoreWriter& w, BatchId batch,
                                          const std::string& reviewer, const std::string& request) {
  Query q =
      w.s.query("SELECT key FROM draft_requests WHERE batch = ? AND reviewer = ? AND request = ?",
                "draft_requests", {"key", 0});
  q.bind(1, batch).bind(2, reviewer).bind(3, request);
  if (!q.step()) return std::nullopt;
  return q.key(0);
}

void store::record_request(StoreWriter& w, BatchId batch, const std::string& reviewer,
                           const std::string& request, Key key) {
  SQLite::Statement q(*w.s.db,
                      "INSERT INTO draft_requests(batch, reviewer, request, key, time) "
                      "VALUES(?, ?, ?, ?, ?)");
  q.bind(1, batch.value);
  q.bind(2, reviewer);
  q.bind(3, request);
  q.bind(4, static_cast<int64_t>(key));
  q.bind(5, now_utc());
  q.exec();
}

DraftHistory store::draft_history(Store& store, BatchId batch, const std::string& reviewer) {
  Store::Session& s = store.read_session();
  DraftHistory history;
  if (s.version < 7 || !s.temporary.empty()) return history;
  s.guarded([&] {
    // Replayed in order: a change's state before is its row's after the changes that stand, and
    // every change redo can put back comes after them.
    Query q = s.query(fmt::format("SELECT key, {1}, {0}, id FROM "
                                  "draft_changes WHERE batch = ? AND reviewer = ? AND (undone "
                                  "= 0 OR {0} = 1) ORDER BY id",
                                  s.version >= 11 ? "redoable" : "0", state_columns(s.version)),
                      "draft_changes", {"id", 6});
    q.bind(1, batch).bind(2, reviewer);
    std::unordered_map<Key, DraftState> now;
    while (q.step()) {
      const Key key = q.key(0);
      DraftStep step{key, now[key], change_state(q, 1)};
      now[key] = step.after;
      (q.flag(5, "redoable") ? history.redo : history.undo).push_back(std::move(step));
    }
  });
  return history;
}

}  // namespace egkb
