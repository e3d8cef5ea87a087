#include "store/store.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <fcntl.h>
#include <fmt/chrono.h>
#include <fmt/format.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <ctime>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <numeric>

#include "io/output_files.h"
#include "lattice/errors.h"
#include "lattice/material.h"
#include "lattice/text.h"
#include "sampling/design.h"
#include "store/created_states.h"
#include "store/query.h"
#include "store/schema.h"

namespace egkb {

namespace fs = std::filesystem;

namespace {

std::string now_utc() {
  return fmt::format("{:%Y-%m-%dT%H:%M:%SZ}", fmt::gmtime(std::time(nullptr)));
}

void bind_optional(SQLite::Statement& q, int index, const std::optional<double>& v) {
  if (v) {
    q.bind(index, *v);
  } else {
    q.bind(index);
  }
}

void bind_text_or_null(SQLite::Statement& q, int index, const std::string& text) {
  if (text.empty()) {
    q.bind(index);
  } else {
    q.bind(index, text);
  }
}

}  // namespace

// How this process may open a store (docs/formats.md, "Readers without write access").
enum class Access {
  ReadWrite,  // may write the file and its folder
  ReadOnly,   // may not, and the journal side files are there to read through
  Immutable,  // may not, and no side file is there: nobody is writing the store
};

struct Store::Session {
  std::string path;       // where the store is, or will be once created
  std::string temporary;  // a new store's file until the outputs are published
  std::unique_ptr<SQLite::Database> db;
  Access access = Access::ReadWrite;
  const PieceSet* pieces = nullptr;
  int version = 0;
  bool snapshot_open = false;
  std::optional<int64_t> snapshot_revision;

  ~Session() {
    if (db && snapshot_open) db->tryExec("ROLLBACK");
  }

  // Every SQLite failure becomes a StoreError naming the store, in egkb's words.
  template <typename Work>
  auto guarded(Work&& work) -> decltype(work()) {
    try {
      return work();
    } catch (const SQLite::Exception& e) {
      throw StoreError(path, store_failure(e.getErrorCode()));
    }
  }

  [[noreturn]] void damaged(const std::string& what) const {
    throw StoreError(
        path, fmt::format("{}; the store is damaged (egkb never writes such a value)", what));
  }

  // A query whose damaged values name this store and `table`.
  Query query(std::string_view sql, const char* table, RowName row = {}) {
    return Query(db->getHandle(), sql, {&path, pieces}, table, row);
  }

  // A whole number kept in meta; `fallback` when the row is absent.
  int64_t meta_number(const char* name, int64_t fallback) {
    Query q = query("SELECT value, name FROM meta WHERE name = ?", "meta", {"name", 1});
    q.bind(1, std::string_view(name));
    return q.step() ? q.integer_text(0, "value") : fallback;
  }

  int64_t revision() { return meta_number("revision", 0); }

