// sample: draw a review batch from a store (DESIGN.md section 4).
#include <fmt/format.h>

#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "cli/kb_options.h"
#include "cli/sheet_files.h"
#include "lattice/errors.h"
#include "sampling/active.h"
#include "sampling/distance_k.h"
#include "sampling/hss.h"
#include "sampling/risk.h"

namespace egkb::cli {

Command sample_command() {
  struct Options {
    KbOptions kb;
    SampleDesign sample;
    uint64_t seed = 1;
    std::string out;
    std::string design = "distance-k";
    bool exclude_reviewed = false;
    bool json = false;
  };
  auto o = std::make_shared<Options>();
  return {
      "sample", "draw a review batch from a store: a CSV sheet and an HTML page for the expert",
      "egkb sample kb.sqlite --p 0.01 --k 4 --seed 1 --out batch.csv",
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
        o->sample.check(*kb.pieces);
        const std::unordered_map<Key, Score> original = opened.store->original_scores();
        std::vector<uint8_t> eligible(kb.rows.size(), 1);
        std::vector<std::size_t> strata(3, 0);  // eligible rows by provenance, for the estimate
        std::size_t population = 0;
        for (std::size_t i = 0; i < kb.rows.size(); ++i) {
          eligible[i] = !(o->exclude_reviewed && kb.rows[i].source == Source::Expert);
          population += eligible[i];
          if (eligible[i]) ++strata[static_cast<std::size_t>(kb.rows[i].source)];
        }
        if (population == 0) {
          throw InputError(o->kb.path, 0, o->exclude_reviewed ? "--exclude-reviewed" : "",
                           kb.rows.empty() ? "the store holds no rows to draw; nothing was recorded"
                                           : "every row has been reviewed by an expert, so no row "
                                             "is left to draw; nothing was recorded");
        }
        const std::size_t wanted = o->sample.wanted(population);
        const std::string& design = o->sample.design;
        Random random(o->seed);
        std::vector<std::size_t> rows;
        std::vector<double> probability;
        if (design == "distance-k") {
          rows = sample_distance_k(kb, wanted, o->sample.distance(), random, eligible).rows;
          probability.assign(rows.size(),
                             static_cast<double>(wanted) /
                                 static_cast<double>(std::max<std::size_t>(population, 1)));
        } else {
          KnowledgeBase first = kb;
          for (KbRow& row : first.rows) {
            if (const auto it = original.find(row.key); it != original.end())
              row.score = it->second;
          }
          if (design == "active") {
            ActiveSample drawn = sample_active(kb, active_risk(kb, first), wanted,
                                               kActiveCensusShare, random, eligible);
            rows = std::move(drawn.rows);
            probability = std::move(drawn.probability);
          } else {
            const std::vector<double> p =
                risk_probabilities(kb, first, static_cast<double>(wanted));
            rows = HybridSampler(p).draw(random);
            for (std::size_t i : rows) probability.push_back(p[i]);
          }
        }
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
        batch.population = population;
        batch.parameters = nlohmann::json{
            {"p", o->sample.share()},
            {"size", wanted},
            {"k", o->sample.distance()},
            {"exclude_reviewed", o->exclude_reviewed},
            {"strata", strata}}.dump();
        for (std::size_t j = 0; j < rows.size(); ++j) {
          const KbRow& row = kb.rows[rows[j]];
          batch.items.push_back(
              {row.key, row.score, probability[j], static_cast<std::size_t>(row.source)});
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
        if (design == "distance-k" && rows.size() < wanted) {
          fmt::print(text, "  only {} of the {} rows asked for fit at pairwise distance >= {}\n",
                     rows.size(), wanted, o->sample.distance());
        }
        return 0;
      }};
}

}  // namespace egkb::cli
