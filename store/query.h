// A query on a store through SQLite's C API, its values read column by column and each checked
// where it is read: a value egkb never writes is a StoreError naming the store, the table, the
// row and the column ("the store is damaged"), never a default filled in or a library's text.
// (SQLiteCpp's Column takes a reference-counted handle on every call, which cost more than the
// values on 2.1M rows.)
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "lattice/piece_set.h"
#include "lattice/types.h"
#include "store/ids.h"
#include "store/node_state.h"

namespace egkb {

// What a query's messages name: the store's path and the piece set its keys belong to.
struct StoreOrigin {
  const std::string* path;
  const PieceSet* pieces;
};

// How a query names the row a damaged value is in: by the value of one of its columns.
struct RowName {
  const char* label = nullptr;  // "id", "rowid", "key", "name"; nullptr: the table alone
  int column = -1;
};

class Query {
 public:
  Query(sqlite3* db, std::string_view sql, StoreOrigin origin, const char* table, RowName row = {});
  Query(const Query&) = delete;
  Query& operator=(const Query&) = delete;
  ~Query();

  Query& bind(int index, int64_t value);
  Query& bind(int index, std::string_view text);
  template <typename Tag>
  Query& bind(int index, Id<Tag> id) {
    return bind(index, id.value);
  }
  // The next row; false at the end. Throws SQLite::Exception when SQLite fails.
  bool step();
  void reset();

  bool is_null(int column) const { return type(column) == SQLITE_NULL; }
  int64_t integer(int column, const char* name) const;
  RunId run(int column, const char* name) const { return RunId(integer(column, name)); }
  BatchId batch(int column, const char* name) const { return BatchId(integer(column, name)); }
  std::optional<int64_t> integer_or_null(int column, const char* name) const;
  // A whole number kept as text (meta values).
  int64_t integer_text(int column, const char* name) const;
  // A finite number, stored as an integer or a real.
  double number(int column, const char* name) const;
  std::string text(int column, const char* name) const;
  std::string text_or_empty(int column, const char* name) const;
  // Text holding a JSON value.
  nlohmann::json json(int column, const char* name) const;

  // The domain's values: a key of the piece set, a score 0..9, a known source, a 0/1 flag, a
  // positive weight or NULL.
  Key key(int column) const {
    const int64_t k = sqlite3_column_int64(statement_, column);
    if (type(column) != SQLITE_INTEGER || k < 0 ||
        static_cast<uint64_t>(k) >= origin_.pieces->key_count()) {
      damaged(column, "key", "a key of the piece set");
    }
    return static_cast<Key>(k);
  }
  Score score(int column, const char* name) const {
    const int64_t s = sqlite3_column_int64(statement_, column);
    if (type(column) != SQLITE_INTEGER || s < 0 || s > kMaxScore) {
      damaged(column, name, "a score 0..9");
    }
    return Score(static_cast<int>(s));
  }
  std::optional<Score> score_or_null(int column, const char* name) const;
  Source source(int column, const char* name) const;
  bool flag(int column, const char* name) const;
  std::optional<double> weight(int column, const char* name) const;
  // A reviewer's name and a note as store/reviewer.h lets them in.
  std::string reviewer(int column, const char* name) const;
  std::string note(int column, const char* name) const;
  // Four columns from `first`: score, source, invariable, weight (names given by `prefix`, ""
  // or "old_").
  NodeState node_state(int first, const char* prefix = "") const;

  // The statement, for a value the checked reads do not cover (a blob).
  sqlite3_stmt* statement() const { return statement_; }

  // Throws the StoreError for a value of `column` that is not `expected`.
  [[noreturn]] void damaged(int column, const char* name, std::string_view expected) const;

 private:
  // The type first: SQLite leaves it undefined once a read has converted the value.
  int type(int column) const { return sqlite3_column_type(statement_, column); }
  std::string value_text(int column) const;

  sqlite3* db_;
  sqlite3_stmt* statement_ = nullptr;
  StoreOrigin origin_;
  const char* table_;
  RowName row_;
};

// A store failure in egkb's words: SQLite's codes mapped to what a user can do about them.
std::string store_failure(int sqlite_code);

// Throws the StoreError for a failure of SQLite on the store at `path`: StoreReadOnly when SQLite
// was refused permission to write.
[[noreturn]] void throw_store_failure(const std::string& path, int sqlite_code);

}  // namespace egkb
