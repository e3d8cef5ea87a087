#include "io/csv.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <optional>
#include <ostream>
#include <unordered_map>
#include <utility>
#include <vector>

#include "base/errors.h"
#include "base/progress.h"
#include "base/text.h"
#include "io/csv_reader.h"
#include "lattice/material.h"

namespace egkb {

namespace {

// Column positions found in the header; -1 for an absent optional column.
struct Columns {
  int material = -1;
  int score = -1;
  int source = -1;
  int invariable = -1;
  int weight = -1;
};

Columns read_header(std::span<const std::string_view> names, const std::string& origin,
                    std::size_t line) {
  Columns c;
  for (int i = 0; i < static_cast<int>(names.size()); ++i) {
    const std::string name = lowercase(names[static_cast<std::size_t>(i)]);
    int* slot = name == "material"                         ? &c.material
                : name == "score"                          ? &c.score
                : name == "source" || name == "provenance" ? &c.source
                : name == "invariable"                     ? &c.invariable
                : name == "weight"                         ? &c.weight
                                                           : nullptr;
    if (slot == nullptr) continue;
    if (*slot >= 0) {
      throw InputError(origin, line, name,
                       slot == &c.source
                           ? "the header names the provenance twice (source or provenance)"
                           : "column appears twice in the header");
    }
    *slot = i;
  }
  if (c.material < 0 || c.score < 0) {
    throw InputError(origin, line, "header",
                     "expected a header naming the columns 'material' and 'score' "
                     "(optional: source, invariable, weight)");
  }
  return c;
}

class RowParser {
 public:
  RowParser(const Columns& c, const std::string& origin, const CsvOptions& options,
            const PieceSet& pieces)
      : c_(c), origin_(origin), options_(options), pieces_(pieces) {}

  // The row, or nullopt for a row marked `implied`; its key goes to `implied_key`.
  std::optional<KbRow> parse(std::span<const std::string_view> fields, std::size_t line,
                             Key& implied_key) const {
    KbRow row;
    row.line = line;
    const std::string_view text = required(fields, c_.material, "material", line);
    try {
      row.key = key_of(parse_material(text, pieces_), pieces_);
    } catch (const MaterialParseError& e) {
      throw InputError(origin_, line, "material", e.what());
    }
    const std::string_view source = optional(fields, c_.source);
    if (source == "implied") {
      implied_key = row.key;
      return std::nullopt;
    }
    row.score = score(required(fields, c_.score, "score", line), line);
    row.source = options_.default_source;
    if (!source.empty()) {
      const std::optional<Source> named = source_named(source);
      if (!named) {
        throw InputError(origin_, line, "source",
                         fmt::format("expected {} or implied, got {}",
                                     fmt::join(kSources.names(), ", "), in_quotes(source)));
      }
      row.source = *named;
    }
    // Expert verdicts and solved rows are facts the reducers must not touch.
    row.invariable = flag(optional(fields, c_.invariable), line) || options_.all_invariable ||
                     row.source == Source::Expert || row.source == Source::Solved;
    row.weight = weight(optional(fields, c_.weight), line);
    return row;
  }

 private:
  std::string_view required(std::span<const std::string_view> fields, int column, const char* name,
                            std::size_t line) const {
    return field_at(fields, column, name, origin_, line);
  }

  static std::string_view optional(std::span<const std::string_view> fields, int column) {
    return column >= 0 && column < static_cast<int>(fields.size())
               ? fields[static_cast<std::size_t>(column)]
               : std::string_view();
  }

  Score score(std::string_view text, std::size_t line) const {
    if (text.size() != 1 || text[0] < '0' || text[0] > '9') {
      throw InputError(origin_, line, "score",
                       fmt::format("expected an integer 0..9, got {}", in_quotes(text)));
    }
    return Score(text[0] - '0');
  }

