// The sheet a reviewer fills: one row per drawn node, as a CSV file and an HTML page beside it.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <unordered_map>
#include <vector>

#include "io/output_files.h"
#include "lattice/knowledge_base.h"
#include "store/batches.h"

namespace egkb {

// One line of the sheet, already in words.
struct SheetRow {
  std::string material;
  std::string pretty;  // "Red: K R N · Black: K G G M"
  Score score{};       // now
  Score original{};    // as first imported
  // "-G black: KCMKCPGM 8 ✗; +P red: KCPMKCPGM 3": the piece each neighbour has less (-) or
  // more (+), its material and score, ✗ where the pair breaks the additive rule.
  std::string neighbours;
  // Empty for the reviewer to fill; in a sheet exported after an import, the verdict (a digit),
  // its note, who gave it and when.
  std::string verdict = {};
  std::string note = {};
  std::string reviewer = {};
  std::string time = {};
  std::string answers = {};  // every reviewer's answer the import kept (answers_text)
};

// The sheet rows of the rows a batch drew, each with its score when drawn, its neighbours in
// `kb` and `original`, the first score of each row. Throws InputError when `kb` lacks a row.
std::vector<SheetRow> sheet_rows(const KnowledgeBase& kb,
                                 const std::unordered_map<Key, Score>& original,
                                 const std::vector<BatchItem>& drawn);

// CSV columns: batch, id, material, verdict (0..9, or ok to confirm the score; empty for the
// reviewer to fill), note (free text kept with the verdict), score, meaning, original_score,
// pieces, neighbours, reviewer, time, answers (empty but in an exported filled sheet).
void write_sheet_csv(std::ostream& out, BatchId batch, const std::vector<SheetRow>& rows,
                     const PieceSet& pieces);
// The same rows as a page; `store` and `sheet` fill in the import command it shows.
void write_sheet_html(std::ostream& out, BatchId batch, const std::vector<SheetRow>& rows,
                      const PieceSet& pieces, const std::string& store, const std::string& sheet);

// A sheet's CSV file and the HTML page beside it (none for standard output).
struct SheetPaths {
  std::string csv;
  std::string html;
};

// Writes the sheet of `batch` (and its page) as outputs, never over an existing file; the page
// shows the import command for `store`.
void write_sheets(Outputs& outputs, const SheetPaths& paths, BatchId batch,
                  const std::vector<SheetRow>& sheet, const PieceSet& pieces,
                  const std::string& store);

}  // namespace egkb
