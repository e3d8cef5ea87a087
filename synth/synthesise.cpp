#include "synth/synthesise.h"

#include <fmt/format.h>

#include "lattice/errors.h"
#include "synth/presets.h"
#include "synth/truth_model.h"

namespace egkb {

Synthesis synthesise(const SynthOptions& options) {
  const double rate = options.rate.value_or(default_rate(options.noise));
  if (!(rate >= 0 && rate <= 1)) {
    throw InputError("", 0, "--rate",
                     fmt::format("expected a share between 0 and 1, got {}", rate));
  }
  const std::vector<PresetMaterial> materials = preset_materials(options.preset);
  const TruthModel model;
  Synthesis s;
  s.truth.pieces = &PieceSet::xiangqi();
  s.truth.origin = fmt::format("{} truth", options.preset);
  s.truth.rows.reserve(materials.size());
  for (const PresetMaterial& m : materials) {
    s.truth.rows.push_back({m.key, model.score(m.key), m.source, false, {}, 0});
  }
  Random random(options.seed);
  s.noisy = add_noise(s.truth, options.noise, rate, random);
  s.noisy.origin = fmt::format("{} (seed {})", options.preset, options.seed);
  return s;
}

}  // namespace egkb
