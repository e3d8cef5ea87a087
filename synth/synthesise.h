// A synthetic xiangqi knowledge base and the truth it was made from.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "lattice/knowledge_base.h"
#include "synth/noise.h"
#include "synth/presets.h"
#include "synth/truth_model.h"

namespace egkb {

struct SynthOptions {
  std::string preset{kDefaultPreset};
  uint64_t seed = 1;
  NoiseProfile noise = NoiseProfile::Paper;
  std::optional<double> rate;  // the generated rows' error rate; the profile's default if unset
  // The preset's truth; a base of one's own is the truth itself.
  TruthKind truth_model = TruthKind::Additive;
};

struct Synthesis {
  KnowledgeBase truth;  // every material of the preset, both orientations, true scores
  KnowledgeBase noisy;  // the same rows with the profile's errors
};

// Deterministic for a seed. Throws InputError for an unknown preset or a rate outside [0, 1].
Synthesis synthesise(const SynthOptions& options);

// The same noise on a base of one's own (any piece set), which becomes the truth; the preset
// is not used.
Synthesis synthesise_from(KnowledgeBase base, const SynthOptions& options);

}  // namespace egkb
