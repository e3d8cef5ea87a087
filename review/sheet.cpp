#include "review/sheet.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <ostream>

#include "io/csv_reader.h"
#include "lattice/material.h"
#include "present/html.h"

namespace egkb {

void write_sheet_csv(std::ostream& out, int64_t batch, const std::vector<SheetRow>& rows) {
  out << "batch,id,material,pretty,score,meaning,original_score,probability,neighbours,verdict\n";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const SheetRow& r = rows[i];
    fmt::print(out, "{},{},{},{},{},{},{},{:.6g},{},\n", batch, i + 1, r.material,
               csv_quoted(r.pretty), value(r.score),
               csv_quoted(std::string(score_meaning(r.score))), value(r.original), r.probability,
               csv_quoted(r.neighbours));
  }
}

void write_sheet_html(std::ostream& out, int64_t batch, const std::vector<SheetRow>& rows,
                      const std::string& store, const std::string& sheet) {
  fmt::print(
      out,
      "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>egkb review batch {0}</title>\n"
      "<style>body{{font-family:sans-serif}} table{{border-collapse:collapse}} "
      "td,th{{border:1px solid #999;padding:4px 8px;vertical-align:top}} "
      "th{{background:#eee}} .changed{{color:#b00}}</style></head><body>\n"
      "<h1>Review batch {0}</h1>\n<p>{1} materials. For each, write your score (0 = red wins ... "
      "9 = black wins; 4 either side can win, 5 almost a draw) in the <b>verdict</b> column of "
      "the CSV file beside this page, or <b>ok</b> to confirm the current score; then run "
      "<code>egkb review import {2} {3} --reviewer NAME</code>.</p>\n<table>\n"
      "<tr><th>id</th><th>material</th><th>pieces</th><th>current score</th><th>original score</th>"
      "<th>neighbours (score)</th><th>verdict</th></tr>\n",
      batch, rows.size(), html_escaped(store), html_escaped(sheet));
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

}  // namespace egkb
