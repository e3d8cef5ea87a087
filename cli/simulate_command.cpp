#include <fmt/format.h>

#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>

#include "base/errors.h"
#include "cli/command.h"
#include "cli/evidence_options.h"
#include "cli/kb_options.h"
#include "io/json_text.h"
#include "present/json_forms.h"
#include "review/row_evidence.h"
#include "sampling/simulate.h"
#include "store/evidence.h"

namespace egkb::cli {

namespace {

void print_round(const RoundReport& r) {
  const ErrorEstimate& e = r.estimate;
  const ErrorCounts& t = r.truth;
  fmt::print("round {}: {} inconsistent nodes after repair; {} of {} rows sampled{}\n", r.round,
             r.inconsistent_after_repair, r.sampled, r.wanted,
             r.answered_again == 0
                 ? ""
                 : fmt::format(" ({} slipped answers refused and given again)", r.answered_again));
  fmt::print("  {:<10} {:>9} {:>8} {:>8} {:>8} {:>8} {:>6} {:>9}   {}\n", "", "errors", "D>=4",
             "D=3", "D=2", "D=1", "D=0", "inverted", "95% interval of errors");
  fmt::print(
      "  {:<10} {:>9.0f} {:>8.0f} {:>8.0f} {:>8.0f} {:>8.0f} {:>6.0f} {:>9.0f}   {:.0f}..{:.0f} "
      "({:.2f}%..{:.2f}%)\n",
      "estimate", e.errors, e.d_ge4, e.d3, e.d2, e.d1, e.d0, e.inverted,
      e.low * static_cast<double>(e.population), e.high * static_cast<double>(e.population),
      100 * e.low, 100 * e.high);
  fmt::print(
      "  {:<10} {:>9} {:>8} {:>8} {:>8} {:>8} {:>6} {:>9}   {} ({:.2f}% wrong, {:.2f}% at D>=2)\n",
      "true", t.errors, t.d_ge4, t.d3, t.d2, t.d1, t.d0, t.inverted,
      r.covered ? "covered" : "NOT covered",
      100.0 * static_cast<double>(t.errors) / static_cast<double>(t.size),
      100.0 * static_cast<double>(t.d2 + t.d3 + t.d_ge4) / static_cast<double>(t.size));
  fmt::print(
      "  the verdicts taken in, the repair leaves {} wrong: {:.2f} errors removed per verdict\n",
      r.truth_after.errors, r.removed_per_verdict);
}

struct SimulateOptions {
  KbOptions kb;
  std::string truth;
  uint64_t rounds = 3;
  SampleDesign sample;
  double expert_error = 0;
  std::string method{method_name(kDefaultMethod)};
  uint64_t seed = 1;
  EngineOptions engine;
  std::optional<std::string> evidence;
  bool json = false;
};
// The evidence the evidence design draws by: the store's, an evidence file's, and with --engine
// what they lack, searched (into the file when one is given).
RowEvidence simulation_evidence(const SimulateOptions& o, OpenedKb& opened) {
  const KnowledgeBase& kb = opened.kb;
  const PieceSet& pieces = *kb.pieces;
  std::vector<EvidenceRecord> records;
  if (opened.store) records = store::evidence(*opened.store);
  if (!o.engine.engine && o.evidence) {
    const std::vector<EvidenceRecord> in_file = evidence_in_file(*o.evidence, pieces);
    records.insert(records.end(), in_file.begin(), in_file.end());
  }
  if (o.engine.engine) {
    const EvidenceRequest request = evidence_request(o.engine, pieces);
    const std::string engine = engine_name(request, o.json);
    std::unique_ptr<EvidenceSink> sink;
    if (o.evidence) {
      sink = file_sink(*o.evidence,
                       {&pieces, engine, request.settings.budget.text(), request.settings.seed, ""},
                       records);
    }
    // A solved row is never drawn: its evidence would go unused.
    std::vector<std::size_t> rows;
    for (std::size_t i = 0; i < kb.rows.size(); ++i) {
      if (kb.rows[i].source != Source::Solved) rows.push_back(i);
    }
    const EvidencePlan plan =
        plan_evidence(evidence_materials(kb, rows, std::nullopt), pieces, records, request, engine);
    const EvidenceOutcome outcome = gather(plan, request, pieces, sink.get());
    if (outcome.failed > 0) {
      fmt::print(stderr,
                 "simulate: {} of {} materials failed to be searched; the design draws them "
                 "as rows without evidence\n",
                 outcome.failed, outcome.materials);
    }
    records.insert(records.end(), outcome.rows.begin(), outcome.rows.end());
  }
  RowEvidence evidence = row_evidence(kb, records);
  if (std::find(evidence.present.begin(), evidence.present.end(), 1) == evidence.present.end()) {
    throw InputError("", 0, "--design",
                     "the evidence design draws where evidence from play disagrees with the "
                     "scores, and there is none for this base: give --engine to search it "
                     "(and --evidence FILE to keep it), or --evidence FILE from egkb evidence");
  }
  return evidence;
}

}  // namespace

Command simulate_command() {
  auto o = std::make_shared<SimulateOptions>();
  return {
      "simulate", "the expert loop with a truth as the oracle: repair, sample, review, estimate",
      "egkb simulate noisy.csv --truth truth.csv --rounds 3",
      [o](OptionSink& sink) {
        add_kb_options(sink, o->kb);
        sink.text(o->truth, "--truth", "the truth (.csv or .sqlite) that answers for the expert",
                  true);
        sink.whole(o->rounds, "--rounds", "review rounds", 1, 100);
        add_sample_design_options(sink, o->sample, " per round");
        sink.number(o->expert_error, "--expert-error", "chance an answer is one rank off", 0, 1);
        sink.text(o->method, "--method", "repair between rounds", false, method_names());
        sink.whole(o->seed, "--seed", "same seed, same run", 0, UINT64_MAX);
        add_engine_options(sink, o->engine, false);
        sink.text(o->evidence, "--evidence",
                  "an evidence file for --design evidence (from egkb evidence --out); with "
                  "--engine, the rows it lacks are searched into it first");
        sink.flag(o->json, "--json", "print the rounds as JSON");
      },
      [o] {
        OpenedKb opened = open(o->kb);
        const KnowledgeBase& kb = opened.kb;
        const KnowledgeBase truth_kb = load_truth(o->kb, o->truth, kb);
        SimulationOptions sim;
        sim.rounds = static_cast<int>(o->rounds);
        sim.sample = o->sample.spec(*kb.pieces);
        sim.expert_error = o->expert_error;
        sim.method = *method_named(o->method);
        sim.seed = o->seed;
        if (sim.sample.design == Design::Evidence) {
          // The repairs take the evidence as weak data too, weighed by validation on the rows
          // the simulated expert has scored (weight 0 until there are enough of them).
          sim.evidence = simulation_evidence(*o, opened);
          sim.repair_evidence = evidence_ranks(sim.evidence);
        } else if (o->engine.engine || o->evidence) {
          throw InputError("", 0, o->evidence ? "--evidence" : "--engine",
                           "evidence is for --design evidence");
        }
        const auto rounds = simulate(
            truth_kb, kb, sim, o->json ? std::function<void(const RoundReport&)>{} : print_round);
        if (!o->json) return 0;
        nlohmann::ordered_json out = nlohmann::ordered_json::array();
        for (const RoundReport& r : rounds) {
          out.push_back({{"round", r.round},
                         {"wanted", r.wanted},
                         {"sampled", r.sampled},
                         {"inconsistent_after_repair", r.inconsistent_after_repair},
                         {"estimate", estimate_json(r.estimate)},
                         {"truth", errors_json(r.truth)},
                         {"covered", r.covered},
                         {"answered_again", r.answered_again},
                         {"truth_after", errors_json(r.truth_after)},
                         {"removed_per_verdict", r.removed_per_verdict}});
        }
        std::cout << json_text(out) << '\n';
        return 0;
      }};
}

}  // namespace egkb::cli
