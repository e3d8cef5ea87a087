#include "synth/synthesise.h"

#include <fmt/format.h>

#include "base/errors.h"
#include "base/progress.h"
#include "synth/presets.h"
#include "synth/truth_model.h"

namespace egkb {

Synthesis synthesise_from(KnowledgeBase base, const SynthOptions& options) {
  const double rate = options.rate.value_or(default_rate(options.noise));
  if (!(rate >= 0 && rate <= 1)) {
    throw InputError("", 0, "rate", fmt::format("expected a share between 0 and 1, got {}", rate));
  }
  Synthesis s;
  s.truth = std::move(base);
  Random random(options.seed);
  const ProgressStep noise("adding noise", "", 0);
  s.noisy = add_noise(s.truth, options.noise, rate, random);
  s.noisy.origin = fmt::format("{} (seed {})", s.truth.origin, options.seed);
  return s;
}

Synthesis synthesise(const SynthOptions& options) {
  const std::vector<PresetMaterial> materials = preset_materials(options.preset);
  const TruthModel model(options.truth_model);
  KnowledgeBase truth;
  truth.pieces = &PieceSet::xiangqi();
  truth.origin = options.preset;
  truth.rows.reserve(materials.size());
  {
    ProgressStep progress("scoring the truth", "materials", materials.size());
    for (const PresetMaterial& m : materials) {
      if (truth.rows.size() % kRowsBetweenReports == 0) progress.advance(truth.rows.size());
      truth.rows.push_back({m.key, model.score(m.key), m.source, false, {}, 0});
    }
  }
  return synthesise_from(std::move(truth), options);
}

}  // namespace egkb
