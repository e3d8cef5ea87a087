#include "store/query.h"

#include <SQLiteCpp/Exception.h>
#include <fmt/format.h>

#include <cmath>

#include "base/errors.h"
#include "base/text.h"
#include "lattice/material.h"
#include "store/reviewer.h"

namespace egkb {

Query::Query(sqlite3* db, std::string_view sql, StoreOrigin origin, const char* table, RowName row)
    : db_(db), origin_(origin), table_(table), row_(row) {
  const int rc =
      sqlite3_prepare_v2(db_, sql.data(), static_cast<int>(sql.size()), &statement_, nullptr);
  if (rc != SQLITE_OK) throw SQLite::Exception(db_, rc);
}

Query::~Query() {
  sqlite3_finalize(statement_);
}

Query& Query::bind(int index, int64_t value) {
  const int rc = sqlite3_bind_int64(statement_, index, value);
  if (rc != SQLITE_OK) throw SQLite::Exception(db_, rc);
  return *this;
}

Query& Query::bind(int index, std::string_view text) {
  const int rc = sqlite3_bind_text(statement_, index, text.data(), static_cast<int>(text.size()),
                                   SQLITE_TRANSIENT);
  if (rc != SQLITE_OK) throw SQLite::Exception(db_, rc);
  return *this;
}

bool Query::step() {
  const int rc = sqlite3_step(statement_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  throw SQLite::Exception(db_, rc);
}

void Query::reset() {
  sqlite3_reset(statement_);
}

std::string Query::value_text(int column) const {
  if (type(column) == SQLITE_NULL) return "NULL";
  const auto* bytes = reinterpret_cast<const char*>(sqlite3_column_text(statement_, column));
  const std::string_view text(bytes == nullptr ? "" : bytes,
                              static_cast<std::size_t>(sqlite3_column_bytes(statement_, column)));
  return in_quotes(text);
}

void Query::damaged(int column, const char* name, std::string_view expected) const {
  std::string row = fmt::format("{} row", table_);
  if (row_.label != nullptr) {
    const bool material = std::string_view(row_.label) == "key" &&
                          sqlite3_column_type(statement_, row_.column) == SQLITE_INTEGER &&
                          sqlite3_column_int64(statement_, row_.column) >= 0 &&
                          static_cast<uint64_t>(sqlite3_column_int64(statement_, row_.column)) <
                              origin_.pieces->key_count();
    row += material
               ? fmt::format(
                     " of {}",
                     material_text(static_cast<Key>(sqlite3_column_int64(statement_, row_.column)),
                                   *origin_.pieces))
               : fmt::format(" with {} {}", row_.label,
                             sqlite3_column_type(statement_, row_.column) == SQLITE_INTEGER
                                 ? std::to_string(sqlite3_column_int64(statement_, row_.column))
                                 : value_text(row_.column));
  }
  throw StoreError(*origin_.path,
                   fmt::format("{}, column {}: {} is not {}; the store is damaged (egkb never "
                               "writes such a value)",
                               row, name, value_text(column), expected));
}

int64_t Query::integer(int column, const char* name) const {
  if (type(column) != SQLITE_INTEGER) damaged(column, name, "a whole number");
  return sqlite3_column_int64(statement_, column);
}

std::optional<int64_t> Query::integer_or_null(int column, const char* name) const {
  if (is_null(column)) return std::nullopt;
  return integer(column, name);
}

int64_t Query::integer_text(int column, const char* name) const {
  const int t = type(column);
  if (t == SQLITE_INTEGER) return sqlite3_column_int64(statement_, column);
  if (t != SQLITE_TEXT) damaged(column, name, "a whole number");
  const std::string text = this->text(column, name);
  std::size_t end = 0;
  int64_t v = 0;
  try {
    v = std::stoll(text, &end);
  } catch (const std::exception&) {
    damaged(column, name, "a whole number");
  }
  if (end != text.size() || text.empty() || !std::isdigit(static_cast<unsigned char>(text[0])))
    damaged(column, name, "a whole number");
  return v;
}

double Query::number(int column, const char* name) const {
  const int t = type(column);
  const double v = sqlite3_column_double(statement_, column);
  if ((t != SQLITE_INTEGER && t != SQLITE_FLOAT) || !std::isfinite(v))
    damaged(column, name, "a number");
  return v;
}

std::string Query::text(int column, const char* name) const {
  if (type(column) != SQLITE_TEXT) damaged(column, name, "text");
  const auto* bytes = reinterpret_cast<const char*>(sqlite3_column_text(statement_, column));
  return {bytes == nullptr ? "" : bytes,
          static_cast<std::size_t>(sqlite3_column_bytes(statement_, column))};
}

std::string Query::text_or_empty(int column, const char* name) const {
  return is_null(column) ? std::string() : text(column, name);
}

nlohmann::json Query::json(int column, const char* name) const {
  nlohmann::json j = nlohmann::json::parse(text(column, name), nullptr, false);
  if (j.is_discarded()) damaged(column, name, "JSON");
  return j;
}

std::optional<Score> Query::score_or_null(int column, const char* name) const {
  if (is_null(column)) return std::nullopt;
  return score(column, name);
}

Source Query::source(int column, const char* name) const {
  if (type(column) == SQLITE_TEXT) {
    if (const std::optional<Source> s = source_named(text(column, name))) return *s;
  }
  damaged(column, name, fmt::format("a source ({})", kSources.listed()));
}

bool Query::flag(int column, const char* name) const {
  const int64_t v = sqlite3_column_int64(statement_, column);
  if (type(column) != SQLITE_INTEGER || (v & ~int64_t{1}) != 0) damaged(column, name, "0 or 1");
  return v != 0;
}

std::optional<double> Query::weight(int column, const char* name) const {
  if (is_null(column)) return std::nullopt;
  const int t = type(column);
  const double w = sqlite3_column_double(statement_, column);
  if ((t != SQLITE_FLOAT && t != SQLITE_INTEGER) || !std::isfinite(w) || w <= 0)
    damaged(column, name, "a positive weight or NULL");
  return w;
}

std::string Query::reviewer(int column, const char* name) const {
  std::string text = this->text(column, name);
  if (!is_reviewer_name(text)) {
    damaged(column, name,
            fmt::format("a reviewer's name (1 to {} characters, none of them a control character)",
                        kMaxReviewerName));
  }
  return text;
}

std::string Query::note(int column, const char* name) const {
  std::string text = this->text(column, name);
  if (!is_note(text)) {
    damaged(column, name,
            fmt::format("a note (up to {} characters of text, no control character but line "
                        "breaks and tabs)",
                        kMaxNote));
  }
  return text;
}

NodeState Query::node_state(int first, const char* prefix) const {
  const std::string p = prefix;
  NodeState state;
  state.score = score(first, p.empty() ? "score" : "old");
  state.source = source(first + 1, (p + "source").c_str());
  state.invariable = flag(first + 2, (p + "invariable").c_str());
  state.weight = weight(first + 3, (p + "weight").c_str());
  if (state.source == Source::Solved && !state.invariable)
    damaged(first + 2, (p + "invariable").c_str(), "1 for a solved row");
  return state;
}

void throw_store_failure(const std::string& path, int sqlite_code) {
  switch (sqlite_code & 0xFF) {
    case SQLITE_READONLY:
    case SQLITE_PERM:
    case SQLITE_AUTH:
      throw StoreReadOnly(path, store_failure(sqlite_code));
    default:
      throw StoreError(path, store_failure(sqlite_code));
  }
}

std::string store_failure(int sqlite_code) {
  const char* why = nullptr;
  switch (sqlite_code & 0xFF) {
    case SQLITE_NOTADB:
      why = "not an egkb store (not a SQLite database)";
      break;
    case SQLITE_CORRUPT:
      why =
          "the file is damaged (its pages do not hold a valid database); restore it from a "
          "backup";
      break;
    case SQLITE_FULL:
      why = "the disk is full; nothing was written";
      break;
    case SQLITE_READONLY:
    case SQLITE_PERM:
    case SQLITE_AUTH:
      why =
          "cannot write the store here (no permission to write it, its folder or its journal "
          "files); nothing was written";
      break;
    case SQLITE_CANTOPEN:
      why = "cannot open the store or its journal files (a missing folder, or no permission)";
      break;
    case SQLITE_IOERR:
      why = "the disk failed to read or write it (an I/O error)";
      break;
    case SQLITE_NOMEM:
      why = "out of memory";
      break;
    case SQLITE_TOOBIG:
      why = "a value in it is too large to read";
      break;
    case SQLITE_ERROR:
    case SQLITE_SCHEMA:
    case SQLITE_MISMATCH:
    case SQLITE_CONSTRAINT:
      why = "its tables are not those egkb writes; the store is damaged";
      break;
    default:
      return fmt::format("the store failed (SQLite code {})", sqlite_code);
  }
  return why;
}

}  // namespace egkb
