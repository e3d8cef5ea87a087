// sample: draw a review batch from a store (DESIGN.md section 4).
#include <fmt/format.h>

#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "cli/kb_options.h"
#include "cli/sheet_files.h"
#include "lattice/errors.h"
#include "sampling/dispatch.h"

namespace egkb::cli {

Command sample_command() {
  struct Options {
    KbOptions kb;
    SampleDesign sample;
    uint64_t seed = 1;
    std::string out;
    bool exclude_reviewed = false;
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
        sink.flag(o->json, "--json", "print the batch's figures as JSON");
      },
      [o] {
        require_store(o->kb.path);
        if (o->json && o->out == "-")
          throw InputError("", 0, "--json", "--json and --out - both write to standard output");
        const bool to_stdout = o->out == "-";
        const auto [csv, html] = sheet_paths(o->out);
        check_sheet_paths({csv, html}, o->kb.path);
        OpenedKb opened = open(o->kb);
        const KnowledgeBase& kb = opened.kb;
        const DrawSpec spec = o->sample.spec(*kb.pieces);
        const std::unordered_map<Key, Score> original = opened.store->original_scores();
        std::vector<uint8_t> eligible(kb.rows.size(), 1);
        for (std::size_t i = 0; i < kb.rows.size(); ++i)
          eligible[i] = !(o->exclude_reviewed && kb.rows[i].source == Source::Expert);
        if (std::find(eligible.begin(), eligible.end(), 1) == eligible.end()) {
          throw InputError(o->kb.path, 0, o->exclude_reviewed ? "--exclude-reviewed" : "",
                           kb.rows.empty() ? "the store holds no rows to draw; nothing was recorded"
                                           : "every row has been reviewed by an expert, so no row "
                                             "is left to draw; nothing was recorded");
        }
        // hss and active weigh a row by how far a repair moved it from its first score.
        KnowledgeBase first = kb;
        for (KbRow& row : first.rows) {
          if (const auto it = original.find(row.key); it != original.end()) row.score = it->second;
        }
        Random random(o->seed);
        const DrawnRows drawn = draw_rows(kb, first, spec, eligible, random);
        const std::vector<std::size_t>& rows = drawn.rows;
        const std::size_t wanted = drawn.wanted;
        const std::string design(design_name(spec.design));
        if (rows.empty()) {
          throw InputError("", 0, "--seed",
                           fmt::format("the {} design drew no row with this seed (its rows are "
                                       "drawn independently); nothing was recorded: try another "
                                       "seed or a larger --p",
                                       design));
        }
        Batch batch;
        batch.design = design;
        batch.seed = o->seed;
        batch.population = drawn.population;
        nlohmann::json parameters = {{"p", spec.size.share()},
                                     {"size", wanted},
                                     {"exclude_reviewed", o->exclude_reviewed},
                                     {"strata", drawn.strata}};
        if (spec.design == Design::DistanceK) parameters["k"] = spec.k;
        batch.parameters = parameters.dump();
        for (std::size_t j = 0; j < rows.size(); ++j) {
          const KbRow& row = kb.rows[rows[j]];
          batch.items.push_back(
              {row.key, row.score, drawn.probability[j], static_cast<std::size_t>(row.source)});
        }
        const std::vector<SheetRow> sheet = sheet_rows(kb, original, batch.items);
        // The sheets carry the batch's number, known inside the write; they appear after its
        // commit (`review export` writes them again should they not), and never over a sheet
        // another command wrote meanwhile: it may hold verdicts.
        Outputs outputs;
        int64_t id = 0;
        opened.store->write(
            [&](StoreWriter& w) {
              id = w.add_batch(batch);
              write_sheets(outputs, {csv, html}, id, sheet, *kb.pieces, o->kb.path);
            },
            &outputs);
        if (o->json) {
          std::cout << nlohmann::ordered_json{{"batch", id},      {"rows", rows.size()},
                                              {"wanted", wanted}, {"design", design},
                                              {"seed", o->seed},  {"csv", csv},
                                              {"html", html}}
                           .dump(2)
                    << '\n';
          return 0;
        }
        std::FILE* text = to_stdout ? stderr : stdout;
        fmt::print(text, "batch {}: {} rows ({}, seed {}) -> {}{}\n", id, rows.size(), design,
                   o->seed, csv, html.empty() ? "" : ", " + html);
        if (spec.design == Design::DistanceK && rows.size() < wanted) {
          fmt::print(text, "  only {} of the {} rows asked for fit at pairwise distance >= {}\n",
                     rows.size(), wanted, spec.k);
        }
        return 0;
      }};
}

}  // namespace egkb::cli
