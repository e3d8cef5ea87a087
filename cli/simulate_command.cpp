#include <fmt/format.h>

#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/kb_options.h"
#include "lattice/errors.h"
#include "present/json_forms.h"
#include "sampling/simulate.h"

namespace egkb::cli {

namespace {

void print_round(const RoundReport& r) {
  const ErrorEstimate& e = r.estimate;
  const ErrorCounts& t = r.truth;
  fmt::print("round {}: {} inconsistent nodes after repair; {} of {} rows sampled\n", r.round,
             r.inconsistent_after_repair, r.sampled, r.wanted);
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
}

}  // namespace

void add_simulate_command(CLI::App& app, int&) {
  struct Options {
    KbOptions truth;
    KbOptions kb;
    SimulationOptions sim;
    std::string design = "distance-k";
    std::string method = "ra";
    bool json = false;
  };
  auto o = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand(
      "simulate", "the expert loop with a truth as the oracle: repair, sample, review, estimate");
  cmd->add_option("--truth", o->truth.path, "the truth (.csv or .sqlite)")->required();
  cmd->add_option("--kb", o->kb.path, "the noisy base (.csv or .sqlite)")->required();
  add_pieces_option(*cmd, o->kb.pieces);
  cmd->add_option("--rounds", o->sim.rounds, "review rounds")
      ->check(whole_in(1, 100))
      ->capture_default_str();
  cmd->add_option("--p", o->sim.p, "share of rows sampled per round")
      ->check(finite_in(1e-9, 1))
      ->capture_default_str();
  cmd->add_option("--size", o->sim.size, "rows sampled per round, instead of --p")
      ->check(whole_in(1, 100'000'000));
  cmd->add_option("--k", o->sim.k, "distance-k: least distance between sampled rows")
      ->check(whole_in(1, 1000))
      ->capture_default_str();
  cmd->add_option("--design", o->design, "distance-k or hss (risk-weighted)")
      ->check(CLI::IsMember({"distance-k", "hss"}))
      ->capture_default_str();
  cmd->add_option("--expert-error", o->sim.expert_error, "chance an answer is one rank off")
      ->check(finite_in(0, 1))
      ->capture_default_str();
  cmd->add_option("--method", o->method, "repair between rounds: ra or exact")
      ->check(CLI::IsMember({"ba", "ra", "exact"}))
      ->capture_default_str();
  cmd->add_option("--seed", o->sim.seed, "same seed, same run")
      ->check(whole_in(0, UINT64_MAX))
      ->capture_default_str();
  cmd->add_flag("--json", o->json, "print the rounds as JSON");
  cmd->callback([o] {
    const KnowledgeBase kb = load(o->kb);
    o->truth.pieces = kb.pieces->name();
    const KnowledgeBase truth = load(o->truth);
    if (o->sim.k > diameter(*kb.pieces)) {
      throw InputError("", 0, "--k",
                       fmt::format("{} is beyond the {} lattice's diameter ({})", o->sim.k,
                                   kb.pieces->name(), diameter(*kb.pieces)));
    }
    o->sim.design = o->design == "hss" ? Design::Hss : Design::DistanceK;
    o->sim.method = *method_named(o->method);
    const auto rounds = simulate(truth, kb, o->sim,
                                 o->json ? std::function<void(const RoundReport&)>{} : print_round);
    if (!o->json) return;
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const RoundReport& r : rounds) {
      out.push_back({{"round", r.round},
                     {"wanted", r.wanted},
                     {"sampled", r.sampled},
                     {"inconsistent_after_repair", r.inconsistent_after_repair},
                     {"estimate", estimate_json(r.estimate)},
                     {"truth", errors_json(r.truth)},
                     {"covered", r.covered}});
    }
    std::cout << out.dump(2) << '\n';
  });
}

}  // namespace egkb::cli
