// A filled review sheet read back: which batch, and each row's material and verdict. Only the
// sheet's own syntax is checked here; what a verdict may do is review/rules.h's business.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "io/byte_source.h"
#include "lattice/piece_set.h"
#include "lattice/types.h"
#include "store/ids.h"
#include "store/verdict.h"

namespace egkb {

struct SheetVerdict {
  std::size_t line;
  Key key;
  std::string material;  // as the sheet spells it
  Verdict verdict;
  std::string note = {};  // the reviewer's note, from an optional `note` column
};

struct FilledSheet {
  std::string origin;
  BatchId batch;
  std::vector<SheetVerdict> rows;
};

// Reads the columns `batch`, `material`, `verdict` and (when there is one) `note` by name (a
// spreadsheet may move or add columns). Throws InputError listing every line at fault: a batch
// number that differs or is not a number, a material that does not parse, a verdict other than 0..9
// or ok, or none.
FilledSheet read_sheet(ByteSource source, const PieceSet& pieces);

}  // namespace egkb
