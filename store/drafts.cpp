// The review app's drafts: each reviewer's answers, their history, undo.
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

}  // namespace

std::vector<Draft> Store::drafts(BatchId batch) {
  take_snapshot();
  std::vector<Draft> drafts;
  if (s_->version < 6 || !s_->temporary.empty()) return drafts;
  s_->guarded([&] {
    Query q = s_->query(fmt::format("SELECT key, reviewer, verdict, time, {} FROM drafts WHERE "
                                    "batch = ? ORDER BY key, reviewer",
                                    s_->version >= 7 ? "note, flagged" : "'', 0"),
                        "drafts", {"key", 0});
    q.bind(1, batch.value);
    while (q.step()) {
      drafts.push_back({q.key(0),
                        q.reviewer(1, "reviewer"),
                        {draft_verdict(q, 2), q.note(4, "note"), q.flag(5, "flagged")},
                        q.text(3, "time")});
    }
  });
  return drafts;
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

}  // namespace

std::optional<DraftState> StoreWriter::draft(BatchId batch, Key key, const std::string& reviewer) {
  Query q = s_.query(
      "SELECT verdict, note, flagged FROM drafts WHERE batch = ? AND key = ? AND reviewer = ?",
      "drafts");
  q.bind(1, batch).bind(2, static_cast<int64_t>(key)).bind(3, reviewer);
  if (!q.step()) return std::nullopt;
  return DraftState{draft_verdict(q, 0), q.note(1, "note"), q.flag(2, "flagged")};
}

void StoreWriter::set_draft(BatchId batch, Key key, const std::string& reviewer,
                            const DraftState& state) {
  require_drawn(*s_.db, s_.path, *s_.pieces, batch, key);
  require_open(s_, batch);
  const std::string time = now_utc();
  const auto bind_state = [&](SQLite::Statement& q, int first) {
    bind_text_or_null(q, first, state.verdict ? state.verdict->text() : "");
    q.bind(first + 1, state.note);
    q.bind(first + 2, state.flagged ? 1 : 0);
    q.bind(first + 3, time);
  };
  SQLite::Statement change(*s_.db,
                           "INSERT INTO draft_changes(batch, key, reviewer, verdict, note, "
                           "flagged, time) VALUES(?, ?, ?, ?, ?, ?, ?)");
  change.bind(1, batch.value);
  change.bind(2, static_cast<int64_t>(key));
  change.bind(3, reviewer);
  bind_state(change, 4);
  change.exec();
  put_draft(batch, key, reviewer, state, time);
}

void StoreWriter::put_draft(BatchId batch, Key key, const std::string& reviewer,
                            const DraftState& state, const std::string& time) {
  if (state.empty()) {
    SQLite::Statement q(*s_.db, "DELETE FROM drafts WHERE batch = ? AND key = ? AND reviewer = ?");
    q.bind(1, batch.value);
    q.bind(2, static_cast<int64_t>(key));
    q.bind(3, reviewer);
    q.exec();
    return;
  }
  SQLite::Statement q(*s_.db,
                      "INSERT INTO drafts(batch, key, reviewer, verdict, note, flagged, time) "
                      "VALUES(?, ?, ?, ?, ?, ?, ?) ON CONFLICT(batch, key, reviewer) DO UPDATE SET "
                      "verdict = excluded.verdict, note = excluded.note, flagged = "
                      "excluded.flagged, time = excluded.time");
  q.bind(1, batch.value);
  q.bind(2, static_cast<int64_t>(key));
  q.bind(3, reviewer);
  bind_text_or_null(q, 4, state.verdict ? state.verdict->text() : "");
  q.bind(5, state.note);
  q.bind(6, state.flagged ? 1 : 0);
  q.bind(7, time);
  q.exec();
}

std::optional<std::pair<Key, DraftState>> StoreWriter::undo_draft(BatchId batch,
                                                                  const std::string& reviewer) {
  require_open(s_, batch);
  Query last = s_.query(
      "SELECT id, key FROM draft_changes WHERE batch = ? AND reviewer = ? AND undone = 0 "
      "ORDER BY id DESC LIMIT 1",
      "draft_changes", {"id", 0});
  last.bind(1, batch).bind(2, reviewer);
  if (!last.step()) return std::nullopt;
  const int64_t id = last.integer(0, "id");
  const Key key = last.key(1);
  SQLite::Statement undone(*s_.db, "UPDATE draft_changes SET undone = 1 WHERE id = ?");
  undone.bind(1, id);
  undone.exec();
  Query before = s_.query(
      "SELECT verdict, note, flagged, time, id FROM draft_changes WHERE batch = ? AND key = ? "
      "AND reviewer = ? AND undone = 0 ORDER BY id DESC LIMIT 1",
      "draft_changes", {"id", 4});
  before.bind(1, batch).bind(2, static_cast<int64_t>(key)).bind(3, reviewer);
  DraftState state;
  std::string time = now_utc();
  if (before.step()) {
    state = {draft_verdict(before, 0), before.note(1, "note"), before.flag(2, "flagged")};
    time = before.text(3, "time");
  }
  put_draft(batch, key, reviewer, state, time);
  return std::make_pair(key, state);
}

}  // namespace egkb
