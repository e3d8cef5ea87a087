#include "io/review.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <fstream>
#include <map>
#include <ostream>
#include <sstream>
#include <unordered_map>

#include "io/html.h"
#include "lattice/errors.h"
#include "lattice/material.h"

namespace egkb {

namespace {

std::string quoted(const std::string& s) {
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

// Splits a sheet line on commas outside double quotes.
std::vector<std::string> fields_of(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quote = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == '"' && quote && i + 1 < line.size() && line[i + 1] == '"') {
      fields.back() += '"';
      ++i;
    } else if (c == '"') {
      quote = !quote;
    } else if (c == ',' && !quote) {
      fields.emplace_back();
    } else if (c != '\r') {
      fields.back() += c;
    }
  }
  for (std::string& f : fields) {
    while (!f.empty() && f.back() == ' ') f.pop_back();
    while (!f.empty() && f.front() == ' ') f.erase(f.begin());
  }
  return fields;
}

}  // namespace

void write_sheet_csv(std::ostream& out, int64_t batch, const std::vector<SheetRow>& rows) {
  out << "batch,id,material,pretty,score,meaning,original_score,probability,neighbours,verdict\n";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const SheetRow& r = rows[i];
    fmt::print(out, "{},{},{},{},{},{},{},{:.6g},{},\n", batch, i + 1, r.material, quoted(r.pretty),
               value(r.score), quoted(std::string(score_meaning(r.score))), value(r.original),
               r.probability, quoted(r.neighbours));
  }
}

void write_sheet_html(std::ostream& out, int64_t batch, const std::vector<SheetRow>& rows) {
  fmt::print(
      out,
      "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>egkb review batch {0}</title>\n"
      "<style>body{{font-family:sans-serif}} table{{border-collapse:collapse}} "
      "td,th{{border:1px solid #999;padding:4px 8px;vertical-align:top}} "
      "th{{background:#eee}} .changed{{color:#b00}}</style></head><body>\n"
      "<h1>Review batch {0}</h1>\n<p>{1} materials. For each, write your score (0 = red wins ... "
      "9 = black wins; 4 either side can win, 5 almost a draw) in the <b>verdict</b> column of "
      "the CSV file beside this page, or <b>ok</b> to confirm the current score; then run "
      "<code>egkb review import KB batch.csv --reviewer NAME</code>.</p>\n<table>\n"
      "<tr><th>id</th><th>material</th><th>pieces</th><th>current score</th><th>original score</th>"
      "<th>neighbours (score)</th><th>verdict</th></tr>\n",
      batch, rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const SheetRow& r = rows[i];
    fmt::print(out,
               "<tr><td>{}</td><td>{}</td><td>{}</td><td>{} ({})</td><td class=\"{}\">{} "
               "({})</td><td>{}</td>"
               "<td></td></tr>\n",
               i + 1, html_escaped(r.material), html_escaped(r.pretty), value(r.score),
               score_meaning(r.score), r.original == r.score ? "" : "changed", value(r.original),
               score_meaning(r.original), html_escaped(r.neighbours));
  }
  fmt::print(out, "</table>\n</body></html>\n");
}

ReviewedBatch read_reviewed_sheet(const std::string& sheet, const std::string& store,
                                  const PieceSet& pieces) {
  std::ifstream in(sheet);
  if (!in) throw InputError(sheet, 0, "", "cannot open the file");
  std::string line;
  if (!std::getline(in, line)) throw InputError(sheet, 1, "header", "the file is empty");
  const std::vector<std::string> header = fields_of(line);
  auto column = [&](const char* name) {
    for (std::size_t i = 0; i < header.size(); ++i) {
      if (header[i] == name) return i;
    }
    throw InputError(sheet, 1, "header",
                     fmt::format("expected a '{}' column (the sheet egkb sample wrote)", name));
  };
  const std::size_t batch_col = column("batch"), material_col = column("material"),
                    verdict_col = column("verdict");

  struct Raw {
    std::size_t line;
    std::vector<std::string> fields;
  };
  std::vector<Raw> raw;
  for (std::size_t n = 2; std::getline(in, line); ++n) {
    if (line.find_first_not_of(" \r") == std::string::npos) continue;
    raw.push_back({n, fields_of(line)});
  }
  if (raw.empty()) throw InputError(sheet, 0, "", "no rows to import");
  const std::string& batch_text =
      raw.front().fields.size() > batch_col ? raw.front().fields[batch_col] : "";
  int64_t batch_id = 0;
  try {
    batch_id = std::stoll(batch_text);
  } catch (const std::exception&) {
    throw InputError(sheet, raw.front().line, "batch",
                     fmt::format("expected a batch number, got '{}'", batch_text));
  }
  ReviewedBatch result{read_batch(store, batch_id), {}};
  std::unordered_map<Key, Score> recorded;
  for (const BatchItem& item : result.batch.items) recorded.emplace(item.key, item.score);

  // Every row is checked; the message lists the lines at fault, the first one named as the place.
  std::vector<std::string> faults;
  std::size_t first_fault = 0;
  std::map<Key, std::size_t> seen;
  auto fault = [&](std::size_t n, const std::string& field, const std::string& why) {
    if (faults.empty()) first_fault = n;
    faults.push_back(fmt::format("line {} {}: {}", n, field, why));
  };
  for (const Raw& r : raw) {
    auto field = [&](std::size_t c) { return c < r.fields.size() ? r.fields[c] : std::string(); };
    if (field(batch_col) != batch_text)
      fault(r.line, "batch", fmt::format("{} is not batch {}", field(batch_col), batch_id));
    Key key = 0;
    try {
      key = key_of(parse_material(field(material_col), pieces), pieces);
    } catch (const MaterialParseError& e) {
      fault(r.line, "material", e.what());
      continue;
    }
    const auto it = recorded.find(key);
    if (it == recorded.end()) {
      fault(r.line, "material",
            fmt::format("{} is not in batch {}", field(material_col), batch_id));
      continue;
    }
    if (!seen.emplace(key, r.line).second) {
      fault(r.line, "material",
            fmt::format("{} appears again (line {})", field(material_col), seen[key]));
      continue;
    }
    const std::string v = field(verdict_col);
    if (v == "ok" || v == "OK") {
      result.verdicts.push_back({r.line, key, it->second, it->second});
    } else if (v.size() == 1 && v[0] >= '0' && v[0] <= '9') {
      result.verdicts.push_back({r.line, key, it->second, Score(v[0] - '0')});
    } else {
      fault(r.line, "verdict",
            v.empty() ? "missing; write 0..9 or ok"
                      : fmt::format("expected 0..9 or ok, got '{}'", v));
    }
  }
  if (!faults.empty()) {
    std::string message =
        fmt::format("{} row(s) cannot be imported, nothing was changed:", faults.size());
    for (std::size_t i = 0; i < faults.size() && i < 20; ++i) message += "\n  " + faults[i];
    if (faults.size() > 20) message += fmt::format("\n  ... and {} more", faults.size() - 20);
    throw InputError(sheet, first_fault, "", message);
  }
  return result;
}

}  // namespace egkb
