#include "review/sheet.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <ostream>

#include "base/errors.h"
#include "io/csv_reader.h"
#include "lattice/material.h"
#include "lattice/neighbourhood.h"
#include "present/html.h"
#include "prose/link_text.h"
#include "prose/material_words.h"
#include "prose/score_meaning.h"

namespace egkb {

std::vector<SheetRow> sheet_rows(const KnowledgeBase& kb,
                                 const std::unordered_map<Key, Score>& original,
                                 const std::vector<BatchItem>& drawn) {
  const ScoredLattice scored = ScoredLattice::of(kb);
  const std::vector<Rank> ranks = scored.ranks();
  const PieceSet& pieces = *kb.pieces;
  std::vector<SheetRow> sheet;
  for (const BatchItem& item : drawn) {
    const Material m = material_of(item.key, pieces);
    const std::optional<NodeId> node = scored.lattice.find(item.key);
    if (!node || scored.row_of[*node] == ScoredLattice::kImplied) {
      throw InputError(kb.origin, 0, "batch",
                       fmt::format("{} was drawn but is not a row of the base any more",
                                   format_material(m, pieces)));
    }
    std::string neighbours;
    for (const Neighbour& nb : neighbourhood(scored.lattice, ranks, *node)) {
      if (nb.link == Link::Mirror) continue;
      neighbours +=
          fmt::format("{}{}: {} {}{}", neighbours.empty() ? "" : "; ", link_text(pieces, nb),
                      format_material(scored.lattice.material(nb.node), pieces),
                      value(scored.scores[nb.node]), nb.inconsistent ? " ✗" : "");
    }
    const auto first = original.find(item.key);
    sheet.push_back({format_material(m, pieces), describe_material(m, pieces), item.score,
                     first == original.end() ? item.score : first->second, neighbours});
  }
  return sheet;
}

void write_sheet_csv(std::ostream& out, BatchId batch, const std::vector<SheetRow>& rows,
                     const PieceSet& pieces) {
  out << "batch,id,material,verdict,note,score,meaning,original_score,pieces,neighbours,"
         "reviewer,time,answers\n";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const SheetRow& r = rows[i];
    fmt::print(out, "{},{},{},{},{},{},{},{},{},{},{},{},{}\n", batch, i + 1, r.material, r.verdict,
               csv_quoted(r.note), value(r.score), csv_quoted(score_meaning(pieces, r.score)),
               value(r.original), csv_quoted(r.pretty), csv_quoted(r.neighbours),
               csv_quoted(r.reviewer), r.time, csv_quoted(r.answers));
  }
}

void write_sheet_html(std::ostream& out, BatchId batch, const std::vector<SheetRow>& rows,
                      const PieceSet& pieces, const std::string& store, const std::string& sheet) {
  fmt::print(
      out,
      "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>egkb review batch {0}</title>\n"
      "<style>body{{font-family:sans-serif;max-width:72em}} table{{border-collapse:collapse}} "
      "td,th{{border:1px solid #999;padding:4px 8px;vertical-align:top}} "
      "th{{background:#eee}} .changed{{color:#b00}} .verdict{{min-width:5em}}</style>"
      "</head><body>\n"
      "<h1>Review batch {0}</h1>\n"
      "<p>{1} materials. For each, write your score in the <b>verdict</b> column of <code>{3}"
      "</code>, next to the material: 0 = {4} … 9 = {5} (4 either side can win, 5 almost a "
      "draw), or <b>ok</b> when the current score is right; the <b>note</b> column beside it "
      "takes anything you want kept with your verdict. Then run:</p>\n"
      "<pre>egkb review import {2} {3} --reviewer YOUR-NAME</pre>\n"
      "<p>Reading the table: a score in <span class=\"changed\">red</span> differs from the "
      "score the material was first given, because a repair changed it. Each neighbour is a "
      "material with one piece less (<b>-</b>) or more (<b>+</b>) for the side named, with its "
      "score; <b>✗</b> marks a neighbour whose score breaks the rule that adding a piece never "
      "makes its side worse off. Your verdict may disagree with the neighbours: the next repair "
      "moves them, never you.</p>\n<table>\n"
      "<tr><th>id</th><th>material</th><th "
      "class=\"verdict\">verdict</th><th>note</th><th>pieces</th>"
      "<th>current score</th><th>first score</th><th>neighbours</th></tr>\n",
      batch, rows.size(), html_escaped(store), html_escaped(sheet),
      html_escaped(score_meaning(pieces, Score(0))), html_escaped(score_meaning(pieces, Score(9))));
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const SheetRow& r = rows[i];
    const bool changed = r.original != r.score;
    fmt::print(out,
               "<tr><td>{}</td><td><b>{}</b></td><td>{}</td><td>{}</td><td>{}</td><td "
               "class=\"{}\">{} ({})</td>"
               "<td>{} ({})</td><td>{}</td></tr>\n",
               i + 1, html_escaped(r.material), html_escaped(r.verdict), html_escaped(r.note),
               html_escaped(r.pretty), changed ? "changed" : "", value(r.score),
               html_escaped(score_meaning(pieces, r.score)), value(r.original),
               html_escaped(score_meaning(pieces, r.original)), html_escaped(r.neighbours));
  }
  fmt::print(out, "</table>\n</body></html>\n");
}

void write_sheets(Outputs& outputs, const SheetPaths& paths, BatchId batch,
                  const std::vector<SheetRow>& sheet, const PieceSet& pieces,
                  const std::string& store) {
  outputs.write(
      paths.csv, [&](std::ostream& out) { write_sheet_csv(out, batch, sheet, pieces); }, false);
  if (!paths.html.empty()) {
    outputs.write(
        paths.html,
        [&](std::ostream& out) { write_sheet_html(out, batch, sheet, pieces, store, paths.csv); },
        false);
  }
}

}  // namespace egkb
