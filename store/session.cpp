// Opening a store as this process may, its snapshot, and the one write transaction.
#include "store/session.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cassert>
#include <cctype>
#include <filesystem>

#include "io/file_kind.h"
#include "io/output_files.h"
#include "store/schema.h"

namespace egkb {

namespace fs = std::filesystem;

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
  // A store is a regular file: SQLite would block on a FIFO or fail on a device as a disk does.
  const FileKind kind = file_status(path, "").kind;
  if (kind == FileKind::Absent) throw InputError(path, 0, "", "no such file");
  if (kind != FileKind::Regular)
    throw InputError(path, 0, "", fmt::format("is {}, not a store", file_kind_name(kind)));
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
    s->version = s->schema_version();
    if (s->version == 0) throw StoreError(path, "not an egkb store (no schema version)");
    if (s->version > kStoreVersion) {
      throw StoreError(path,
                       fmt::format("made by a newer egkb (schema {}); this egkb reads schemas 1 "
                                   "to {}: update egkb",
                                   s->version, kStoreVersion));
    }
    if (const std::vector<std::string> missing = missing_tables(*s->db, s->version);
        !missing.empty()) {
      throw StoreError(
          path, fmt::format("lacks the table{} {} of an egkb store (schema {}); the "
                            "store is damaged",
                            missing.size() > 1 ? "s" : "", fmt::join(missing, ", "), s->version));
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

int64_t Store::revision() {
  take_snapshot();
  return s_->snapshot_revision.value_or(0);
}

Store::Session& Store::read_session() {
  take_snapshot();
  return *s_;
}

void Store::write(const std::function<void(StoreWriter&)>& work, Outputs* outputs) {
  write_checked(work, outputs, true);
}

void Store::write_apart(const std::function<void(StoreWriter&)>& work) {
  write_checked(work, nullptr, false);
}

void Store::write_checked(const std::function<void(StoreWriter&)>& work, Outputs* outputs,
                          bool check_revision) {
  Session& s = *s_;
  if (!s.db) throw std::logic_error("a created store takes one write");
  if (s.access != Access::ReadWrite) {
    throw StoreReadOnly(s.path,
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
      const int on_disk = s.schema_version();
      if (on_disk > kStoreVersion) {
        throw StoreError(
            s.path,
            fmt::format("made by a newer egkb (schema {}) while this command ran", on_disk));
      }
      migrate(*s.db, on_disk, {&s.path, s.pieces});
      if (on_disk == 0) {
        SQLite::Statement meta(*s.db, "INSERT INTO meta(name, value) VALUES('pieces', ?)");
        meta.bind(1, s.pieces->name());
        meta.exec();
      }
      s.version = kStoreVersion;
      const int64_t revision = s.revision();
      if (check_revision && s.snapshot_revision && *s.snapshot_revision != revision) {
        throw StoreConflict(s.path,
                            "changed while this command ran (another egkb command wrote to it "
                            "after this one read it); nothing was written; run the command again");
      }
      StoreWriter writer(s);
      work(writer);
      assert(check_revision || !writer.nodes_changed);
      write_created(writer);
      if (writer.nodes_changed) {
        SQLite::Statement bump(*s.db, "UPDATE meta SET value = ? WHERE name = 'revision'");
        bump.bind(1, std::to_string(revision + 1));
        bump.exec();
      }
      if (check_revision) s.snapshot_revision = writer.nodes_changed ? revision + 1 : revision;
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

}  // namespace egkb
