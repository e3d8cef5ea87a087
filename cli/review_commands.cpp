// sample, review import, estimate: the expert's loop on a store (DESIGN.md section 4).
#include <fmt/format.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/kb_options.h"
#include "io/output_files.h"
#include "lattice/errors.h"
#include "lattice/material.h"
#include "lattice/neighbourhood.h"
#include "present/json_forms.h"
#include "review/rules.h"
#include "review/sheet.h"
#include "sampling/distance_k.h"
#include "sampling/estimate.h"
#include "sampling/hss.h"
#include "sampling/risk.h"

namespace egkb::cli {

namespace {

std::vector<SheetRow> sheet_rows(const KnowledgeBase& kb,
                                 const std::unordered_map<Key, Score>& original,
                                 const std::vector<std::size_t>& rows,
                                 const std::vector<double>& probability) {
  const ScoredLattice scored = ScoredLattice::of(kb);
  const std::vector<Rank> ranks = scored.ranks();
  const PieceSet& pieces = *kb.pieces;
  std::vector<SheetRow> sheet;
  for (std::size_t j = 0; j < rows.size(); ++j) {
    const KbRow& row = kb.rows[rows[j]];
    const Material m = material_of(row.key, pieces);
    std::string neighbours;
    for (const Neighbour& nb :
         neighbourhood(scored.lattice, ranks, *scored.lattice.find(row.key))) {
      if (nb.link == Link::Mirror) continue;
      neighbours +=
          fmt::format("{}{} {}{}", neighbours.empty() ? "" : "; ",
                      format_material(scored.lattice.material(nb.node), pieces),
                      value(scored.scores[nb.node]), nb.inconsistent ? " (inconsistent)" : "");
    }
    const auto first = original.find(row.key);
    sheet.push_back({format_material(m, pieces), describe_material(m, pieces), row.score,
                     first == original.end() ? row.score : first->second, probability[j],
                     neighbours});
  }
  return sheet;
}

void add_sample(CLI::App& app) {
  struct Options {
    KbOptions kb;
    double p = 0.01;
    std::optional<std::size_t> size;
    int k = 4;
    uint64_t seed = 1;
    std::string out;
    std::string design = "distance-k";
    bool exclude_reviewed = false;
  };
  auto o = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand(
      "sample", "draw a review batch from a store: a CSV and an HTML page for the expert");
  add_kb_options(*cmd, o->kb, false);
  cmd->add_option("--p", o->p, "share of rows to sample")
      ->check(finite_in(1e-9, 1))
      ->capture_default_str();
  cmd->add_option("--size", o->size, "rows to sample, instead of --p")
      ->check(whole_in(1, 100'000'000));
  cmd->add_option("--k", o->k, "distance-k: least distance between sampled rows")
      ->check(whole_in(1, 1000))
      ->capture_default_str();
  cmd->add_option("--seed", o->seed, "same seed, same batch")
      ->check(whole_in(0, UINT64_MAX))
      ->capture_default_str();
  cmd->add_option("--out", o->out, "the batch CSV (a new file); the HTML page goes beside it")
      ->required();
  cmd->add_option("--design", o->design, "distance-k or hss (risk-weighted)")
      ->check(CLI::IsMember({"distance-k", "hss"}))
      ->capture_default_str();
  cmd->add_flag("--exclude-reviewed", o->exclude_reviewed,
                "never sample rows an expert has reviewed");
  cmd->callback([o] {
    require_store(o->kb.path);
    if (std::filesystem::path(o->out).extension() != ".csv")
      throw InputError(o->out, 0, "--out", "expected a .csv file");
    const std::string csv = o->out,
                      html = std::filesystem::path(o->out).replace_extension(".html").string();
    for (const std::string& file : {csv, html}) {
      check_not_input(file, files_of(o->kb.path), "--out");
      // An older sheet may hold a reviewer's verdicts not yet imported.
      if (path_exists(file)) {
        throw InputError(file, 0, "--out",
                         "exists already, and a sheet may hold a reviewer's verdicts; name a "
                         "new file");
      }
    }
    OpenedKb opened = open(o->kb);
    const KnowledgeBase& kb = opened.kb;
    if (o->k > diameter(*kb.pieces)) {
      throw InputError("", 0, "--k",
                       fmt::format("{} is beyond the {} lattice's diameter ({}): no two "
                                   "materials are that far apart",
                                   o->k, kb.pieces->name(), diameter(*kb.pieces)));
    }
    const std::unordered_map<Key, Score> original = opened.store->original_scores();
    std::vector<uint8_t> eligible(kb.rows.size(), 1);
    std::vector<std::size_t> strata(3, 0);  // eligible rows by provenance, for the estimate
    std::size_t population = 0;
    for (std::size_t i = 0; i < kb.rows.size(); ++i) {
      eligible[i] = !(o->exclude_reviewed && kb.rows[i].source == Source::Expert);
      population += eligible[i];
      if (eligible[i]) ++strata[static_cast<std::size_t>(kb.rows[i].source)];
    }
    const std::size_t wanted =
        std::min(population, o->size.value_or(static_cast<std::size_t>(
                                 std::ceil(o->p * static_cast<double>(population)))));
    Random random(o->seed);
    std::vector<std::size_t> rows;
    std::vector<double> probability;
    if (o->design == "distance-k") {
      rows = sample_distance_k(kb, wanted, o->k, random, eligible).rows;
      probability.assign(
          rows.size(),
          static_cast<double>(wanted) / static_cast<double>(std::max<std::size_t>(population, 1)));
    } else {
      KnowledgeBase first = kb;
      for (KbRow& row : first.rows) {
        if (const auto it = original.find(row.key); it != original.end()) row.score = it->second;
      }
      const std::vector<double> p = risk_probabilities(kb, first, static_cast<double>(wanted));
      rows = HybridSampler(p).draw(random);
      for (std::size_t i : rows) probability.push_back(p[i]);
    }
    Batch batch;
    batch.design = o->design;
    batch.seed = o->seed;
    batch.population = population;
    batch.parameters = nlohmann::json{
        {"p", o->p},
        {"size", wanted},
        {"k", o->k},
        {"exclude_reviewed", o->exclude_reviewed},
        {"strata", strata}}.dump();
    for (std::size_t j = 0; j < rows.size(); ++j) {
      const KbRow& row = kb.rows[rows[j]];
      batch.items.push_back(
          {row.key, row.score, probability[j], static_cast<std::size_t>(row.source)});
    }
    const std::vector<SheetRow> sheet = sheet_rows(kb, original, rows, probability);
    // The sheets carry the batch's number, known inside the write; they appear with its commit.
    Outputs outputs;
    int64_t id = 0;
    opened.store->write(
        [&](StoreWriter& w) {
          id = w.add_batch(batch);
          outputs.write(csv, [&](std::ostream& out) { write_sheet_csv(out, id, sheet); });
          outputs.write(
              html, [&](std::ostream& out) { write_sheet_html(out, id, sheet, o->kb.path, csv); });
        },
        &outputs);
    fmt::print("batch {}: {} rows ({}, seed {}) -> {}, {}\n", id, rows.size(), o->design, o->seed,
               csv, html);
    if (o->design == "distance-k" && rows.size() < wanted) {
      fmt::print("  only {} of the {} rows asked for fit at pairwise distance >= {}\n", rows.size(),
                 wanted, o->k);
    }
  });
}

struct SheetOptions {
  KbOptions kb;
  std::string sheet;
  bool partial = false;
};

void add_sheet_options(CLI::App& cmd, SheetOptions& o) {
  add_kb_options(cmd, o.kb, false);
  cmd.add_option("SHEET", o.sheet, "the batch CSV with its verdict column filled")->required();
  cmd.add_flag("--partial", o.partial, "the sheet may lack rows of its batch: use those it has");
}

FilledSheet read_filled_sheet(const SheetOptions& o, const PieceSet& pieces) {
  return read_sheet(ByteSource::file(o.sheet), pieces);
}

void print_plan(const Store& store, const ReviewPlan& plan, bool dry_run) {
  const PieceSet& pieces = store.pieces();
  for (const std::string& note : plan.notes) fmt::print("  note: {}\n", note);
  std::unordered_map<Key, Score> earlier;
  if (plan.replaces) earlier = plan.replaces->verdicts;
  std::size_t shown = 0;
  for (const PlannedVerdict& v : plan.verdicts) {
    const auto was = earlier.find(v.verdict.key);
    const bool differs = was != earlier.end() && was->second != v.verdict.verdict;
    const bool change = v.before.score != v.after.score;
    if (!(dry_run ? change || differs : differs) || shown == 50) continue;
    ++shown;
    fmt::print("  {}{} {} -> {}{}\n", dry_run ? "would set " : "",
               material_text(v.verdict.key, pieces), value(v.before.score), value(v.after.score),
               differs ? fmt::format("  (the earlier verdict, by {}, was {})",
                                     plan.replaces->reviewer, value(was->second))
                       : "");
  }
}

void add_review(CLI::App& app) {
  struct Options {
    SheetOptions sheet;
    std::string reviewer;
    bool accept_stale = false;
    bool replace = false;
    bool dry_run = false;
  };
  auto o = std::make_shared<Options>();
  CLI::App* review = app.add_subcommand("review", "take an expert's verdicts back, or undo them");
  review->require_subcommand(1);
  CLI::App* cmd = review->add_subcommand("import", "apply a filled batch sheet: all rows or none");
  add_sheet_options(*cmd, o->sheet);
  cmd->add_option("--reviewer", o->reviewer, "who reviewed (default: $USER)");
  cmd->add_flag("--accept-stale", o->accept_stale,
                "apply verdicts to rows that changed since the batch was drawn");
  cmd->add_flag("--replace", o->replace,
                "import a batch again, or let a verdict replace a newer expert verdict");
  cmd->add_flag("--dry-run", o->dry_run, "show what would change; write nothing");
  cmd->callback([o] {
    Store store = open_store(o->sheet.kb);
    const FilledSheet sheet = read_filled_sheet(o->sheet, store.pieces());
    const ReviewPlan plan =
        plan_review(store, sheet, {o->sheet.partial, o->accept_stale, o->replace});
    const Batch& batch = plan.sheet.batch;
    if (o->dry_run) {
      fmt::print("batch {}: {} verdicts would be applied (dry run: nothing written)\n", batch.id,
                 plan.verdicts.size());
      print_plan(store, plan, true);
      return;
    }
    std::string reviewer = o->reviewer;
    if (reviewer.empty()) reviewer = std::getenv("USER") ? std::getenv("USER") : "unknown";
    const ReviewResult r = apply_review(store, plan, reviewer);
    fmt::print(
        "batch {}: {} verdicts by {} applied (run {}): {} scores changed, {} confirmed; the rows "
        "are now invariable expert rows\n",
        batch.id, r.verdicts, reviewer, r.run, r.rescored, r.confirmed);
    if (plan.sheet.verdicts.size() < batch.items.size()) {
      fmt::print("  a partial sheet: {} of the {} rows drawn\n", plan.sheet.verdicts.size(),
                 batch.items.size());
    }
    print_plan(store, plan, false);
  });

  struct UndoOptions {
    KbOptions kb;
    int64_t batch = 0;
  };
  auto u = std::make_shared<UndoOptions>();
  CLI::App* undo = review->add_subcommand(
      "undo", "take a batch's verdicts back: its rows return to their state before the import");
  add_kb_options(*undo, u->kb, false);
  undo->add_option("BATCH", u->batch, "the batch number")
      ->required()
      ->check(whole_in(1, INT64_MAX));
  undo->callback([u] {
    Store store = open_store(u->kb);
    const UndoPlan plan = plan_undo(store, u->batch);
    const UndoResult r = apply_undo(store, plan);
    fmt::print("batch {}: the verdicts of run {} taken back (run {}), {} rows restored\n", u->batch,
               plan.import.run, r.run, r.restored);
  });
}

void add_estimate(CLI::App& app) {
  struct Options {
    SheetOptions sheet;
    bool json = false;
  };
  auto o = std::make_shared<Options>();
  CLI::App* cmd =
      app.add_subcommand("estimate", "errors left in the KB, estimated from a reviewed batch");
  add_sheet_options(*cmd, o->sheet);
  cmd->add_flag("--json", o->json, "print the figures as JSON");
  cmd->callback([o] {
    Store store = open_store(o->sheet.kb);
    const MatchedSheet matched =
        match_sheet(store, read_filled_sheet(o->sheet, store.pieces()), o->sheet.partial);
    const Batch& batch = matched.batch;
    std::vector<Observation> observations;
    for (const MatchedVerdict& v : matched.verdicts) {
      observations.push_back({v.drawn.score, v.verdict, v.drawn.probability, v.drawn.stratum});
    }
    // Rows by provenance when sampled; a batch without them counts as one stratum.
    const auto strata = nlohmann::json::parse(batch.parameters)
                            .value("strata", std::vector<std::size_t>{batch.population});
    const ErrorEstimate e = batch.design == "hss"
                                ? estimate_horvitz_thompson(observations, batch.population)
                                : estimate_simple(observations, strata);
    if (o->json) {
      nlohmann::ordered_json j = estimate_json(e);
      j["drawn"] = batch.items.size();
      std::cout << j.dump(2) << '\n';
      return;
    }
    const double n = static_cast<double>(e.population);
    fmt::print("batch {} ({}): {} errors in {} reviewed rows (used {} of the {} rows drawn)\n",
               batch.id, batch.design, e.found.errors, e.sample, matched.verdicts.size(),
               batch.items.size());
    fmt::print(
        "  estimated in {} rows: {:.0f} errors ({:.2f}%, 95% interval {:.2f}%..{:.2f}%, "
        "{:.0f}..{:.0f})\n",
        e.population, e.errors, 100 * e.rate, 100 * e.low, 100 * e.high, e.low * n, e.high * n);
    fmt::print("  D>=4 {:.0f}  D=3 {:.0f}  D=2 {:.0f}  D=1 {:.0f}  D=0 {:.0f}  inverted {:.0f}\n",
               e.d_ge4, e.d3, e.d2, e.d1, e.d0, e.inverted);
  });
}

}  // namespace

void add_review_commands(CLI::App& app, int&) {
  add_sample(app);
  add_review(app);
  add_estimate(app);
}

}  // namespace egkb::cli
