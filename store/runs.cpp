// The runs: recorded, their traces and ranges read back, the validation kept with them.
#include "store/runs.h"

#include <nlohmann/json.hpp>

#include "io/json_text.h"
#include "reducer/validation_json.h"
#include "store/session.h"

namespace egkb {

namespace {

// A reducer's passes as runs.trace holds them (docs/formats.md): an array of objects with
// whole-number figures and a true/false exact_finish.
bool is_trace(const nlohmann::json& trace) {
  if (!trace.is_array()) return false;
  for (const nlohmann::json& pass : trace) {
    if (!pass.is_object()) return false;
    for (const char* figure : {"iteration", "modified", "inconsistent_nodes", "corrected_score"}) {
      const auto it = pass.find(figure);
      if (it == pass.end() || !it->is_number_unsigned()) return false;
    }
    const auto finish = pass.find("exact_finish");
    if (finish == pass.end() || !finish->is_boolean()) return false;
  }
  return true;
}

}  // namespace

std::optional<RecordedRepair> store::last_repair(Store& store) {
  Store::Session& s = store.read_session();
  if (!s.temporary.empty()) return std::nullopt;
  return s.guarded([&]() -> std::optional<RecordedRepair> {
    Query q = s.query(fmt::format("SELECT id, command, started, seconds, {} FROM runs "
                                  "WHERE command LIKE 'reduce %' ORDER BY id DESC LIMIT 1",
                                  s.version >= 4 ? "trace" : "NULL"),
                      "runs", {"id", 0});
    if (!q.step()) return std::nullopt;
    RecordedRepair r;
    r.run = q.run(0, "id");
    r.command = q.text(1, "command");
    r.started = q.text(2, "started");
    r.seconds = q.number(3, "seconds");
    if (!q.is_null(4)) {
      if (!is_trace(q.json(4, "trace"))) q.damaged(4, "trace", "a reducer's passes (JSON)");
      r.trace = q.text(4, "trace");
    }
    Query changes = s.query("SELECT key, old, new, rowid FROM history WHERE run = ? ORDER BY rowid",
                            "history", {"rowid", 3});
    changes.bind(1, r.run);
    while (changes.step()) {
      const std::optional<Score> old = changes.score_or_null(1, "old");
      const Score now = changes.score(2, "new");
      // A repair changes scores of nodes it found: a row without the old score is not its own.
      if (!old) changes.damaged(1, "old", "the score the repair changed");
      r.changes.push_back({changes.key(0), *old, now});
    }
    Query later = s.query("SELECT count(*) FROM runs WHERE id > ?", "runs");
    later.bind(1, r.run);
    later.step();
    r.later_runs = static_cast<std::size_t>(later.integer(0, "count"));
    return r;
  });
}

std::unordered_map<Key, RankSpan> store::last_ranges(Store& store) {
  Store::Session& s = store.read_session();
  std::unordered_map<Key, RankSpan> found;
  if (s.version < 8 || !s.temporary.empty()) return found;
  s.guarded([&] {
    Query q = s.query(
        "SELECT key, low, high, run FROM ranges WHERE run = (SELECT max(id) FROM runs WHERE "
        "command LIKE 'reduce %')",
        "ranges", {"key", 0});
    while (q.step()) {
      const int64_t low = q.integer(1, "low"), high = q.integer(2, "high");
      if (low < 0 || high > kMaxRank || low >= high) q.damaged(2, "high", "a range of ranks");
      found.emplace(q.key(0), RankSpan{Rank(static_cast<int>(low)), Rank(static_cast<int>(high)),
                                       q.run(3, "run")});
    }
  });
  return found;
}

std::optional<Validation> store::current_validation(Store& store) {
  Store::Session& s = store.read_session();
  if (!s.temporary.empty()) return std::nullopt;
  return s.guarded([&]() -> std::optional<Validation> {
    Query q = s.query(
        "SELECT parameters, id FROM runs WHERE command = 'validate' ORDER BY id DESC LIMIT 1",
        "runs", {"id", 1});
    if (!q.step()) return std::nullopt;
    const nlohmann::json parameters = q.json(0, "parameters");
    const auto revision = parameters.find("revision");
    const auto validation = parameters.find("validation");
    std::optional<Validation> kept;
    if (parameters.is_object() && validation != parameters.end())
      kept = validation_from_json(*validation);
    if (!kept || revision == parameters.end() || !revision->is_number_integer()) {
      q.damaged(0, "parameters",
                "a validation as reduce --json prints it, with the revision it was made at");
    }
    if (revision->get<int64_t>() != s.snapshot_revision.value_or(0)) return std::nullopt;
    return kept;
  });
}

namespace {

// A run's JSON column: its text, NULL for a null value.
void bind_json(SQLite::Statement& q, int index, const nlohmann::ordered_json& j) {
  if (j.is_null()) {
    q.bind(index);
  } else {
    q.bind(index, json_text(j, -1));
  }
}

}  // namespace

RunId store::add_run(StoreWriter& w, const RunRecord& run) {
  SQLite::Statement q(*w.s.db,
                      "INSERT INTO runs(command, parameters, before, after, started, seconds, "
                      "trace) VALUES(?, ?, ?, ?, ?, ?, ?)");
  q.bind(1, run.command);
  q.bind(2, json_text(run.parameters, -1));
  bind_json(q, 3, run.before);
  bind_json(q, 4, run.after);
  q.bind(5, now_utc());
  q.bind(6, run.seconds);
  bind_json(q, 7, run.trace);
  q.exec();
  return RunId(w.s.db->getLastInsertRowid());
}

void store::finish_run(StoreWriter& w, RunId run, const nlohmann::ordered_json& after,
                       double seconds) {
  SQLite::Statement q(*w.s.db, "UPDATE runs SET after = ?, seconds = ? WHERE id = ?");
  q.bind(1, json_text(after, -1));
  q.bind(2, seconds);
  q.bind(3, run.value);
  q.exec();
}

void store::add_range(StoreWriter& w, RunId run, Key key, Rank low, Rank high) {
  SQLite::Statement& q = w.q.range;
  q.bind(1, run.value);
  q.bind(2, static_cast<int64_t>(key));
  q.bind(3, value(low));
  q.bind(4, value(high));
  q.exec();
  q.reset();
}

}  // namespace egkb
