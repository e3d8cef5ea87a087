// sample, review import, estimate: the expert's loop on a store (DESIGN.md section 4).
#include <fmt/format.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/estimate_json.h"
#include "cli/kb_options.h"
#include "io/json_report.h"
#include "io/kb_file.h"
#include "io/review.h"
#include "lattice/errors.h"
#include "lattice/material.h"
#include "lattice/neighbourhood.h"
#include "sampling/distance_k.h"
#include "sampling/estimate.h"
#include "sampling/hss.h"
#include "sampling/risk.h"

namespace egkb::cli {

namespace {

void require_store(const std::string& path) {
  if (!is_store_path(path)) {
    throw InputError(
        path, 0, "KB",
        "review batches live in a store: import the CSV first (egkb import FILE --into KB.sqlite)");
  }
}

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
  add_kb_options(*cmd, o->kb);
  cmd->add_option("--p", o->p, "share of rows to sample")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  cmd->add_option("--size", o->size, "rows to sample, instead of --p");
  cmd->add_option("--k", o->k, "distance-k: least distance between sampled rows")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cmd->add_option("--seed", o->seed, "same seed, same batch")->capture_default_str();
  cmd->add_option("--out", o->out, "the batch CSV; the HTML page goes beside it")->required();
  cmd->add_option("--design", o->design, "distance-k or hss (risk-weighted)")
      ->check(CLI::IsMember({"distance-k", "hss"}))
      ->capture_default_str();
  cmd->add_flag("--exclude-reviewed", o->exclude_reviewed,
                "never sample rows an expert has reviewed");
  cmd->callback([o] {
    require_store(o->kb.path);
    if (std::filesystem::path(o->out).extension() != ".csv")
      throw InputError(o->out, 0, "--out", "expected a .csv file");
    const KnowledgeBase kb = load(o->kb);
    const std::unordered_map<Key, Score> original = original_scores(o->kb.path);
    std::vector<uint8_t> eligible(kb.rows.size(), 1);
    std::vector<std::size_t> strata(3, 0);  // eligible rows by provenance, for the estimate
    std::size_t population = 0;
    for (std::size_t i = 0; i < kb.rows.size(); ++i) {
      eligible[i] = !(o->exclude_reviewed && kb.rows[i].source == Source::Expert);
      population += eligible[i];
      if (eligible[i]) ++strata[static_cast<std::size_t>(kb.rows[i].source)];
    }
    const std::size_t wanted = o->size.value_or(
        static_cast<std::size_t>(std::ceil(o->p * static_cast<double>(population))));
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
    const int64_t id = record_batch(o->kb.path, batch);
    const std::filesystem::path csv = o->out,
                                html = std::filesystem::path(o->out).replace_extension(".html");
    write_atomically(csv.string(), [&](std::ostream& out) { write_sheet_csv(out, id, sheet); });
    write_atomically(html.string(), [&](std::ostream& out) { write_sheet_html(out, id, sheet); });
    fmt::print("batch {}: {} rows ({}, seed {}) -> {}, {}\n", id, rows.size(), o->design, o->seed,
               csv.string(), html.string());
    if (o->design == "distance-k" && rows.size() < wanted) {
      fmt::print("  only {} of the {} rows asked for fit at pairwise distance >= {}\n", rows.size(),
                 wanted, o->k);
    }
  });
}

void add_review(CLI::App& app) {
  struct Options {
    KbOptions kb;
    std::string sheet;
    std::string reviewer;
  };
  auto o = std::make_shared<Options>();
  CLI::App* review = app.add_subcommand("review", "take an expert's verdicts back");
  review->require_subcommand(1);
  CLI::App* cmd = review->add_subcommand("import", "apply a filled batch sheet: all rows or none");
  add_kb_options(*cmd, o->kb);
  cmd->add_option("SHEET", o->sheet, "the batch CSV with its verdict column filled")->required();
  cmd->add_option("--reviewer", o->reviewer, "who reviewed (default: $USER)");
  cmd->callback([o] {
    require_store(o->kb.path);
    const PieceSet& pieces = piece_set_for(o->kb.path, o->kb.pieces);
    const ReviewedBatch reviewed = read_reviewed_sheet(o->sheet, o->kb.path, pieces);
    std::string reviewer = o->reviewer;
    if (reviewer.empty()) reviewer = std::getenv("USER") ? std::getenv("USER") : "unknown";
    std::vector<VerdictRecord> records;
    std::size_t changed = 0;
    for (const Verdict& v : reviewed.verdicts) {
      records.push_back({v.key, v.old_score, v.verdict});
      changed += v.verdict != v.old_score;
    }
    record_verdicts(o->kb.path, reviewed.batch.id, reviewer, records);
    fmt::print(
        "batch {}: {} verdicts by {} imported, {} scores changed; the rows are now invariable "
        "expert rows\n",
        reviewed.batch.id, records.size(), reviewer, changed);
  });
}

void add_estimate(CLI::App& app) {
  struct Options {
    KbOptions kb;
    std::string sheet;
    bool json = false;
  };
  auto o = std::make_shared<Options>();
  CLI::App* cmd =
      app.add_subcommand("estimate", "errors left in the KB, estimated from a reviewed batch");
  add_kb_options(*cmd, o->kb);
  cmd->add_option("SHEET", o->sheet, "the batch CSV with its verdict column filled")->required();
  cmd->add_flag("--json", o->json, "print the figures as JSON");
  cmd->callback([o] {
    require_store(o->kb.path);
    const PieceSet& pieces = piece_set_for(o->kb.path, o->kb.pieces);
    const ReviewedBatch reviewed = read_reviewed_sheet(o->sheet, o->kb.path, pieces);
    std::unordered_map<Key, const BatchItem*> item_of;
    for (const BatchItem& item : reviewed.batch.items) item_of.emplace(item.key, &item);
    std::vector<Observation> observations;
    for (const Verdict& v : reviewed.verdicts) {
      const BatchItem& item = *item_of.at(v.key);
      observations.push_back({v.old_score, v.verdict, item.probability, item.stratum});
    }
    // Rows by provenance when sampled; a batch without them counts as one stratum.
    const auto strata = nlohmann::json::parse(reviewed.batch.parameters)
                            .value("strata", std::vector<std::size_t>{reviewed.batch.population});
    const ErrorEstimate e = reviewed.batch.design == "hss"
                                ? estimate_horvitz_thompson(observations, reviewed.batch.population)
                                : estimate_simple(observations, strata);
    if (o->json) {
      std::cout << estimate_json(e).dump(2) << '\n';
      return;
    }
    const double n = static_cast<double>(e.population);
    fmt::print("batch {} ({}): {} errors in {} reviewed rows\n", reviewed.batch.id,
               reviewed.batch.design, e.found.errors, e.sample);
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
