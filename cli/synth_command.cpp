#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/kb_options.h"
#include "io/output_files.h"
#include "lattice/compare.h"
#include "lattice/errors.h"
#include "store/kb_file.h"
#include "synth/presets.h"
#include "synth/synthesise.h"

namespace egkb::cli {

void add_synth_command(CLI::App& app, int&) {
  struct Options {
    SynthOptions synth;
    std::string noise = "paper";
    std::string truth;
    std::string out;
    KbOptions base;
  };
  auto options = std::make_shared<Options>();
  CLI::App* cmd =
      app.add_subcommand("synth", "make a synthetic xiangqi KB and the truth it came from");
  std::vector<std::string> presets(preset_names().begin(), preset_names().end());
  CLI::Option* preset = cmd->add_option("--preset", options->synth.preset,
                                        "end65, end64, end60, end59, end50, end49, endall or full")
                            ->check(CLI::IsMember(presets))
                            ->capture_default_str();
  cmd->add_option("--base", options->base.path,
                  "instead of a preset: put the noise into this KB (.csv or .sqlite), the truth")
      ->excludes(preset);
  add_pieces_option(*cmd, options->base.pieces);
  cmd->add_option("--seed", options->synth.seed, "same seed, same files")
      ->check(whole_in(0, UINT64_MAX))
      ->capture_default_str();
  cmd->add_option("--noise", options->noise,
                  "noise of the generated rows: paper, manual, clustered or none")
      ->check(CLI::IsMember({"paper", "manual", "clustered", "none"}))
      ->capture_default_str();
  cmd->add_option("--rate", options->synth.rate,
                  "share of generated rows made wrong (profile default)")
      ->check(finite_in(0, 1));
  cmd->add_option("--truth", options->truth, "where to write the truth (.csv or a new .sqlite)")
      ->required();
  cmd->add_option("--out", options->out, "where to write the noisy KB (.csv or a new .sqlite)")
      ->required();
  cmd->callback([options] {
    check_not_input(options->out, {options->truth}, "--out");
    if (!options->base.path.empty()) {
      check_not_input(options->truth, files_of(options->base.path), "--truth");
      check_not_input(options->out, files_of(options->base.path), "--out");
    }
    check_save_target(options->truth);
    check_save_target(options->out);
    options->synth.noise = *noise_profile_named(options->noise);
    const Synthesis s = options->base.path.empty()
                            ? synthesise(options->synth)
                            : synthesise_from(load(options->base), options->synth);
    const nlohmann::json parameters = {
        {"preset", options->synth.preset},
        {"base", options->base.path},
        {"seed", options->synth.seed},
        {"noise", options->noise},
        {"rate", options->synth.rate.value_or(default_rate(options->synth.noise))}};
    Outputs outputs;
    save_kb(options->truth, s.truth, parameters.dump(), outputs);
    save_kb(options->out, s.noisy, parameters.dump(), outputs);
    outputs.publish();
    outputs.keep();
    std::size_t manual = 0;
    for (const KbRow& row : s.truth.rows) manual += row.source == Source::Manual;
    const ErrorCounts errors = compare_to_truth(s.noisy, s.truth);
    fmt::print("{} (seed {}, noise {}): {} rows, {} manual and {} generated\n", s.truth.origin,
               options->synth.seed, options->noise, s.truth.rows.size(), manual,
               s.truth.rows.size() - manual);
    fmt::print("  truth -> {}\n  noisy -> {}: {} rows wrong ({:.1f}%)\n", options->truth,
               options->out, errors.errors,
               100.0 * static_cast<double>(errors.errors) / static_cast<double>(errors.size));
  });
}

}  // namespace egkb::cli
