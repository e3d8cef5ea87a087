// `egkb import --from-counts`: the options that turn tablebase statistics into a base (the bins,
// the almost-draw share) and the base they make, imported as any base is.
#pragma once

#include <optional>
#include <string>

#include "cli/command.h"
#include "io/counts_csv.h"
#include "io/csv.h"
#include "lattice/expected_result.h"

namespace egkb::cli {

struct CountsOptions {
  bool from_counts = false;
  std::optional<std::string> bins;
  std::optional<double> almost_draw;

  // The bins given, else the chess data's. Throws InputError (field --bins) for anything but
  // nine comma-separated numbers in [-1, 1], strictly decreasing; and for --bins or
  // --almost-draw without --from-counts.
  ScoreBins score_bins() const;
  double almost_draw_share() const { return almost_draw.value_or(kAlmostDrawShare); }
};

void add_counts_options(OptionSink& sink, CountsOptions& options);

// A row per material, scored from its counts, with the provenance and flags of `csv` (a counts
// file has no columns for them).
KnowledgeBase kb_of_counts(const CountsFile& file, const ScoreBins& bins, double almost_draw,
                           const CsvOptions& csv);

}  // namespace egkb::cli