  bool flag(std::string_view text, std::size_t line) const {
    // Most files write 0 or 1: answered without building a lower-case copy.
    if (text.empty() || text == "0") return false;
    if (text == "1") return true;
    const std::string t = lowercase(text);
    if (t == "1" || t == "true" || t == "yes") return true;
    if (t == "0" || t == "false" || t == "no") return false;
    throw InputError(origin_, line, "invariable",
                     fmt::format("expected 1/0, true/false or yes/no, got {}", in_quotes(text)));
  }

  std::optional<double> weight(std::string_view text, std::size_t line) const {
    if (text.empty()) return std::nullopt;
    double w = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), w);
    if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(w) ||
        w < kMinWeight || w > kMaxWeight) {
      throw InputError(origin_, line, "weight",
                       fmt::format("expected a number from {} to {}, got {}", kMinWeight,
                                   kMaxWeight, in_quotes(text)));
    }
    return w;
  }

  const Columns& c_;
  const std::string& origin_;
  const CsvOptions& options_;
  const PieceSet& pieces_;
};

bool same_state(const KbRow& a, const KbRow& b) {
  return a.score == b.score && a.source == b.source && a.invariable == b.invariable &&
         a.weight == b.weight;
}

std::string state_text(const KbRow& r) {
  std::string text = fmt::format("{} {}", value(r.score), source_name(r.source));
  if (r.invariable) text += " invariable";
  if (r.weight) text += fmt::format(" weight {:g}", *r.weight);
  return text;
}

// The row already read for a key. Files egkb writes list materials in key order, so the index
// is the rows themselves until a key comes out of order; only then is a hash map built.
class RowIndex {
 public:
  explicit RowIndex(const std::vector<KbRow>& rows) : rows_(rows) {}

  // The row holding `key`, or nullopt after noting that the next row pushed will hold it.
  std::optional<std::size_t> find_or_add(Key key) {
    const std::size_t next = rows_.size();
    if (map_.empty()) {
      if (next == 0 || key > rows_.back().key) return std::nullopt;
      if (key == rows_.back().key) return next - 1;
      for (std::size_t i = 0; i < next; ++i) map_.emplace(rows_[i].key, i);
    }
    const auto [it, fresh] = map_.try_emplace(key, next);
    if (fresh) return std::nullopt;
    return it->second;
  }

  bool contains(Key key) const {
    if (!map_.empty()) return map_.contains(key);
    const auto it = std::lower_bound(rows_.begin(), rows_.end(), key,
                                     [](const KbRow& row, Key k) { return row.key < k; });
    return it != rows_.end() && it->key == key;
  }

 private:
  const std::vector<KbRow>& rows_;
  std::unordered_map<Key, std::size_t> map_;
};

// Rows read before the file's length is used to guess how many it holds.
constexpr std::size_t kRowsBeforeReserving = 4096;

std::size_t megabytes(std::size_t bytes) {
  return (bytes + 999'999) / 1'000'000;
}

// Room for the rows the rest of the input holds at the rate seen so far, and some: a vector
// grown by doubling writes its rows two or three times over into fresh pages, and room never
// written costs no memory.
void reserve_rows(std::vector<KbRow>& rows, const CsvReader& reader) {
  const std::size_t size = reader.size_hint(), consumed = reader.consumed();
  if (size <= consumed || consumed == 0) return;
  const double per_byte = static_cast<double>(rows.size()) / static_cast<double>(consumed);
  rows.reserve(rows.size() + static_cast<std::size_t>(per_byte * (size - consumed) * 1.05) + 64);
}

}  // namespace

DuplicatePolicy duplicate_policy_named(std::string_view name, const std::string& field) {
  if (const std::optional<DuplicatePolicy> policy = kDuplicatePolicies.named(name)) return *policy;
  throw InputError(
      "", 0, field,
      fmt::format("expected {}, got {}", kDuplicatePolicies.listed(), in_quotes(name)));
}

