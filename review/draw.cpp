#include "review/draw.h"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "base/errors.h"
#include "io/json_text.h"
#include "review/row_evidence.h"
#include "store/batches.h"
#include "store/evidence.h"
#include "store/history.h"
#include "store/nodes.h"
#include "store/runs.h"

namespace egkb {

DrawPlan plan_draw(Store& store, const DrawRequest& request) {
  const KnowledgeBase kb = store::knowledge_base(store);
  const std::unordered_map<Key, Score> original = store::original_scores(store);
  // A solved row is never drawn (sampling/dispatch.h); said here so a refusal names it.
  std::vector<uint8_t> eligible(kb.rows.size(), 1);
  for (std::size_t i = 0; i < kb.rows.size(); ++i) {
    eligible[i] = kb.rows[i].source != Source::Solved &&
                  !(request.exclude_reviewed && kb.rows[i].source == Source::Expert);
  }
  if (std::find(eligible.begin(), eligible.end(), 1) == eligible.end()) {
    const bool all_solved = std::all_of(kb.rows.begin(), kb.rows.end(), [](const KbRow& row) {
      return row.source == Source::Solved;
    });
    throw InputError(
        store.path(), 0, request.exclude_reviewed && !all_solved ? "--exclude-reviewed" : "",
        kb.rows.empty() ? "the store holds no rows to draw; nothing was recorded"
        : all_solved    ? "every row is solved, so no row is left to review; nothing was "
                          "recorded"
                        : "every row has been reviewed by an expert or is solved, so no row "
                          "is left to draw; nothing was recorded");
  }
  // hss and active weigh a row by how far a repair moved it from its first score.
  KnowledgeBase first = kb;
  for (KbRow& row : first.rows) {
    if (const auto it = original.find(row.key); it != original.end()) row.score = it->second;
  }
  // The active census leads with the rows the store's last exact repair left open.
  RowRanges ranges;
  if (request.spec.design == Design::Active) {
    const auto recorded = store::last_ranges(store);
    if (!recorded.empty()) {
      for (const KbRow& row : kb.rows) {
        const auto it = recorded.find(row.key);
        ranges.low.push_back(it == recorded.end() ? rank_of(row.score) : it->second.low);
        ranges.high.push_back(it == recorded.end() ? rank_of(row.score) : it->second.high);
      }
    }
  }
  // The evidence census leads with the rows the store's evidence from play disagrees with.
  const RowEvidence evidence = row_evidence(kb, store::evidence(store));
  const auto covered = static_cast<std::size_t>(
      std::count(evidence.present.begin(), evidence.present.end(), uint8_t{1}));
  if (request.spec.design == Design::Evidence) {
    if (covered == 0) {
      throw InputError(store.path(), 0, "--design",
                       "the evidence design draws where evidence from play disagrees with the "
                       "scores, and the store holds none for its rows: run egkb evidence first; "
                       "nothing was recorded");
    }
    const double share = static_cast<double>(covered) / static_cast<double>(kb.rows.size());
    if (share < kLeastEvidenceCoverage && !request.allow_partial_evidence) {
      throw InputError(
          store.path(), 0, "--design",
          fmt::format("evidence from play covers {} of {} rows ({:.1f}%), fewer than the "
                      "{:.0f}% the evidence design needs to draw where it disagrees rather than "
                      "at random: run egkb evidence for the rest (egkb evidence import, for "
                      "shards), or give --allow-partial-evidence to draw from what there is; "
                      "nothing was recorded",
                      covered, kb.rows.size(), 100 * share, 100 * kLeastEvidenceCoverage));
    }
  }
  Random random(request.seed);
  const DrawnRows drawn = draw_rows(kb, first, request.spec, eligible, random, ranges, evidence);
  const std::string_view design = design_name(request.spec.design);
  if (drawn.rows.empty()) {
    throw InputError("", 0, "--seed",
                     fmt::format("the {} design drew no row with this seed (its rows are "
                                 "drawn independently); nothing was recorded: try another "
                                 "seed or a larger --p",
                                 design));
  }
  DrawPlan plan;
  plan.wanted = drawn.wanted;
  plan.rows = kb.rows.size();
  plan.evidence_rows = covered;
  Batch& batch = plan.batch;
  batch.design = design;
  batch.seed = request.seed;
  batch.population = drawn.population;
  batch.strata = drawn.strata;
  // In the order of the keys stored batches hold (alphabetical): distance-k's k after
  // exclude_reviewed.
  nlohmann::ordered_json parameters = {{"exclude_reviewed", request.exclude_reviewed}};
  if (request.spec.design == Design::DistanceK) parameters["k"] = request.spec.k;
  parameters["p"] = request.spec.size.share();
  parameters["size"] = drawn.wanted;
  parameters["strata"] = drawn.strata;
  batch.parameters = json_text(parameters, -1);
  for (std::size_t j = 0; j < drawn.rows.size(); ++j) {
    const KbRow& row = kb.rows[drawn.rows[j]];
    batch.items.push_back({row.key, row.score, drawn.probability[j], row.source});
  }
  plan.sheet = sheet_rows(kb, original, batch.items);
  return plan;
}

BatchId apply_draw(Store& store, const DrawPlan& plan, const SheetPaths& paths) {
  // The sheets carry the batch's number, known inside the write; they appear after its commit
  // (`review export` writes them again should they not), and never over a sheet another command
  // wrote meanwhile: it may hold verdicts.
  Outputs outputs;
  BatchId id;
  store.write(
      [&](StoreWriter& w) {
        id = store::add_batch(w, plan.batch);
        write_sheets(outputs, paths, id, plan.sheet, store.pieces(), store.path());
      },
      &outputs);
  return id;
}

}  // namespace egkb
