// The raw evaluations the truth model closes (synth/truth_model.h): red's advantage from the
// material alone, positive for red and exactly antisymmetric under mirroring, with the
// |advantage| at which a material is one, two, three and four ranks from balanced.
#pragma once

#include <array>

#include "lattice/material.h"

namespace egkb {

using RankSteps = std::array<double, 4>;

// Red's winning chances against black's defence minus black's against red's, from attack power
// and defence summed piece by piece: close to additive in piece values.
double additive_advantage(const Material& m);
inline constexpr RankSteps kAdditiveRankSteps = {0.10, 0.20, 0.30, 0.53};

// Red's winning chances against black minus black's against red, from pieces that matter only
// together or only against some defences, the attacks racing each other: far from additive.
double interplay_advantage(const Material& m);
inline constexpr RankSteps kInterplayRankSteps = {0.2, 0.4, 0.6, 0.95};

}  // namespace egkb
