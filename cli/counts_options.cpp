#include "cli/counts_options.h"

#include <fmt/format.h>

#include <charconv>
#include <cmath>

#include "base/errors.h"
#include "base/text.h"

namespace egkb::cli {

namespace {

[[noreturn]] void bad_bins(const std::string& text, const std::string& why) {
  throw InputError("", 0, "--bins",
                   fmt::format("expected nine numbers from 1 down to -1, strictly decreasing, "
                               "separated by commas (0.9,0.7,0.45,0.15,0,-0.15,-0.45,-0.7,-0.9); "
                               "{} in {}",
                               why, in_quotes(text)));
}

ScoreBins parse_bins(const std::string& text) {
  ScoreBins bins{};
  std::size_t n = 0;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    const std::string_view part =
        std::string_view(text).substr(start, comma == std::string::npos ? comma : comma - start);
    if (n == bins.edges.size()) bad_bins(text, "more than nine numbers");
    double v = 0;
    const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), v);
    if (part.empty() || ec != std::errc() || end != part.data() + part.size() ||
        !std::isfinite(v)) {
      bad_bins(text, fmt::format("{} is not a number", in_quotes(part)));
    }
    if (v < -1 || v > 1) bad_bins(text, fmt::format("{} lies outside [-1, 1]", v));
    if (n > 0 && v >= bins.edges[n - 1]) {
      bad_bins(text, fmt::format("{} does not come below {}", v, bins.edges[n - 1]));
    }
    bins.edges[n++] = v;
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (n != bins.edges.size()) bad_bins(text, fmt::format("{} numbers", n));
  return bins;
}

}  // namespace

ScoreBins CountsOptions::score_bins() const {
  if (!from_counts && (bins || almost_draw)) {
    throw InputError("", 0, bins ? "--bins" : "--almost-draw",
                     "scores a base made from position counts; give --from-counts");
  }
  return bins ? parse_bins(*bins) : kChessBins;
}

void add_counts_options(OptionSink& sink, CountsOptions& options) {
  sink.flag(options.from_counts, "--from-counts",
            "FILE holds win/draw/loss counts per material (tablebase statistics): score each "
            "from its expected result, keep the counts in the store");
  sink.text(options.bins, "--bins",
            "with --from-counts: the nine edges between the scores 0..9, from the first side's "
            "wins down (red's; White's in chess), "
            "comma-separated "
            "(default 0.9,0.7,0.45,0.15,0,-0.15,-0.45,-0.7,-0.9)");
  sink.number(options.almost_draw, "--almost-draw",
              "with --from-counts: the share of drawn positions, with each side to move, that "
              "makes a balanced material (rank 4) score 5, almost a draw (default 0.95)",
              0.5, 1.0);
}

KnowledgeBase kb_of_counts(const CountsFile& file, const ScoreBins& bins, double almost_draw,
                           const CsvOptions& csv) {
  KnowledgeBase kb;
  kb.pieces = file.pieces;
  kb.origin = file.origin;
  kb.rows.reserve(file.materials.size());
  for (const PositionCounts& counts : file.materials) {
    KbRow& row = kb.rows.emplace_back();
    row.key = counts.key;
    row.score = score_of_counts(counts, bins, almost_draw);
    row.source = csv.default_source;
    // As read_csv marks an expert's rows: facts the reducers must not touch.
    row.invariable = csv.all_invariable || csv.default_source == Source::Expert;
    row.line = counts.line;
  }
  return kb;
}

}  // namespace egkb::cli
