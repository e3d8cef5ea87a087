// The review sheet's files as the commands name them: the CSV and the HTML page beside it, and
// a filled sheet given on the command line.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cli/command.h"
#include "cli/kb_options.h"
#include "review/sheet.h"
#include "review/sheet_reader.h"

namespace egkb::cli {

// The paths for `--out`: a .csv file, or - for standard output. Throws InputError otherwise.
SheetPaths sheet_paths(const std::string& out);

// Refuses sheet paths that exist: an older sheet may hold a reviewer's verdicts not yet
// imported.
void check_sheet_paths(const SheetPaths& paths, const std::string& kb);

// A filled sheet on the command line: the store, the sheet, and whether it may be partial.
struct SheetOptions {
  KbOptions kb;
  std::string sheet;
  bool partial = false;
};

void add_sheet_options(OptionSink& sink, SheetOptions& o);
FilledSheet read_filled_sheet(const SheetOptions& o, const PieceSet& pieces);

}  // namespace egkb::cli
