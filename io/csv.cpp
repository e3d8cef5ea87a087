#include "io/csv.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <iterator>
#include <optional>
#include <ostream>
#include <sstream>
#include <unordered_map>

#include "lattice/errors.h"
#include "lattice/material.h"

namespace egkb {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

std::string lower(std::string_view s) {
  std::string r(s);
  std::transform(r.begin(), r.end(), r.begin(), [](unsigned char c) { return std::tolower(c); });
  return r;
}

// Splits one CSV line into `fields`, honouring double quotes ("a,b" and "" for a quote).
void split_line(std::string_view line, std::vector<std::string>& fields) {
  fields.clear();
  std::string field;
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      fields.emplace_back(trim(field));
      field.clear();
    } else {
      field += c;
    }
  }
  fields.emplace_back(trim(field));
}

// Column positions found in the header; -1 for an absent optional column.
struct Columns {
  int material = -1;
  int score = -1;
  int source = -1;
  int invariable = -1;
  int weight = -1;
};

Columns read_header(const std::vector<std::string>& names, const std::string& origin) {
  Columns c;
  for (int i = 0; i < static_cast<int>(names.size()); ++i) {
    const std::string name = lower(names[static_cast<std::size_t>(i)]);
    int* slot = name == "material"     ? &c.material
                : name == "score"      ? &c.score
                : name == "source"     ? &c.source
                : name == "invariable" ? &c.invariable
                : name == "weight"     ? &c.weight
                                       : nullptr;
    if (slot == nullptr) continue;
    if (*slot >= 0) throw InputError(origin, 1, name, "column appears twice in the header");
    *slot = i;
  }
  if (c.material < 0 || c.score < 0) {
    throw InputError(origin, 1, "header",
                     "expected a header naming the columns 'material' and 'score' "
                     "(optional: source, invariable, weight)");
  }
  return c;
}

Score parse_score(std::string_view text, const std::string& origin, std::size_t line) {
  if (text.size() != 1 || text[0] < '0' || text[0] > '9') {
    throw InputError(origin, line, "score",
                     fmt::format("expected an integer 0..9, got '{}'", text));
  }
  return Score(text[0] - '0');
}

bool parse_flag(std::string_view text, const std::string& origin, std::size_t line) {
  const std::string t = lower(text);
  if (t.empty()) return false;
  if (t == "1" || t == "true" || t == "yes") return true;
  if (t == "0" || t == "false" || t == "no") return false;
  throw InputError(origin, line, "invariable",
                   fmt::format("expected 1/0, true/false or yes/no, got '{}'", text));
}

std::optional<double> parse_weight(std::string_view text, const std::string& origin,
                                   std::size_t line) {
  if (text.empty()) return std::nullopt;
  double w = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), w);
  if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(w) || w <= 0) {
    throw InputError(origin, line, "weight",
                     fmt::format("expected a positive number, got '{}'", text));
  }
  return w;
}

const std::string& field_at(const std::vector<std::string>& fields, int column, const char* name,
                            const std::string& origin, std::size_t line) {
  if (column >= static_cast<int>(fields.size())) {
    throw InputError(origin, line, name,
                     fmt::format("missing: the row has {} fields, the header names column {} '{}'",
                                 fields.size(), column + 1, name));
  }
  return fields[static_cast<std::size_t>(column)];
}

KbRow parse_row(const std::vector<std::string>& fields, const Columns& c, const std::string& origin,
                std::size_t line, const CsvOptions& options) {
  static const std::string kEmpty;
  auto optional_field = [&](int column) -> const std::string& {
    return column >= 0 && column < static_cast<int>(fields.size())
               ? fields[static_cast<std::size_t>(column)]
               : kEmpty;
  };
  KbRow row;
  row.line = line;
  const std::string& text = field_at(fields, c.material, "material", origin, line);
  try {
    row.key = key_of(parse_material(text, *options.pieces), *options.pieces);
  } catch (const MaterialParseError& e) {
    throw InputError(origin, line, "material", e.what());
  }
  row.score = parse_score(field_at(fields, c.score, "score", origin, line), origin, line);
  const std::string& source = optional_field(c.source);
  row.source = options.default_source;
  if (!source.empty()) {
    const std::optional<Source> named = source_named(source);
    if (!named) {
      throw InputError(origin, line, "source",
                       fmt::format("expected manual, generated or expert, got '{}'", source));
    }
    row.source = *named;
  }
  // Expert verdicts are facts the reducers must not touch.
  row.invariable = parse_flag(optional_field(c.invariable), origin, line) ||
                   options.all_invariable || row.source == Source::Expert;
  row.weight = parse_weight(optional_field(c.weight), origin, line);
  return row;
}

}  // namespace

DuplicatePolicy duplicate_policy_named(std::string_view name) {
  if (name == "first") return DuplicatePolicy::First;
  if (name == "last") return DuplicatePolicy::Last;
  if (name == "error") return DuplicatePolicy::Error;
  throw InputError("", 0, "--on-duplicate",
                   fmt::format("expected first, last or error, got '{}'", name));
}

KnowledgeBase parse_csv(std::string_view text, const std::string& origin,
                        const CsvOptions& options) {
  KnowledgeBase kb;
  kb.pieces = options.pieces;
  kb.origin = origin;
  std::unordered_map<Key, std::size_t> row_of_key;
  std::vector<std::string> fields;
  std::optional<Columns> columns;
  std::size_t line = 0;
  while (!text.empty()) {
    ++line;
    const std::size_t eol = text.find('\n');
    const std::string_view raw = text.substr(0, eol);
    text.remove_prefix(eol == std::string_view::npos ? text.size() : eol + 1);
    if (trim(raw).empty()) continue;
    split_line(raw, fields);
    if (!columns) {
      columns = read_header(fields, origin);
      continue;
    }
    KbRow row = parse_row(fields, *columns, origin, line, options);
    const auto [it, fresh] = row_of_key.try_emplace(row.key, kb.rows.size());
    if (fresh) {
      kb.rows.push_back(row);
      continue;
    }
    KbRow& earlier = kb.rows[it->second];
    if (earlier.score == row.score) continue;
    switch (options.on_duplicate) {
      case DuplicatePolicy::First:
        break;
      case DuplicatePolicy::Last:
        earlier = row;
        break;
      case DuplicatePolicy::Error:
        throw InputError(origin, line, "material",
                         fmt::format("{} repeats line {} with another score ({} there, {} here); "
                                     "--on-duplicate first|last chooses one",
                                     format_material(material_of(row.key, *kb.pieces), *kb.pieces),
                                     earlier.line, value(earlier.score), value(row.score)));
    }
  }
  if (!columns) {
    throw InputError(origin, 1, "header", "the file is empty; expected a header 'material,score'");
  }
  return kb;
}

KnowledgeBase read_csv(const std::string& path, const CsvOptions& options) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path, 0, "", "cannot open the file");
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return parse_csv(buffer.str(), path, options);
}

void write_csv(const KnowledgeBase& kb, std::ostream& out) {
  out << "material,score,source,invariable,weight\n";
  for (const KbRow& row : kb.rows) {
    out << format_material(material_of(row.key, *kb.pieces), *kb.pieces) << ',' << value(row.score)
        << ',' << source_name(row.source) << ',' << (row.invariable ? 1 : 0) << ',';
    if (row.weight) out << *row.weight;
    out << '\n';
  }
}

}  // namespace egkb
