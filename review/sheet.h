// The sheet a reviewer fills: one row per drawn node, as a CSV file and an HTML page beside it.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "lattice/types.h"

namespace egkb {

// One line of the sheet, already in words.
struct SheetRow {
  std::string material;
  std::string pretty;  // "Red: K R N · Black: K G G M"
  Score score{};       // now
  Score original{};    // as first imported
  double probability = 1;
  std::string neighbours;  // "KRKNM 1; KRKMM 0"
};

// CSV columns: batch, id, material, pretty, score, meaning, original_score, probability,
// neighbours, verdict (empty, for the reviewer: 0..9, or ok to confirm the score).
void write_sheet_csv(std::ostream& out, int64_t batch, const std::vector<SheetRow>& rows);
// `store` is named in the import command the page shows.
void write_sheet_html(std::ostream& out, int64_t batch, const std::vector<SheetRow>& rows,
                      const std::string& store, const std::string& sheet);

}  // namespace egkb
