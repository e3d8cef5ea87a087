// The SQLite working store, one file per knowledge base, opened once per command as a session:
// reads come from one snapshot, and a write is one transaction that refuses to commit when
// another command changed the store after the snapshot was taken (docs/formats.md, "Store").
// This header is the core: opening, the snapshot and the transaction. What the store holds is
// read and written through free functions in namespace egkb::store, one header per concept:
// store/nodes.h, history.h, runs.h, batches.h, verdicts.h, drafts.h, answers.h, evidence.h,
// solved.h, position_counts.h.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "lattice/piece_set.h"

namespace egkb {

class Outputs;
// A write transaction's handle: what Store::write gives its work, and what the store's writes
// take. Defined in store/session.h for the store's own files.
struct StoreWriter;

// The schema version this build writes (PRAGMA user_version); it reads every version up to it.
constexpr int kStoreVersion = 16;

class Store {
 public:
  // How long a command waits for another one's write to finish before it gives up.
  static constexpr int kBusyMilliseconds = 5000;

  // An existing store. Throws InputError when the path is missing or a folder; StoreError when
  // it is not an egkb store or was made by a newer egkb. A user who may not write the store or
  // its folder reads it without making any file (docs/formats.md, "Readers without write
  // access"); its write() is then refused.
  static Store open(const std::string& path);
  // A new store, one of the command's `outputs`: built beside `path` by one write and renamed
  // into place when the outputs are published, so a failed or killed command leaves no store
  // behind. Throws InputError when `path` exists.
  static Store create(const std::string& path, const PieceSet& pieces, Outputs& outputs);

  Store(Store&&) noexcept;
  Store& operator=(Store&&) noexcept;
  ~Store();

  const std::string& path() const;
  const PieceSet& pieces() const;

  // Counts the commits that changed nodes: equal revisions read equal nodes.
  int64_t revision();

  // One write transaction: refuses (StoreReadOnly) when this process may not write the store,
  // waits up to kBusyMilliseconds for the write lock, refuses (StoreConflict) when the store
  // changed since this session's snapshot, migrates an older schema, runs `work`, commits and
  // then publishes `outputs`. On any failure before the commit
  // nothing is written and the outputs are removed; a failure to publish after it leaves the
  // change without its files (IoError). A session that read nothing takes no snapshot: its work
  // reads what it needs through the writer, inside the transaction. A created store takes one
  // write, after which it is complete and waits, closed, for its outputs to be published.
  void write(const std::function<void(StoreWriter&)>& work, Outputs* outputs = nullptr);
  // A write of rows that depend on no node (evidence): the same transaction, never refused
  // because another command changed the nodes since this session read them, and `work` must
  // change no node.
  void write_apart(const std::function<void(StoreWriter&)>& work);

  // The connection and snapshot, defined in store/session.h for the store's own files.
  struct Session;
  // The session every read goes through. The first call fixes the snapshot every later read
  // sees; every value is checked where it is read, and one egkb never writes (a key outside the
  // key space, a score outside 0..9, text where a number belongs, JSON of the wrong shape) is a
  // StoreError naming its table, row and column.
  Session& read_session();

 private:
  explicit Store(std::unique_ptr<Session> session);
  void take_snapshot();
  void write_checked(const std::function<void(StoreWriter&)>& work, Outputs* outputs,
                     bool check_revision);

  std::unique_ptr<Session> s_;
};

}  // namespace egkb
