#include "review/sheet_reader.h"

#include <fmt/format.h>

#include <charconv>

#include "base/errors.h"
#include "base/text.h"
#include "io/csv_reader.h"
#include "lattice/material.h"
#include "review/faults.h"
#include "store/reviewer.h"

namespace egkb {

FilledSheet read_sheet(ByteSource source, const PieceSet& pieces) {
  FilledSheet sheet;
  sheet.origin = source.origin();
  CsvReader reader(std::move(source));
  const auto header = reader.next();
  if (header.empty()) throw InputError(sheet.origin, 1, "header", "the file is empty");
  const std::size_t header_line = reader.line();
  auto find = [&](const char* name) -> std::optional<std::size_t> {
    for (std::size_t i = 0; i < header.size(); ++i) {
      if (lowercase(header[i]) == name) return i;
    }
    return std::nullopt;
  };
  auto column = [&](const char* name) {
    if (const auto found = find(name)) return *found;
    throw InputError(sheet.origin, header_line, "header",
                     fmt::format("expected a '{}' column (the sheet egkb sample wrote)", name));
  };
  const std::size_t batch_col = column("batch"), material_col = column("material"),
                    verdict_col = column("verdict");
  const std::optional<std::size_t> note_col = find("note");

  Faults faults(sheet.origin, "cannot be read");
  std::optional<std::string> batch_text;
  for (auto fields = reader.next(); !fields.empty(); fields = reader.next()) {
    const std::size_t line = reader.line();
    auto field = [&](std::size_t c) { return c < fields.size() ? fields[c] : std::string_view(); };
    const std::string_view batch = field(batch_col);
    if (!batch_text) {
      int64_t id = 0;
      const auto [end, ec] = std::from_chars(batch.data(), batch.data() + batch.size(), id);
      if (ec != std::errc() || end != batch.data() + batch.size() || id <= 0) {
        throw InputError(sheet.origin, line, "batch",
                         fmt::format("expected a batch number, got {}", in_quotes(batch)));
      }
      batch_text = std::string(batch);
      sheet.batch = BatchId(id);
    } else if (batch != *batch_text) {
      faults.add(line, "batch",
                 fmt::format("{} is not batch {} of the first row", in_quotes(batch), sheet.batch));
    }
    SheetVerdict row{line, 0, std::string(field(material_col)), Verdict::ok(), ""};
    try {
      row.key = key_of(parse_material(row.material, pieces), pieces);
    } catch (const MaterialParseError& e) {
      faults.add(line, "material", e.what());
      continue;
    }
    const std::string_view v = field(verdict_col);
    if (const std::optional<Verdict> verdict = Verdict::parse(v)) {
      row.verdict = *verdict;
    } else {
      faults.add(line, "verdict",
                 v.empty() ? "missing; write 0..9 or ok"
                           : fmt::format("expected 0..9 or ok, got {}", in_quotes(v)));
      continue;
    }
    if (note_col) {
      try {
        row.note = checked_note(field(*note_col), "note");
      } catch (const InputError& e) {
        faults.add(line, "note", e.what());
        continue;
      }
    }
    sheet.rows.push_back(std::move(row));
  }
  faults.throw_if_any();
  if (!batch_text) throw InputError(sheet.origin, 0, "", "no rows to import");
  return sheet;
}

}  // namespace egkb
