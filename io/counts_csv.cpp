#include "io/counts_csv.h"

#include <fmt/format.h>

#include <array>
#include <charconv>
#include <optional>
#include <unordered_map>

#include "base/errors.h"
#include "base/text.h"
#include "io/csv_reader.h"
#include "lattice/material.h"

namespace egkb {

namespace {

// The outcome columns of a set, in OutcomeCounts' order; win, draw and loss required.
constexpr const auto& kOutcomes = OutcomeCounts::kNames;
constexpr std::array<bool, 5> kRequired = {true, false, true, false, true};

struct SetColumns {
  ToMove to_move = ToMove::Either;
  std::string prefix;  // as the header wrote it: "wtm_", "rtm_", "btm_" or ""
  std::array<int, 5> column = {-1, -1, -1, -1, -1};

  bool named() const {
    for (const int c : column) {
      if (c >= 0) return true;
    }
    return false;
  }
};

struct CountsColumns {
  int material = -1;
  std::vector<SetColumns> sets;  // the sets the header names
};

ToMove to_move_of(std::string_view prefix) {
  return prefix == "btm_" ? ToMove::Black : prefix.empty() ? ToMove::Either : ToMove::Red;
}

CountsColumns read_counts_header(std::span<const std::string_view> names, const std::string& origin,
                                 std::size_t line) {
  int material = -1;
  std::array<SetColumns, 3> sets;  // by ToMove
  for (int i = 0; i < static_cast<int>(names.size()); ++i) {
    const std::string name = lowercase(names[static_cast<std::size_t>(i)]);
    if (name == "material") {
      if (material >= 0) throw InputError(origin, line, name, "column appears twice in the header");
      material = i;
      continue;
    }
    std::string_view outcome = name, prefix;
    for (const std::string_view p : {"wtm_", "rtm_", "btm_"}) {
      if (outcome.starts_with(p)) {
        prefix = p;
        outcome.remove_prefix(p.size());
      }
    }
    std::size_t o = 0;
    while (o < kOutcomes.size() && outcome != kOutcomes[o]) ++o;
    if (o == kOutcomes.size()) continue;  // another column: ignored
    SetColumns& set = sets[static_cast<std::size_t>(to_move_of(prefix))];
    if (set.column[o] >= 0) {
      throw InputError(
          origin, line, name,
          fmt::format("column appears twice in the header (as {}{})", set.prefix, kOutcomes[o]));
    }
    set.to_move = to_move_of(prefix);
    set.prefix = prefix;
    set.column[o] = i;
  }
  const auto& red = sets[static_cast<std::size_t>(ToMove::Red)];
  const auto& black = sets[static_cast<std::size_t>(ToMove::Black)];
  const auto& either = sets[static_cast<std::size_t>(ToMove::Either)];
  constexpr const char* kExpected =
      "expected a header naming 'material' and the counts: per side to move "
      "(wtm_win,wtm_draw,wtm_loss,btm_win,btm_draw,btm_loss; rtm_ for red) or one set "
      "(win,draw,loss); cursed_win and blessed_loss optional";
  if (material < 0) throw InputError(origin, line, "header", kExpected);
  CountsColumns c{material, {}};
  if (either.named() && (red.named() || black.named())) {
    throw InputError(origin, line, "header",
                     "names counts per side to move and one set without a prefix; give one form");
  }
  if (either.named()) {
    c.sets = {either};
  } else if (red.named() && black.named()) {
    c.sets = {red, black};
  } else if (red.named() || black.named()) {
    throw InputError(origin, line, "header",
                     fmt::format("names the counts with {} to move only; give both sides to move",
                                 red.named() ? "red (white)" : "black"));
  } else {
    throw InputError(origin, line, "header", kExpected);
  }
  for (const SetColumns& set : c.sets) {
    for (std::size_t o = 0; o < kOutcomes.size(); ++o) {
      if (kRequired[o] && set.column[o] < 0) {
        throw InputError(
            origin, line, "header",
            fmt::format("expected a column '{}{}' beside the other {} columns", set.prefix,
                        kOutcomes[o], set.prefix.empty() ? "count" : set.prefix + "*"));
      }
    }
  }
  return c;
}

class CountsRowParser {
 public:
  CountsRowParser(const CountsColumns& c, const std::string& origin, const PieceSet& pieces)
      : c_(c), origin_(origin), pieces_(pieces) {}

