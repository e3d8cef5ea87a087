#include <fmt/format.h>

#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "base/errors.h"
#include "base/text.h"
#include "cli/command.h"
#include "cli/kb_options.h"
#include "io/json_text.h"
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

}  // namespace

Command synth_command() {
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
  auto o = std::make_shared<Options>();
  return {
      "synth",
      "make a synthetic KB with a known truth: a preset shaped like the paper's, or noise put "
      "into a base of yours",
      "egkb synth --preset endall --seed 1 --truth truth.csv --out noisy.csv",
      [o](OptionSink& sink) {
        sink.argument(
            o->base, "BASE",
            "instead of a preset: a KB (.csv or .sqlite) to put the noise into, the truth");
        add_pieces_option(sink, o->pieces);
        const std::vector<std::string> presets(preset_names().begin(), preset_names().end());
        sink.text(o->preset, "--preset",
                  listed(preset_names(),
                         [](std::string_view p) {
                           return fmt::format("{}{}", p,
                                              p == kDefaultPreset ? " (the default)" : "");
                         })
                      .c_str(),
                  presets);
        sink.text(o->truth_model, "--truth-model",
                  fmt::format("the preset's truth: {}", truth_models_described()).c_str(),
                  kTruthKinds.names());
        sink.whole(o->seed, "--seed", "same seed, same files", 0, UINT64_MAX);
        sink.text(o->noise, "--noise", "noise of the generated rows", false,
                  kNoiseProfiles.names());
        sink.number(o->rate, "--rate", "share of generated rows made wrong (profile default)", 0,
                    1);
        sink.text(o->truth, "--truth",
                  "where to write the truth (.csv, a new .sqlite, - for "
                  "standard output)",
                  true);
        sink.text(o->out, "--out",
                  "where to write the noisy KB (.csv, a new .sqlite, - for "
                  "standard output)",
                  true);
        sink.flag(o->json, "--json", "print the figures as JSON");
      },
      [o] {
        if (o->base && o->preset) {
          throw InputError("", 0, "--preset",
                           "a BASE and a preset exclude each other: the base is the truth");
        }
        if (o->base && o->truth_model) {
          throw InputError("", 0, "--truth-model",
                           "a BASE is its own truth: it takes no truth model");
        }
        if (o->truth == "-" && o->out == "-")
          throw InputError("", 0, "--out", "only one of --truth and --out can be - ");
        check_output(o->out, {o->truth}, "--out");
        if (o->base) {
          check_output(o->truth, files_of(*o->base), "--truth");
          check_output(o->out, files_of(*o->base), "--out");
        }
        for (const std::string& target : {o->truth, o->out}) {
          if (target != "-") check_save_target(target);
        }
        SynthOptions synth;
        if (o->preset) synth.preset = *o->preset;
        synth.seed = o->seed;
        synth.rate = o->rate;
        synth.noise = *noise_profile_named(o->noise);
        if (o->truth_model) synth.truth_model = *truth_kind_named(*o->truth_model);
        const std::string_view model = o->base ? "" : truth_kind_name(synth.truth_model);
        const Synthesis s = o->base ? synthesise_from(load({*o->base, o->pieces, "error"}), synth)
                                    : synthesise(synth);
        // Alphabetical, the order nlohmann::json gave them before: files and stores synth writes
        // keep their bytes.
        const nlohmann::ordered_json parameters = {
            {"base", o->base.value_or("")},
            {"noise", o->noise},
            {"preset", o->base ? "" : synth.preset},
            {"rate", synth.rate.value_or(default_rate(synth.noise))},
            {"seed", synth.seed},
            {"truth_model", model}};
        Outputs outputs;
        save_kb(o->truth, s.truth, parameters, outputs);
        save_kb(o->out, s.noisy, parameters, outputs);
        outputs.publish();
        outputs.keep();
        std::size_t manual = 0;
        for (const KbRow& row : s.truth.rows) manual += row.source == Source::Manual;
        const ErrorCounts errors = compare_to_truth(s.noisy, s.truth);
        const double share =
            100.0 * static_cast<double>(errors.errors) / static_cast<double>(errors.size);
        // Data on standard output leaves the report to standard error.
        std::FILE* report = outputs.to_standard_output() ? stderr : stdout;
        if (o->json) {
          fmt::print(report, "{}\n",
                     json_text(nlohmann::ordered_json{{"name", s.truth.origin},
                                                      {"pieces", s.truth.pieces->name()},
                                                      {"truth_model", model},
                                                      {"seed", synth.seed},
                                                      {"noise", o->noise},
                                                      {"rows", s.truth.rows.size()},
                                                      {"manual", manual},
                                                      {"generated", s.truth.rows.size() - manual},
                                                      {"wrong", errors.errors},
                                                      {"truth", o->truth},
                                                      {"out", o->out}}));
          return 0;
        }
        // The truth model is named where it is not the default, so a default run prints what
        // it always has.
        const std::string note =
            synth.truth_model == SynthOptions{}.truth_model ? "" : fmt::format(", {} truth", model);
        fmt::print(report, "{} (seed {}, noise {}{}): {} rows, {} manual and {} generated\n",
                   s.truth.origin, synth.seed, o->noise, note, s.truth.rows.size(), manual,
                   s.truth.rows.size() - manual);
        fmt::print(report, "  truth -> {}\n  noisy -> {}: {} rows wrong ({:.1f}%)\n",
                   path_text(o->truth), path_text(o->out), errors.errors, share);
        return 0;
      }};
}

}  // namespace egkb::cli
