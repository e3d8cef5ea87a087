#include "cli/sheet_files.h"

#include <filesystem>

#include "base/errors.h"
#include "io/output_files.h"

namespace egkb::cli {

SheetPaths sheet_paths(const std::string& out) {
  if (out == "-") return {out, ""};
  if (std::filesystem::path(out).extension() != ".csv")
    throw InputError(out, 0, "--out", "expected a .csv file");
  return {out, std::filesystem::path(out).replace_extension(".html").string()};
}

void check_sheet_paths(const SheetPaths& paths, const std::string& kb) {
  for (const std::string& file : {paths.csv, paths.html}) {
    if (file.empty()) continue;
    check_output(file, files_of(kb), "--out");
    if (file != "-" && path_exists(file)) {
      throw InputError(file, 0, "--out",
                       "exists already, and a sheet may hold a reviewer's verdicts; name a new "
                       "file");
    }
  }
}

void add_sheet_options(OptionSink& sink, SheetOptions& o) {
  add_kb_options(sink, o.kb, false);
  sink.argument(o.sheet, "SHEET",
                "the batch CSV with its verdict column filled (- reads standard input)");
  sink.flag(o.partial, "--partial", "the sheet may lack rows of its batch: use those it has");
}

FilledSheet read_filled_sheet(const SheetOptions& o, const PieceSet& pieces) {
  return read_sheet(ByteSource::file(o.sheet), pieces);
}

}  // namespace egkb::cli
