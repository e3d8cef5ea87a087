// The reviewer's side of a batch: the sheet egkb writes (CSV and an HTML page) and the verdicts
// it reads back, checked against the batch stored in the KB.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "io/store.h"

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
void write_sheet_html(std::ostream& out, int64_t batch, const std::vector<SheetRow>& rows);

struct Verdict {
  std::size_t line;
  Key key;
  Score old_score;  // the score the batch recorded
  Score verdict;    // `ok` reads as the recorded score
};

struct ReviewedBatch {
  Batch batch;
  std::vector<Verdict> verdicts;
};

// Reads a filled sheet and checks every row before returning: one batch the store knows, each
// material in it once, each verdict 0..9 or ok. Throws InputError naming the lines at fault.
ReviewedBatch read_reviewed_sheet(const std::string& sheet, const std::string& store,
                                  const PieceSet& pieces);

}  // namespace egkb