KnowledgeBase read_csv(ByteSource source, const CsvOptions& options) {
  KnowledgeBase kb;
  kb.pieces = options.pieces;
  kb.origin = source.origin();
  CsvReader reader(std::move(source));
  RowIndex row_of_key(kb.rows);
  std::vector<std::pair<Key, std::size_t>> implied;  // key and line of each implied row
  std::optional<Columns> columns;
  std::optional<RowParser> parser;
  ProgressStep progress("reading " + path_text(kb.origin), "MB", megabytes(reader.size_hint()));
  for (auto fields = reader.next(); !fields.empty(); fields = reader.next()) {
    if (reader.line() % kRowsBetweenReports == 0) progress.advance(megabytes(reader.consumed()));
    if (!columns) {
      if (fields.front().rfind("SQLite format 3", 0) == 0) {
        throw InputError(kb.origin, 0, "",
                         "is a SQLite store, not a CSV file; name it with a .sqlite extension");
      }
      columns = read_header(fields, kb.origin, reader.line());
      continue;
    }
    if (!parser) {
      if (kb.pieces == nullptr) {
        const std::size_t at = static_cast<std::size_t>(columns->material);
        kb.pieces = &PieceSet::of_material(at < fields.size() ? fields[at] : "");
      }
      parser.emplace(*columns, kb.origin, options, *kb.pieces);
    }
    Key implied_key = 0;
    const std::optional<KbRow> row = parser->parse(fields, reader.line(), implied_key);
    if (!row) {
      implied.emplace_back(implied_key, reader.line());
      continue;
    }
    const std::optional<std::size_t> seen = row_of_key.find_or_add(row->key);
    if (!seen) {
      if (kb.rows.size() == kRowsBeforeReserving) reserve_rows(kb.rows, reader);
      kb.rows.push_back(*row);
      continue;
    }
    KbRow& earlier = kb.rows[*seen];
    if (same_state(earlier, *row)) continue;
    switch (options.on_duplicate) {
      case DuplicatePolicy::First:
        break;
      case DuplicatePolicy::Last:
        earlier = *row;
        break;
      case DuplicatePolicy::Error:
        throw InputError(
            kb.origin, reader.line(), "material",
            fmt::format("{} repeats line {} differently ({} there, {} here); keep the first or "
                        "the last",
                        material_text(row->key, *kb.pieces), earlier.line, state_text(earlier),
                        state_text(*row)),
            Choice::Duplicate);
    }
  }
  if (!columns) {
    throw InputError(kb.origin, 1, "header",
                     "the file is empty; expected a header 'material,score'");
  }
  if (kb.pieces == nullptr) kb.pieces = &PieceSet::xiangqi();
  for (const auto& [key, line] : implied) {
    if (!row_of_key.contains(mirror_key(key, *kb.pieces))) {
      throw InputError(kb.origin, line, "source",
                       fmt::format("{} is marked implied, but its mirror is not in the file",
                                   material_text(key, *kb.pieces)));
    }
  }
  return kb;
}

KnowledgeBase read_csv(const std::string& path, const CsvOptions& options) {
  return read_csv(ByteSource::file(path), options);
}

KnowledgeBase parse_csv(std::string_view text, const std::string& origin,
                        const CsvOptions& options) {
  return read_csv(ByteSource::memory(text, origin), options);
}

void write_csv(const KnowledgeBase& kb, std::ostream& out) {
  out << "material,score,source,invariable,weight\n";
  fmt::memory_buffer buffer;
  ProgressStep progress("writing rows", "rows", kb.rows.size());
  for (const KbRow& row : kb.rows) {
    if (const std::size_t done = &row - kb.rows.data(); done % kRowsBetweenReports == 0)
      progress.advance(done);
    char material[kMaxMaterialText];
    buffer.append(material, material + write_material(material_of(row.key, *kb.pieces), *kb.pieces,
                                                      material));
    fmt::format_to(std::back_inserter(buffer), ",{},{},{},", value(row.score),
                   source_name(row.source), row.invariable ? 1 : 0);
    if (row.weight) fmt::format_to(std::back_inserter(buffer), "{}", *row.weight);
    buffer.push_back('\n');
    if (buffer.size() > (1 << 20)) {
      out.write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
      buffer.clear();
    }
  }
  out.write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
}

}  // namespace egkb
