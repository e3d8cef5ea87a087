// estimate: the errors left in a base, from a reviewed batch (docs/design.md section 4).
#include <fmt/format.h>

#include <charconv>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "cli/kb_options.h"
#include "io/json_text.h"
#include "io/output_files.h"
#include "present/json_forms.h"
#include "review/batch_estimate.h"
#include "review/rules.h"
#include "review/sheet_reader.h"
#include "store/batches.h"
#include "store/nodes.h"
#include "store/solved.h"

namespace egkb::cli {

namespace {

// A batch number given where a sheet may be: digits only, naming no file.
std::optional<BatchId> batch_number(const std::string& argument) {
  int64_t id = 0;
  const auto [end, ec] = std::from_chars(argument.data(), argument.data() + argument.size(), id);
  if (ec != std::errc() || end != argument.data() + argument.size() || id <= 0) return std::nullopt;
  if (path_exists(argument)) return std::nullopt;
  return BatchId(id);
}

}  // namespace

Command estimate_command() {
  struct Options {
    KbOptions kb;
    std::string batch;
    bool partial = false;
    bool json = false;
  };
  auto o = std::make_shared<Options>();
  return {
      "estimate", "errors left in the KB, estimated from a reviewed batch",
      "egkb estimate kb.sqlite 3",
      [o](OptionSink& sink) {
        add_kb_options(sink, o->kb, false);
        sink.argument(o->batch, "BATCH",
                      "the batch number (its verdicts as imported into the store), or a filled "
                      "sheet of it (- reads standard input)");
        sink.flag(o->partial, "--partial", "a sheet may lack rows of its batch: use those it has");
        sink.flag(o->json, "--json", "print the figures as JSON");
      },
      [o] {
        Store store = open_store(o->kb.path);
        MatchedSheet matched;
        if (const std::optional<BatchId> id = batch_number(o->batch)) {
          matched = imported_verdicts(store, *id);
        } else {
          const FilledSheet sheet = read_sheet(ByteSource::file(o->batch), store.pieces());
          matched = match_sheet(store, sheet, o->partial);
          check_possible(store::knowledge_base(store), store::solved(store), matched.verdicts,
                         sheet.origin);
        }
        const Batch& batch = matched.batch;
        const ErrorEstimate e = estimate_batch(matched, store.pieces());
        if (o->json) {
          nlohmann::ordered_json j = estimate_json(e);
          j["drawn"] = batch.items.size();
          std::cout << json_text(j) << '\n';
          return 0;
        }
        const double n = static_cast<double>(e.population);
        fmt::print("batch {} ({}): {} errors in {} reviewed rows (used {} of the {} rows drawn)\n",
                   batch.id, batch.design, e.found.errors, e.sample, matched.verdicts.size(),
                   batch.items.size());
        fmt::print(
            "  estimated in {} rows: {:.0f} errors ({:.2f}%, 95% interval {:.2f}%..{:.2f}%, "
            "{:.0f}..{:.0f})\n",
            e.population, e.errors, 100 * e.rate, 100 * e.low, 100 * e.high, e.low * n, e.high * n);
        fmt::print(
            "  D>=4 {:.0f}  D=3 {:.0f}  D=2 {:.0f}  D=1 {:.0f}  D=0 {:.0f}  inverted {:.0f}\n",
            e.d_ge4, e.d3, e.d2, e.d1, e.d0, e.inverted);
        return 0;
      }};
}

}  // namespace egkb::cli