  // The states each run created (schema 9), run by run in order; `with_run` the run's command
  // and start as history entries name them.
  struct CreatedRun {
    int64_t run;
    std::string command;
    std::string started;
    std::vector<CreatedState> states;
  };
  std::vector<CreatedRun> created_runs() {
    std::vector<CreatedRun> runs;
    if (version < 9) return runs;
    Query q = query(
        "SELECT c.run, c.count, c.states, r.command, r.started FROM created c JOIN runs r ON "
        "r.id = c.run ORDER BY c.run",
        "created", {"run", 0});
    while (q.step()) {
      const auto* bytes = static_cast<const char*>(sqlite3_column_blob(q.statement(), 2));
      const auto size = static_cast<std::size_t>(sqlite3_column_bytes(q.statement(), 2));
      auto states = decode_created({bytes == nullptr ? "" : bytes, size}, q.integer(1, "count"),
                                   pieces->key_count());
      if (!states) q.damaged(2, "states", "the encoded states of its count of created nodes");
      runs.push_back(
          {q.integer(0, "run"), q.text(3, "command"), q.text(4, "started"), std::move(*states)});
    }
    return runs;
  }
};

Store::Store(std::unique_ptr<Session> session) : s_(std::move(session)) {}
Store::Store(Store&&) noexcept = default;
Store& Store::operator=(Store&&) noexcept = default;
Store::~Store() = default;

const std::string& Store::path() const {
  return s_->path;
}

const PieceSet& Store::pieces() const {
  return *s_->pieces;
}

namespace {

// The file name SQLite opens: a URI for an immutable read, every byte that is not plain in a
// path percent-encoded.
std::string uri_of(const std::string& path) {
  std::string uri = "file:";
  for (const char c : path) {
    const auto byte = static_cast<unsigned char>(c);
    if (std::isalnum(byte) || c == '/' || c == '.' || c == '-' || c == '_' || c == '~') {
      uri += c;
    } else {
      uri += fmt::format("%{:02X}", byte);
    }
  }
  return uri + "?immutable=1";
}

std::unique_ptr<SQLite::Database> connect(const std::string& file, int flags) {
  // One connection per session and thread: SQLite's own locking per call is not needed.
  auto db = std::make_unique<SQLite::Database>(file, flags | SQLite::OPEN_NOMUTEX);
  db->setBusyTimeout(Store::kBusyMilliseconds);
  return db;
}

bool exists(const std::string& path, struct stat& st) {
  return ::stat(path.c_str(), &st) == 0;
}

// A reader that may not write the store must not make its journal side files: they would be
// its own, and the owner's next write would fail on them. The owner's connections keep them
// (persistent WAL), so a reader finds them and reads through them; without them nobody is
// writing the store, which is then read as immutable.
Access access_of(const std::string& path) {
  const fs::path folder = fs::path(path).parent_path();
  if (::access(path.c_str(), W_OK) == 0 &&
      ::access(folder.empty() ? "." : folder.c_str(), W_OK) == 0) {
    return Access::ReadWrite;
  }
  struct stat wal, shm;
  const bool has_wal = exists(path + "-wal", wal);
  if (has_wal && exists(path + "-shm", shm)) return Access::ReadOnly;
  if (!has_wal || wal.st_size == 0) return Access::Immutable;
  throw StoreError(path,
                   "its journal (the -wal file) holds changes not yet in the store, without the "
                   "-shm file that reading them needs; only a user who may write the store can "
                   "read it now: its owner should run any egkb command on it once");
}

}  // namespace

Store Store::open(const std::string& path) {
  std::error_code ec;
  if (!path_exists(path)) throw InputError(path, 0, "", "no such file");
  if (fs::is_directory(path, ec)) throw InputError(path, 0, "", "is a directory, not a store");
  auto s = std::make_unique<Session>();
  s->path = path;
  s->access = access_of(path);
  s->guarded([&] {
    switch (s->access) {
      case Access::ReadWrite: {
        s->db = connect(path, SQLite::OPEN_READWRITE);
        int persist = 1;
        sqlite3_file_control(s->db->getHandle(), "main", SQLITE_FCNTL_PERSIST_WAL, &persist);
        // The kept journal is emptied when the last connection closes.
        s->db->exec("PRAGMA journal_size_limit = 0");
        break;
      }
      case Access::ReadOnly:
        s->db = connect(path, SQLite::OPEN_READONLY);
        break;
      case Access::Immutable:
        s->db = connect(uri_of(path), SQLite::OPEN_READONLY | SQLite::OPEN_URI);
        break;
    }
    // Nothing is written outside Store::write, whatever a read does.
    s->db->exec("PRAGMA query_only = 1");
    s->version = s->db->execAndGet("PRAGMA user_version").getInt();
    if (s->version == 0) throw StoreError(path, "not an egkb store (no schema version)");
    if (s->version > kStoreVersion) {
      throw StoreError(path,
                       fmt::format("made by a newer egkb (schema {}); this egkb reads schemas 1 "
                                   "to {}: update egkb",
                                   s->version, kStoreVersion));
    }
    Query q = s->query("SELECT value, name FROM meta WHERE name = 'pieces'", "meta", {"name", 1});
    if (!q.step()) s->damaged("no piece set recorded in meta");
    const std::string name = q.text(0, "value");
    if (name != "xiangqi" && name != "chess") q.damaged(0, "value", "a piece set (xiangqi, chess)");
    s->pieces = &PieceSet::named(name);
  });
  return Store(std::move(s));
}

Store Store::create(const std::string& path, const PieceSet& pieces, Outputs& outputs) {
  auto s = std::make_unique<Session>();
  s->path = path;
  s->temporary = outputs.reserve(path);
  s->pieces = &pieces;
  s->guarded([&] {
    s->db = connect(s->temporary, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    s->db->exec("PRAGMA query_only = 1");
    // A new store is private until renamed into place: no journal, no syncs before the end.
    s->db->exec("PRAGMA journal_mode = OFF");
    s->db->exec("PRAGMA synchronous = OFF");
  });
  return Store(std::move(s));
}

void Store::take_snapshot() {
  if (s_->snapshot_open || !s_->temporary.empty()) return;
  s_->guarded([&] {
    s_->db->exec("BEGIN");
    s_->snapshot_open = true;
    s_->snapshot_revision = s_->version >= 5 ? s_->revision() : 0;
  });
}

KnowledgeBase Store::knowledge_base() {
  take_snapshot();
  KnowledgeBase kb;
  kb.pieces = s_->pieces;
  kb.origin = s_->path;
  if (!s_->temporary.empty()) return kb;
  s_->guarded([&] {
    // Reserved, so the 2.1M rows of a full base are not copied while the array grows.
    Query count = s_->query("SELECT count(*) FROM nodes", "nodes");
    if (count.step()) kb.rows.reserve(static_cast<std::size_t>(count.integer(0, "count")));
    Query q = s_->query("SELECT key, score, source, invariable, weight FROM nodes ORDER BY key",
                        "nodes", {"key", 0});
    while (q.step()) {
      const Key key = q.key(0);
      const NodeState state = q.node_state(1);
      kb.rows.push_back({key, state.score, state.source, state.invariable, state.weight});
    }
  });
  return kb;
}

std::unordered_map<Key, Score> Store::original_scores() {
  take_snapshot();
  std::unordered_map<Key, Score> scores;
  if (!s_->temporary.empty()) return scores;
  s_->guarded([&] {
    // A node's first state: where a run created it, or its first history row.
    for (const Session::CreatedRun& run : s_->created_runs()) {
      for (const auto& [key, state] : run.states) scores.emplace(key, state.score);
    }
    Query q = s_->query(
        "SELECT key, new, rowid FROM history WHERE rowid IN "
        "(SELECT min(rowid) FROM history GROUP BY key)",
        "history", {"rowid", 2});
    while (q.step()) scores.emplace(q.key(0), q.score(1, "new"));
  });
  return scores;
}

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

std::optional<RecordedRepair> Store::last_repair() {
  take_snapshot();
  if (!s_->temporary.empty()) return std::nullopt;
  return s_->guarded([&]() -> std::optional<RecordedRepair> {
    Query q = s_->query(fmt::format("SELECT id, command, started, seconds, {} FROM runs "
                                    "WHERE command LIKE 'reduce %' ORDER BY id DESC LIMIT 1",
                                    s_->version >= 4 ? "trace" : "NULL"),
                        "runs", {"id", 0});
    if (!q.step()) return std::nullopt;
    RecordedRepair r;
    r.run = q.integer(0, "id");
    r.command = q.text(1, "command");
    r.started = q.text(2, "started");
    r.seconds = q.number(3, "seconds");
    if (!q.is_null(4)) {
      if (!is_trace(q.json(4, "trace"))) q.damaged(4, "trace", "a reducer's passes (JSON)");
      r.trace = q.text(4, "trace");
    }
    Query changes =
        s_->query("SELECT key, old, new, rowid FROM history WHERE run = ? ORDER BY rowid",
                  "history", {"rowid", 3});
    changes.bind(1, r.run);
    while (changes.step()) {
      const std::optional<Score> old = changes.score_or_null(1, "old");
      const Score now = changes.score(2, "new");
      // A repair changes scores of nodes it found: a row without the old score is not its own.
      if (!old) changes.damaged(1, "old", "the score the repair changed");
      r.changes.push_back({changes.key(0), *old, now});
    }
    Query later = s_->query("SELECT count(*) FROM runs WHERE id > ?", "runs");
    later.bind(1, r.run);
    later.step();
    r.later_runs = static_cast<std::size_t>(later.integer(0, "count"));
    return r;
  });
}

Batch Store::batch(int64_t id) {
  take_snapshot();
  if (s_->version < 3 || !s_->temporary.empty()) {
    throw InputError(s_->path, 0, "batch", "the store holds no review batches");
  }
  return s_->guarded([&] {
    Query b = s_->query(
        "SELECT id, design, seed, parameters, population, created FROM batches WHERE id = ?",
        "batches", {"id", 0});
    b.bind(1, id);
    if (!b.step())
      throw InputError(s_->path, 0, "batch", fmt::format("no batch {} in the store", id));
    Batch batch;
    batch.id = id;
    batch.design = b.text(1, "design");
    if (!design_named(batch.design)) {
      std::string names;
      for (Design d : kDesigns) names += (names.empty() ? "" : ", ") + std::string(design_name(d));
      b.damaged(1, "design", fmt::format("a sampling design ({})", names));
    }
    batch.seed = static_cast<uint64_t>(b.integer(2, "seed"));
    const nlohmann::json parameters = b.json(3, "parameters");
    if (!parameters.is_object()) b.damaged(3, "parameters", "a JSON object");
    if (const auto strata = parameters.find("strata"); strata != parameters.end()) {
      if (!strata->is_array() || strata->size() != 3 ||
          !std::all_of(strata->begin(), strata->end(),
                       [](const nlohmann::json& n) { return n.is_number_unsigned(); })) {
        b.damaged(3, "parameters", "a JSON object whose strata are 3 row counts");
      }
      batch.strata = strata->get<std::vector<std::size_t>>();
    }
    batch.parameters = b.text(3, "parameters");
    const int64_t population = b.integer(4, "population");
    if (population < 0) b.damaged(4, "population", "a row count");
    batch.population = static_cast<std::size_t>(population);
    if (!batch.strata.empty() &&
        std::reduce(batch.strata.begin(), batch.strata.end(), std::size_t{0}) != batch.population) {
      b.damaged(3, "parameters", "a JSON object whose strata add up to the population");
    }
    batch.created = b.text(5, "created");
    Query items = s_->query(
        "SELECT key, score, probability, stratum FROM batch_items WHERE batch = ? ORDER BY rowid",
        "batch_items", {"key", 0});
    items.bind(1, id);
    while (items.step()) {
      BatchItem item{items.key(0), items.score(1, "score"), items.number(2, "probability"), 0};
      if (!(item.probability > 0 && item.probability <= 1))
        items.damaged(2, "probability", "an inclusion probability in (0, 1]");
      const int64_t stratum = items.integer(3, "stratum");
      if (stratum < 0 || stratum > static_cast<int64_t>(Source::Expert))
        items.damaged(3, "stratum", "a provenance (0 manual, 1 generated, 2 expert)");
      item.stratum = static_cast<std::size_t>(stratum);
      batch.items.push_back(item);
    }
    if (batch.items.size() > batch.population) {
      b.damaged(4, "population", fmt::format("at least the {} rows drawn", batch.items.size()));
    }
    return batch;
  });
}

std::optional<BatchImport> Store::batch_import(int64_t batch) {
  take_snapshot();
  if (s_->version < 3 || !s_->temporary.empty()) return std::nullopt;
  return s_->guarded([&]() -> std::optional<BatchImport> {
    const char* active = s_->version >= 5 ? "superseded_by IS NULL" : "1";
    Query q = s_->query(
        fmt::format("SELECT key, verdict, reviewer, time, {}, {} FROM verdicts "
                    "WHERE batch = ? AND {} ORDER BY rowid",
                    s_->version >= 5 ? "run" : "NULL", s_->version >= 7 ? "note" : "''", active),
        "verdicts", {"key", 0});
    q.bind(1, batch);
    std::optional<BatchImport> found;
    while (q.step()) {
      if (!found) {
        found.emplace();
        found->reviewer = q.text(2, "reviewer");
        found->time = q.text(3, "time");
        found->run = q.integer_or_null(4, "run").value_or(0);
      }
      const Key key = q.key(0);
      found->verdicts.emplace(key, q.score(1, "verdict"));
      if (std::string note = q.text(5, "note"); !note.empty()) found->notes.emplace(key, note);
    }
    if (!found || found->run == 0) return found;
    // Imports recorded before schema 5 wrote history only for changed scores, without flags:
    // their states cannot be put back.
    if (found->run <= s_->meta_number("legacy_runs", 0)) {
      found->run = 0;
      return found;
    }
    Query h = s_->query(
        "SELECT key, old, old_source, old_invariable, old_weight, new, source, invariable, "
        "weight FROM history WHERE run = ? ORDER BY rowid",
        "history", {"key", 0});
    h.bind(1, found->run);
    while (h.step()) {
      const Key key = h.key(0);
      if (!h.is_null(1)) found->before.emplace(key, h.node_state(1, "old_"));
      found->after.emplace(key, h.node_state(5));
    }
    return found;
  });
}

std::unordered_map<Key, LastChange> Store::last_changes(std::span<const Key> keys) {
  take_snapshot();
  std::unordered_map<Key, LastChange> changes;
  if (!s_->temporary.empty()) return changes;
  s_->guarded([&] {
    Query q = s_->query(
        "SELECT h.run, r.command, r.started FROM history h JOIN runs r ON "
        "r.id = h.run WHERE h.key = ? ORDER BY h.rowid DESC LIMIT 1",
        "runs", {"id", 0});
    std::vector<Key> created_only;
    for (Key key : keys) {
      q.bind(1, static_cast<int64_t>(key));
      if (q.step()) {
        changes.emplace(key,
                        LastChange{q.integer(0, "id"), q.text(1, "command"), q.text(2, "started")});
      } else {
        created_only.push_back(key);
      }
      q.reset();
    }
    // A node no history row changed was last changed by the run that created it.
    if (created_only.empty()) return;
    std::sort(created_only.begin(), created_only.end());
    for (const Session::CreatedRun& run : s_->created_runs()) {
      for (const auto& [key, state] : run.states) {
        if (std::binary_search(created_only.begin(), created_only.end(), key))
          changes.emplace(key, LastChange{run.run, run.command, run.started});
      }
    }
  });
  return changes;
}

std::vector<HistoryEntry> Store::history(Key key) {
  take_snapshot();
  std::vector<HistoryEntry> entries;
  if (!s_->temporary.empty()) return entries;
  s_->guarded([&] {
    Query q = s_->query(
        "SELECT h.run, r.command, r.started, h.old, h.new, h.reason, "
        "CASE WHEN r.command = 'review import' AND json_valid(r.parameters) "
        "THEN json_extract(r.parameters, '$.reviewer') END, h.rowid "
        "FROM history h JOIN runs r ON r.id = h.run WHERE h.key = ? "
        "ORDER BY h.rowid",
        "history", {"rowid", 7});
    q.bind(1, static_cast<int64_t>(key));
    for (const Session::CreatedRun& run : s_->created_runs()) {
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
      e.run = q.integer(0, "run");
      e.command = q.text(1, "command");
      e.started = q.text(2, "started");
      e.old_score = q.score_or_null(3, "old");
      e.new_score = q.score(4, "new");
      e.reason = q.text(5, "reason");
      e.reviewer = q.text_or_empty(6, "reviewer (runs.parameters)");
      entries.push_back(std::move(e));
    }
  });
  return entries;
}

namespace {

// The verdict column of drafts and draft_changes: 0..9, ok, or (schema 7) NULL for none yet.
std::optional<Verdict> draft_verdict(const Query& q, int column) {
  if (q.is_null(column)) return std::nullopt;
  const std::optional<Verdict> v = Verdict::parse(q.text(column, "verdict"));
  if (!v || q.text(column, "verdict") != v->text()) q.damaged(column, "verdict", "0..9 or ok");
  return v;
}

}  // namespace

std::vector<Draft> Store::drafts(int64_t batch) {
  take_snapshot();
  std::vector<Draft> drafts;
  if (s_->version < 6 || !s_->temporary.empty()) return drafts;
  s_->guarded([&] {
    Query q = s_->query(fmt::format("SELECT key, reviewer, verdict, time, {} FROM drafts WHERE "
                                    "batch = ? ORDER BY key, reviewer",
                                    s_->version >= 7 ? "note, flagged" : "'', 0"),
                        "drafts", {"key", 0});
    q.bind(1, batch);
    while (q.step()) {
      drafts.push_back({q.key(0),
                        q.text(1, "reviewer"),
                        {draft_verdict(q, 2), q.text(4, "note"), q.flag(5, "flagged")},
                        q.text(3, "time")});
    }
  });
  return drafts;
}

std::vector<RecordedVerdict> Store::verdicts(Key key) {
  take_snapshot();
  std::vector<RecordedVerdict> found;
  if (s_->version < 3 || !s_->temporary.empty()) return found;
  s_->guarded([&] {
    Query q =
        s_->query(fmt::format("SELECT batch, verdict, reviewer, time, {}, {}, rowid FROM verdicts "
                              "WHERE key = ? ORDER BY rowid",
                              s_->version >= 7 ? "note" : "''",
                              s_->version >= 5 ? "superseded_by IS NULL" : "1"),
                  "verdicts", {"rowid", 6});
    q.bind(1, static_cast<int64_t>(key));
    while (q.step()) {
      found.push_back({q.integer(0, "batch"), q.score(1, "verdict"), q.text(2, "reviewer"),
                       q.text(3, "time"), q.text(4, "note"), q.integer(5, "superseded_by") != 0});
    }
  });
  return found;
}

std::unordered_map<Key, RankSpan> Store::last_ranges() {
  take_snapshot();
  std::unordered_map<Key, RankSpan> found;
  if (s_->version < 8 || !s_->temporary.empty()) return found;
  s_->guarded([&] {
    Query q = s_->query(
        "SELECT key, low, high, run FROM ranges WHERE run = (SELECT max(id) FROM runs WHERE "
        "command LIKE 'reduce %')",
        "ranges", {"key", 0});
    while (q.step()) {
      const int64_t low = q.integer(1, "low"), high = q.integer(2, "high");
      if (low < 0 || high > kMaxRank || low >= high) q.damaged(2, "high", "a range of ranks");
      found.emplace(q.key(0), RankSpan{Rank(static_cast<int>(low)), Rank(static_cast<int>(high)),
                                       q.integer(3, "run")});
    }
  });
  return found;
}

std::optional<std::string> Store::current_validation() {
  take_snapshot();
  if (!s_->temporary.empty()) return std::nullopt;
  return s_->guarded([&]() -> std::optional<std::string> {
    Query q = s_->query(
        "SELECT parameters, id FROM runs WHERE command = 'validate' ORDER BY id DESC LIMIT 1",
        "runs", {"id", 1});
    if (!q.step()) return std::nullopt;
    const nlohmann::json parameters = q.json(0, "parameters");
    const auto revision = parameters.find("revision");
    const auto validation = parameters.find("validation");
    if (!parameters.is_object() || revision == parameters.end() || !revision->is_number_integer() ||
        validation == parameters.end() || !validation->is_object()) {
      q.damaged(0, "parameters", "a validation with the revision it was made at");
    }
    if (revision->get<int64_t>() != s_->snapshot_revision.value_or(0)) return std::nullopt;
    return validation->dump();
  });
}

std::vector<int64_t> Store::batch_ids() {
  take_snapshot();
  std::vector<int64_t> ids;
  if (s_->version < 3 || !s_->temporary.empty()) return ids;
  s_->guarded([&] {
    Query q = s_->query("SELECT id FROM batches ORDER BY id", "batches", {"id", 0});
    while (q.step()) ids.push_back(q.integer(0, "id"));
  });
  return ids;
}

int64_t Store::revision() {
  take_snapshot();
  return s_->snapshot_revision.value_or(0);
}

void Store::write(const std::function<void(StoreWriter&)>& work, Outputs* outputs) {
  Session& s = *s_;
  if (!s.db) throw std::logic_error("a created store takes one write");
  if (s.access != Access::ReadWrite) {
    throw StoreError(s.path,
                     "the store is read-only here (no permission to write it or its folder); "
                     "nothing was written");
  }
  s.guarded([&] {
    try {
      if (s.snapshot_open) {
        s.db->exec("COMMIT");
        s.snapshot_open = false;
      }
      s.db->exec("PRAGMA query_only = 0");
      if (s.temporary.empty()) {
        s.db->exec("PRAGMA journal_mode = WAL");
        s.db->exec("PRAGMA synchronous = NORMAL");
      }
      s.db->exec("PRAGMA foreign_keys = ON");
      s.db->exec("BEGIN IMMEDIATE");
    } catch (const SQLite::Exception& e) {
      if (e.getErrorCode() != SQLITE_BUSY && e.getErrorCode() != SQLITE_LOCKED) throw;
      throw StoreConflict(s.path,
                          fmt::format("busy: another egkb command has been writing it for {} s; "
                                      "nothing was written; run this command again when it has "
                                      "finished",
                                      kBusyMilliseconds / 1000));
    }
  });
  try {
    s.guarded([&] {
      // Another command may have migrated the store since this one opened it.
      const int on_disk = s.db->execAndGet("PRAGMA user_version").getInt();
      if (on_disk > kStoreVersion) {
        throw StoreError(
            s.path,
            fmt::format("made by a newer egkb (schema {}) while this command ran", on_disk));
      }
      migrate(*s.db, on_disk);
      if (on_disk == 0) {
        SQLite::Statement meta(*s.db, "INSERT INTO meta(name, value) VALUES('pieces', ?)");
        meta.bind(1, s.pieces->name());
        meta.exec();
      }
      s.version = kStoreVersion;
      const int64_t revision = s.revision();
      if (s.snapshot_revision && *s.snapshot_revision != revision) {
        throw StoreConflict(s.path,
                            "changed while this command ran (another egkb command wrote to it "
                            "after this one read it); nothing was written; run the command again");
      }
      StoreWriter writer(s);
      work(writer);
      writer.write_created();
      if (writer.nodes_changed_) {
        SQLite::Statement bump(*s.db, "UPDATE meta SET value = ? WHERE name = 'revision'");
        bump.bind(1, std::to_string(revision + 1));
        bump.exec();
      }
      s.snapshot_revision = writer.nodes_changed_ ? revision + 1 : revision;
      s.db->exec("COMMIT");
    });
  } catch (...) {
    s.db->tryExec("ROLLBACK");
    s.db->tryExec("PRAGMA query_only = 1");
    throw;
  }
  if (!s.temporary.empty()) {
    // A new store is complete: its journal set for its life, closed and synced, it waits for
    // the outputs to be published.
    s.guarded([&] { s.db->exec("PRAGMA journal_mode = WAL"); });
    s.db.reset();
    const int fd = ::open(s.temporary.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
      ::fsync(fd);
      ::close(fd);
    }
  } else {
    s.guarded([&] { s.db->exec("PRAGMA query_only = 1"); });
  }
  // The files appear after the commit: a command killed between the two leaves a change whose
  // files can be written again from the store (`review export`, `report`), never files that
  // describe a change the store does not hold.
  if (outputs) {
    outputs->publish();
    outputs->keep();
  }
}

struct StoreWriter::Statements {
  explicit Statements(SQLite::Database& db)
      : node(db,
             "INSERT INTO nodes(key, material, score, source, invariable, weight) "
             "VALUES(?, ?, ?, ?, ?, ?) ON CONFLICT(key) DO UPDATE SET "
             "score = excluded.score, source = excluded.source, "
             "invariable = excluded.invariable, weight = excluded.weight"),
        history(db,
                "INSERT INTO history(run, key, old, new, reason, old_source, source, "
                "old_invariable, invariable, old_weight, weight) "
                "VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"),
        range(db, "INSERT INTO ranges(run, key, low, high) VALUES(?, ?, ?, ?)"),
        created(db,
                "INSERT INTO nodes(key, material, score, source, invariable, weight) "
                "VALUES(?, ?, ?, ?, ?, ?)") {}

  SQLite::Statement node;
  SQLite::Statement history;
  SQLite::Statement range;
  SQLite::Statement created;
};

StoreWriter::StoreWriter(Store::Session& s) : s_(s), q_(std::make_unique<Statements>(*s.db)) {}
StoreWriter::~StoreWriter() = default;

int64_t StoreWriter::add_run(const RunRecord& run) {
  SQLite::Statement q(*s_.db,
                      "INSERT INTO runs(command, parameters, before, after, started, seconds, "
                      "trace) VALUES(?, ?, ?, ?, ?, ?, ?)");
  q.bind(1, run.command);
  q.bind(2, run.parameters);
  bind_text_or_null(q, 3, run.before);
  bind_text_or_null(q, 4, run.after);
  q.bind(5, now_utc());
  q.bind(6, run.seconds);
  bind_text_or_null(q, 7, run.trace);
  q.exec();
  return s_.db->getLastInsertRowid();
}

void StoreWriter::finish_run(int64_t run, const std::string& after, double seconds) {
  SQLite::Statement q(*s_.db, "UPDATE runs SET after = ?, seconds = ? WHERE id = ?");
  q.bind(1, after);
  q.bind(2, seconds);
  q.bind(3, run);
  q.exec();
}

std::unordered_map<Key, NodeState> StoreWriter::nodes() {
  std::unordered_map<Key, NodeState> nodes;
  Query q =
      s_.query("SELECT key, score, source, invariable, weight FROM nodes", "nodes", {"key", 0});
  while (q.step()) nodes.emplace(q.key(0), q.node_state(1));
  return nodes;
}

void StoreWriter::change(int64_t run, Key key, const std::optional<NodeState>& old,
                         const NodeState& now, const std::string& reason) {
  nodes_changed_ = true;
  SQLite::Statement& node = q_->node;
  node.bind(1, static_cast<int64_t>(key));
  char material[kMaxMaterialText + 1];  // read by the statement until its reset below
  material[write_material(material_of(key, *s_.pieces), *s_.pieces, material)] = '\0';
  node.bindNoCopy(2, material);
  node.bind(3, value(now.score));
  node.bind(4, std::string(source_name(now.source)));
  node.bind(5, now.invariable ? 1 : 0);
  bind_optional(node, 6, now.weight);
  node.exec();
  node.reset();
  SQLite::Statement& history = q_->history;
  history.clearBindings();
  history.bind(1, run);
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

void StoreWriter::create(int64_t run, Key key, const NodeState& state) {
  nodes_changed_ = true;
  SQLite::Statement& node = q_->created;
  node.bind(1, static_cast<int64_t>(key));
  char material[kMaxMaterialText + 1];  // read by the statement until its reset below
  material[write_material(material_of(key, *s_.pieces), *s_.pieces, material)] = '\0';
  node.bindNoCopy(2, material);
  node.bind(3, value(state.score));
  node.bindNoCopy(4, source_name(state.source).data());
  node.bind(5, state.invariable ? 1 : 0);
  bind_optional(node, 6, state.weight);
  node.exec();
  node.reset();
  created_[run].emplace_back(key, state);
}

void StoreWriter::write_created() {
  SQLite::Statement q(*s_.db, "INSERT INTO created(run, count, states) VALUES(?, ?, ?)");
  for (auto& [run, states] : created_) {
    const auto count = static_cast<int64_t>(states.size());
    const std::string bytes = encode_created(std::move(states));
    q.bind(1, run);
    q.bind(2, count);
    q.bindNoCopy(3, bytes.data(), static_cast<int>(bytes.size()));
    q.exec();
    q.reset();
  }
  created_.clear();
}

void StoreWriter::queue_for_review(int64_t run, Key key, const std::string& reason) {
  SQLite::Statement q(*s_.db, "INSERT INTO review_queue(run, key, reason) VALUES(?, ?, ?)");
  q.bind(1, run);
  q.bind(2, static_cast<int64_t>(key));
  q.bind(3, reason);
  q.exec();
}

void StoreWriter::add_range(int64_t run, Key key, Rank low, Rank high) {
  SQLite::Statement& q = q_->range;
  q.bind(1, run);
  q.bind(2, static_cast<int64_t>(key));
  q.bind(3, value(low));
  q.bind(4, value(high));
  q.exec();
  q.reset();
}

int64_t StoreWriter::add_batch(const Batch& batch) {
  SQLite::Statement b(*s_.db,
                      "INSERT INTO batches(design, seed, parameters, population, created) "
                      "VALUES(?, ?, ?, ?, ?)");
  b.bind(1, batch.design);
  b.bind(2, static_cast<int64_t>(batch.seed));
  b.bind(3, batch.parameters);
  b.bind(4, static_cast<int64_t>(batch.population));
  b.bind(5, now_utc());
  b.exec();
  const int64_t id = s_.db->getLastInsertRowid();
  SQLite::Statement item(
      *s_.db,
      "INSERT INTO batch_items(batch, key, score, probability, stratum) VALUES(?, ?, ?, ?, ?)");
  for (const BatchItem& i : batch.items) {
    item.bind(1, id);
    item.bind(2, static_cast<int64_t>(i.key));
    item.bind(3, value(i.score));
    item.bind(4, i.probability);
    item.bind(5, static_cast<int64_t>(i.stratum));
    item.exec();
    item.reset();
  }
  return id;
}

void StoreWriter::add_verdicts(int64_t batch, int64_t run, const std::string& reviewer,
                               const std::vector<VerdictRow>& verdicts) {
  nodes_changed_ = true;
  SQLite::Statement q(*s_.db,
                      "INSERT INTO verdicts(batch, key, verdict, reviewer, time, run, note) "
                      "VALUES(?, ?, ?, ?, ?, ?, ?)");
  const std::string time = now_utc();
  for (const VerdictRow& v : verdicts) {
    q.bind(1, batch);
    q.bind(2, static_cast<int64_t>(v.key));
    q.bind(3, value(v.verdict));
    q.bind(4, reviewer);
    q.bind(5, time);
    q.bind(6, run);
    q.bind(7, v.note);
    q.exec();
    q.reset();
  }
}

namespace {

void require_drawn(SQLite::Database& db, const std::string& path, const PieceSet& pieces,
                   int64_t batch, Key key) {
  SQLite::Statement exists(db, "SELECT 1 FROM batches WHERE id = ?");
  exists.bind(1, batch);
  if (!exists.executeStep())
    throw InputError(path, 0, "batch", fmt::format("no batch {} in the store", batch));
  SQLite::Statement drawn(db, "SELECT 1 FROM batch_items WHERE batch = ? AND key = ?");
  drawn.bind(1, batch);
  drawn.bind(2, static_cast<int64_t>(key));
  if (!drawn.executeStep()) {
    throw InputError(
        path, 0, "material",
        fmt::format("{} was not drawn in batch {}", material_text(key, pieces), batch));
  }
}

// A submitted batch is read-only to drafts: its verdicts are expert rows now.
void require_open(SQLite::Database& db, const std::string& path, int64_t batch) {
  SQLite::Statement imported(
      db, "SELECT reviewer, time FROM verdicts WHERE batch = ? AND superseded_by IS NULL");
  imported.bind(1, batch);
  if (imported.executeStep()) {
    throw InputError(path, 0, "batch",
                     fmt::format("batch {} was submitted by {} at {}: its answers are read-only "
                                 "now; take the import back (egkb review undo) to answer again",
                                 batch, printable(imported.getColumn(0).getString()),
                                 imported.getColumn(1).getString()),
                     "submitted");
  }
}

}  // namespace

std::optional<DraftState> StoreWriter::draft(int64_t batch, Key key, const std::string& reviewer) {
  Query q = s_.query(
      "SELECT verdict, note, flagged FROM drafts WHERE batch = ? AND key = ? AND reviewer = ?",
      "drafts");
  q.bind(1, batch).bind(2, static_cast<int64_t>(key)).bind(3, reviewer);
  if (!q.step()) return std::nullopt;
  return DraftState{draft_verdict(q, 0), q.text(1, "note"), q.flag(2, "flagged")};
}

void StoreWriter::set_draft(int64_t batch, Key key, const std::string& reviewer,
                            const DraftState& state) {
  require_drawn(*s_.db, s_.path, *s_.pieces, batch, key);
  require_open(*s_.db, s_.path, batch);
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
  change.bind(1, batch);
  change.bind(2, static_cast<int64_t>(key));
  change.bind(3, reviewer);
  bind_state(change, 4);
  change.exec();
  put_draft(batch, key, reviewer, state, time);
}

void StoreWriter::put_draft(int64_t batch, Key key, const std::string& reviewer,
                            const DraftState& state, const std::string& time) {
  if (state.empty()) {
    SQLite::Statement q(*s_.db, "DELETE FROM drafts WHERE batch = ? AND key = ? AND reviewer = ?");
    q.bind(1, batch);
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
  q.bind(1, batch);
  q.bind(2, static_cast<int64_t>(key));
  q.bind(3, reviewer);
  bind_text_or_null(q, 4, state.verdict ? state.verdict->text() : "");
  q.bind(5, state.note);
  q.bind(6, state.flagged ? 1 : 0);
  q.bind(7, time);
  q.exec();
}

std::optional<std::pair<Key, DraftState>> StoreWriter::undo_draft(int64_t batch,
                                                                  const std::string& reviewer) {
  require_open(*s_.db, s_.path, batch);
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
    state = {draft_verdict(before, 0), before.text(1, "note"), before.flag(2, "flagged")};
    time = before.text(3, "time");
  }
  put_draft(batch, key, reviewer, state, time);
  return std::make_pair(key, state);
}

void StoreWriter::supersede_verdicts(int64_t batch, int64_t import_run, int64_t by_run) {
  nodes_changed_ = true;
  SQLite::Statement q(*s_.db,
                      "UPDATE verdicts SET superseded_by = ? WHERE batch = ? AND "
                      "superseded_by IS NULL AND coalesce(run, 0) = ?");
  q.bind(1, by_run);
  q.bind(2, batch);
  q.bind(3, import_run);
  q.exec();
}

void StoreWriter::reinstate_verdicts(int64_t batch, int64_t by_run) {
  nodes_changed_ = true;
  SQLite::Statement q(*s_.db,
                      "UPDATE verdicts SET superseded_by = NULL WHERE batch = ? AND "
                      "superseded_by = ?");
  q.bind(1, batch);
  q.bind(2, by_run);
  q.exec();
}

}  // namespace egkb
