// The verdicts imported for review batches, and which stand.
#include "store/verdicts.h"

#include <fmt/format.h>

#include "store/session.h"

namespace egkb {

std::vector<RecordedVerdict> store::verdicts(Store& store, Key key) {
  Store::Session& s = store.read_session();
  std::vector<RecordedVerdict> found;
  if (s.version < 3 || !s.temporary.empty()) return found;
  s.guarded([&] {
    Query q = s.query(
        fmt::format("SELECT batch, verdict, reviewer, time, {}, {}, rowid FROM verdicts "
                    "WHERE key = ? ORDER BY rowid",
                    s.version >= 7 ? "note" : "''", s.version >= 5 ? "superseded_by IS NULL" : "1"),
        "verdicts", {"rowid", 6});
    q.bind(1, static_cast<int64_t>(key));
    while (q.step()) {
      found.push_back({q.batch(0, "batch"), q.score(1, "verdict"), q.reviewer(2, "reviewer"),
                       q.text(3, "time"), q.note(4, "note"), q.integer(5, "superseded_by") != 0});
    }
  });
  return found;
}

void store::add_verdicts(StoreWriter& w, BatchId batch, RunId run, const std::string& reviewer,
                         const std::vector<VerdictRow>& verdicts) {
  w.nodes_changed = true;
  SQLite::Statement q(*w.s.db,
                      "INSERT INTO verdicts(batch, key, verdict, reviewer, time, run, note) "
                      "VALUES(?, ?, ?, ?, ?, ?, ?)");
  const std::string time = now_utc();
  for (const VerdictRow& v : verdicts) {
    q.bind(1, batch.value);
    q.bind(2, static_cast<int64_t>(v.key));
    q.bind(3, value(v.verdict));
    q.bind(4, reviewer);
    q.bind(5, time);
    q.bind(6, run.value);
    q.bind(7, v.note);
    q.exec();
    q.reset();
  }
}

void store::supersede_verdicts(StoreWriter& w, const SupersededVerdicts& which) {
  w.nodes_changed = true;
  SQLite::Statement q(*w.s.db,
                      "UPDATE verdicts SET superseded_by = ? WHERE batch = ? AND "
                      "superseded_by IS NULL AND coalesce(run, 0) = ?");
  q.bind(1, which.by_run.value);
  q.bind(2, which.batch.value);
  q.bind(3, which.import_run.value);
  q.exec();
}

void store::reinstate_verdicts(StoreWriter& w, BatchId batch, RunId by_run) {
  w.nodes_changed = true;
  SQLite::Statement q(*w.s.db,
                      "UPDATE verdicts SET superseded_by = NULL WHERE batch = ? AND "
                      "superseded_by = ?");
  q.bind(1, batch.value);
  q.bind(2, by_run.value);
  q.exec();
}

}  // namespace egkb
