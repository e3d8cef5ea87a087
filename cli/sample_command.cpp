// sample: draw a review batch from a store (docs/design.md section 4).
#include <fmt/format.h>

#include <iostream>
#include <nlohmann/json.hpp>

#include "base/errors.h"
#include "base/text.h"
#include "cli/command.h"
#include "cli/evidence_options.h"
#include "cli/kb_options.h"
#include "cli/sheet_files.h"
#include "io/json_text.h"
#include "review/draw.h"

namespace egkb::cli {

Command sample_command() {
  struct Options {
    KbOptions kb;
    SampleDesign sample;
    uint64_t seed = 1;
    std::string out;
    bool exclude_reviewed = false;
    bool allow_partial_evidence = false;
    bool json = false;
  };
  auto o = std::make_shared<Options>();
  return {
      "sample", "draw a review batch from a store: a CSV sheet and an HTML page for the expert",
      "egkb sample kb.sqlite --p 0.01 --seed 1 --out batch.csv",
      [o](OptionSink& sink) {
        add_kb_options(sink, o->kb, false);
        add_sample_design_options(sink, o->sample, "");
        sink.whole(o->seed, "--seed", "same seed, same batch", 0, UINT64_MAX);
        sink.text(o->out, "--out",
                  "the sheet (a new .csv file; the HTML page goes beside it), or - for the CSV on "
                  "standard output",
                  true);
        sink.flag(o->exclude_reviewed, "--exclude-reviewed",
                  "never sample rows an expert has reviewed");
        sink.flag(o->allow_partial_evidence, "--allow-partial-evidence",
                  fmt::format("--design evidence: draw although evidence from play covers fewer "
                              "than {:.0f}% of the rows (refused otherwise)",
                              100 * kLeastEvidenceCoverage)
                      .c_str());
        sink.flag(o->json, "--json", "print the batch's figures as JSON");
      },
      [o] {
        require_store(o->kb.path);
        if (o->json && o->out == "-")
          throw InputError("", 0, "--json", "--json and --out - both write to standard output");
        const SheetPaths paths = sheet_paths(o->out);
        check_sheet_paths(paths, o->kb.path);
        Store store = open_store(o->kb.path);
        const DrawRequest request{o->sample.spec(store.pieces()), o->seed, o->exclude_reviewed,
                                  o->allow_partial_evidence};
        const DrawPlan plan = plan_draw(store, request);
        const BatchId id = apply_draw(store, plan, paths);
        const std::size_t rows = plan.batch.items.size();
        if (o->json) {
          std::cout << json_text(nlohmann::ordered_json{{"batch", id},
                                                        {"rows", rows},
                                                        {"wanted", plan.wanted},
                                                        {"design", plan.batch.design},
                                                        {"seed", o->seed},
                                                        {"evidence_rows", plan.evidence_rows},
                                                        {"csv", paths.csv},
                                                        {"html", paths.html}})
                    << '\n';
          return 0;
        }
        std::FILE* text = o->out == "-" ? stderr : stdout;
        fmt::print(text, "batch {}: {} rows ({}, seed {}) -> {}{}\n", id, rows, plan.batch.design,
                   o->seed, path_text(paths.csv),
                   paths.html.empty() ? "" : ", " + path_text(paths.html));
        if (request.spec.design == Design::DistanceK && rows < plan.wanted) {
          fmt::print(text, "  only {} of the {} rows asked for fit at pairwise distance >= {}\n",
                     rows, plan.wanted, request.spec.k);
        }
        if (plan.evidence_rows > 0 || request.spec.design == Design::Evidence) {
          fmt::print(text, "  {}\n", evidence_coverage(plan.evidence_rows, plan.rows));
        }
        if (request.spec.design == Design::Hss && rows != plan.wanted) {
          fmt::print(text,
                     "  {} for the {} asked: hss draws each row on its own, with its own "
                     "probability (Poisson sampling, whose estimate needs it), so the size "
                     "varies around the one asked for; spread and active give it exactly\n",
                     counted(rows, "row"), plan.wanted);
        }
        return 0;
      }};
}

}  // namespace egkb::cli