  PositionCounts parse(std::span<const std::string_view> fields, std::size_t line) const {
    PositionCounts counts;
    counts.line = line;
    try {
      counts.key =
          key_of(parse_material(field(fields, c_.material, "material", line), pieces_), pieces_);
    } catch (const MaterialParseError& e) {
      throw InputError(origin_, line, "material", e.what());
    }
    for (const SetColumns& set : c_.sets) {
      OutcomeCounts o{.to_move = set.to_move};
      std::size_t i = 0;
      for (uint64_t* slot : o.counts()) {
        if (set.column[i] >= 0) {
          const std::string name = set.prefix + kOutcomes[i];
          *slot = count(field(fields, set.column[i], name, line), name, line);
        }
        ++i;
      }
      if (o.positions() == 0) {
        throw InputError(origin_, line, set.prefix + "win",
                         fmt::format("every count{} is 0: a material has positions",
                                     set.prefix.empty() ? "" : " of " + set.prefix + "*"));
      }
      counts.sets.push_back(o);
    }
    return counts;
  }

 private:
  std::string_view field(std::span<const std::string_view> fields, int column,
                         const std::string& name, std::size_t line) const {
    return field_at(fields, column, name, origin_, line);
  }

  uint64_t count(std::string_view text, const std::string& name, std::size_t line) const {
    uint64_t n = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() ||
        n > kMaxPositionCount) {
      throw InputError(origin_, line, name,
                       fmt::format("expected a whole number of positions from 0 to {}, got {}",
                                   kMaxPositionCount, in_quotes(text)));
    }
    return n;
  }

  const CountsColumns& c_;
  const std::string& origin_;
  const PieceSet& pieces_;
};

}  // namespace

CountsFile read_counts_csv(ByteSource source, const PieceSet* pieces) {
  CountsFile file;
  file.pieces = pieces;
  file.origin = source.origin();
  CsvReader reader(std::move(source));
  std::optional<CountsColumns> columns;
  std::optional<CountsRowParser> parser;
  std::unordered_map<Key, std::size_t> line_of;  // each material read, by key
  for (auto fields = reader.next(); !fields.empty(); fields = reader.next()) {
    if (!columns) {
      columns = read_counts_header(fields, file.origin, reader.line());
      continue;
    }
    if (!parser) {
      if (file.pieces == nullptr) {
        const auto at = static_cast<std::size_t>(columns->material);
        file.pieces = &PieceSet::of_material(at < fields.size() ? fields[at] : "");
      }
      parser.emplace(*columns, file.origin, *file.pieces);
    }
    PositionCounts counts = parser->parse(fields, reader.line());
    const Key mirror = mirror_key(counts.key, *file.pieces);
    for (const Key seen : {counts.key, mirror}) {
      const auto it = line_of.find(seen);
      if (it == line_of.end()) continue;
      throw InputError(
          file.origin, reader.line(), "material",
          seen == counts.key
              ? fmt::format("{} repeats line {}; give each material once",
                            material_text(counts.key, *file.pieces), it->second)
              : fmt::format("{} is the mirror of {} on line {}: both count the same positions; "
                            "give each material in one orientation",
                            material_text(counts.key, *file.pieces),
                            material_text(mirror, *file.pieces), it->second));
    }
    line_of.emplace(counts.key, reader.line());
    file.materials.push_back(std::move(counts));
  }
  if (!columns) {
    throw InputError(file.origin, 1, "header",
                     "the file is empty; expected a header 'material,win,draw,loss' or the "
                     "counts per side to move");
  }
  // As an empty file is: a store made of no counts would only hide the mistake.
  if (file.materials.empty()) {
    throw InputError(file.origin, 2, "material",
                     "the file has a header and no counts after it; expected a line per "
                     "material");
  }
  if (file.pieces == nullptr) file.pieces = &PieceSet::xiangqi();
  return file;
}

}  // namespace egkb
