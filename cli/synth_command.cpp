#include <fmt/format.h>

#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "base/errors.h"
#include "base/text.h"
#include "cli/command.h"
#include "cli/kb_options.h"
#include "cli/result_output.h"
#include "io/output_files.h"
#include "lattice/compare.h"
#include "synth/presets.h"
#include "synth/synthesise.h"
#include "synth/truth_model.h"

namespace egkb::cli {

namespace {

// --truth-model's help: "additive (the default) or interplay (far from additive piece values)".
std::string truth_models_described() {
  return kTruthKinds.listed([](const Named<TruthKind>& t) {
    std::vector<std::string_view> notes;
    if (t.value == SynthOptions{}.truth_model) notes.emplace_back("the default");
    if (!t.help.empty()) notes.push_back(t.help);
    return notes.empty() ? std::string(t.name)
                         : fmt::format("{} ({})", t.name, fmt::join(notes, ", "));
  });
}

struct Options {
  std::optional<std::string> base;
  std::optional<std::string> pieces;
  std::optional<std::string> preset;
  std::optional<std::string> truth_model;
  uint64_t seed = 1;
  std::string noise{noise_profile_name(SynthOptions{}.noise)};
  std::optional<double> rate;
  std::string truth;
  std::string out;
  bool json = false;
};

// What synth made, as its JSON and its text say it.
struct SynthResult {
  std::string name;
  std::string pieces;
  std::string_view truth_model;  // empty for a BASE of the user's
  bool default_truth_model = true;
  uint64_t seed = 0;
  std::string noise;
  std::size_t rows = 0;
  std::size_t manual = 0;
  ErrorCounts errors;  // the noisy KB against the truth
  std::string truth;
  std::string out;
};

nlohmann::ordered_json to_json(const SynthResult& r) {
  return {{"name", r.name},
          {"pieces", r.pieces},
          {"truth_model", r.truth_model},
          {"seed", r.seed},
          {"noise", r.noise},
          {"rows", r.rows},
          {"manual", r.manual},
          {"generated", r.rows - r.manual},
          {"wrong", r.errors.errors},
          {"truth", r.truth},
          {"out", r.out}};
}

void print_text(std::FILE* out, const SynthResult& r) {
  // The truth model is named where it is not the default, so a default run prints what it
  // always has.
  const std::string note = r.default_truth_model ? "" : fmt::format(", {} truth", r.truth_model);
  fmt::print(out, "{} (seed {}, noise {}{}): {} rows, {} manual and {} generated\n", r.name, r.seed,
             r.noise, note, r.rows, r.manual, r.rows - r.manual);
  fmt::print(out, "  truth -> {}\n  noisy -> {}: {} rows wrong ({:.1f}%)\n", path_text(r.truth),
             path_text(r.out), r.errors.errors,
             100.0 * static_cast<double>(r.errors.errors) / static_cast<double>(r.errors.size));
}

void check_synth_options(const Options& o) {
  if (o.base && o.preset) {
    throw InputError("", 0, "--preset",
                     "a BASE and a preset exclude each other: the base is the truth");
  }
  if (o.base && o.truth_model) {
    throw InputError("", 0, "--truth-model", "a BASE is its own truth: it takes no truth model");
  }
  if (o.truth == "-" && o.out == "-")
    throw InputError("", 0, "--out", "only one of --truth and --out can be - ");
  check_output(o.out, {o.truth}, "--out");
  if (o.base) {
    check_output(o.truth, files_of(*o.base), "--truth");
    check_output(o.out, files_of(*o.base), "--out");
  }
  for (const std::string& target : {o.truth, o.out}) {
    if (target != "-") check_save_target(target);
  }
}

SynthOptions synth_request(const Options& o) {
  SynthOptions synth;
  if (o.preset) synth.preset = *o.preset;
  synth.seed = o.seed;
  synth.rate = o.rate;
  synth.noise = *noise_profile_named(o.noise);
  if (o.truth_model) synth.truth_model = *truth_kind_named(*o.truth_model);
  return synth;
}

// Makes the truth and the noisy KB and writes both, or neither.
SynthResult run_synth(const Options& o, Outputs& outputs) {
  const SynthOptions synth = synth_request(o);
  const std::string_view model = o.base ? "" : truth_kind_name(synth.truth_model);
  const Synthesis s =
      o.base ? synthesise_from(load({*o.base, o.pieces, "error"}), synth) : synthesise(synth);
  // Alphabetical, the order nlohmann::json gave them before: files and stores synth writes keep
  // their bytes.
  const nlohmann::ordered_json parameters = {
      {"base", o.base.value_or("")},
      {"noise", o.noise},
      {"preset", o.base ? "" : synth.preset},
      {"rate", synth.rate.value_or(default_rate(synth.noise))},
      {"seed", synth.seed},
      {"truth_model", model}};
  save_kb(o.truth, s.truth, parameters, outputs);
  save_kb(o.out, s.noisy, parameters, outputs);
  outputs.publish();
  outputs.keep();
  std::size_t manual = 0;
  for (const KbRow& row : s.truth.rows) manual += row.source == Source::Manual;
  return {s.truth.origin,
          s.truth.pieces->name(),
          model,
          synth.truth_model == SynthOptions{}.truth_model,
          synth.seed,
          o.noise,
          s.truth.rows.size(),
          manual,
          compare_to_truth(s.noisy, s.truth),
          o.truth,
          o.out};
}

void declare_synth_options(OptionSink& sink, Options& o) {
  sink.argument(o.base, "BASE",
                "instead of a preset: a KB (.csv or .sqlite) to put the noise into, the truth");
  add_pieces_option(sink, o.pieces);
  const std::vector<std::string> presets(preset_names().begin(), preset_names().end());
  sink.text(o.preset, "--preset",
            listed(preset_names(),
                   [](std::string_view p) {
                     return fmt::format("{}{}", p, p == kDefaultPreset ? " (the default)" : "");
                   })
                .c_str(),
            presets);
  sink.text(o.truth_model, "--truth-model",
            fmt::format("the preset's truth: {}", truth_models_described()).c_str(),
            kTruthKinds.names());
  sink.whole(o.seed, "--seed", "same seed, same files", 0, UINT64_MAX);
  sink.text(o.noise, "--noise", "noise of the generated rows", false, kNoiseProfiles.names());
  sink.number(o.rate, "--rate", "share of generated rows made wrong (profile default)", 0, 1);
  sink.text(o.truth, "--truth",
            "where to write the truth (.csv, a new .sqlite, - for standard output)", true);
  sink.text(o.out, "--out",
            "where to write the noisy KB (.csv, a new .sqlite, - for standard output)", true);
  sink.flag(o.json, "--json", "print the figures as JSON");
}

}  // namespace

Command synth_command() {
  auto o = std::make_shared<Options>();
  return {"synth",
          "make a synthetic KB with a known truth: a preset shaped like the paper's, or noise put "
          "into a base of yours",
          "egkb synth --preset endall --seed 1 --truth truth.csv --out noisy.csv",
          [o](OptionSink& sink) { declare_synth_options(sink, *o); },
          [o] {
            check_synth_options(*o);
            Outputs outputs;
            const SynthResult result = run_synth(*o, outputs);
            // Data on standard output leaves the report to standard error.
            print_result(outputs.to_standard_output() ? stderr : stdout, o->json, result);
            return 0;
          }};
}

}  // namespace egkb::cli
