// Noise profiles: how a synthetic base's scores depart from its truth (docs/design.md section 7).
#pragma once

#include <array>
#include <optional>
#include <string_view>

#include "base/name_table.h"
#include "lattice/knowledge_base.h"
#include "lattice/random.h"

namespace egkb {

enum class NoiseProfile {
  None,       // the truth itself
  Paper,      // the error mix of the paper's Table 3 for ENDALL: 35% wrong
  Manual,     // the mix of the hand-made END65: 6.5% wrong, mostly one rank
  Clustered,  // whole attacker configurations shifted together: errors the lattice hardly sees
};

// --noise's names, in the order its help lists them.
inline constexpr auto kNoiseProfiles = name_table<NoiseProfile>({
    {NoiseProfile::Paper, "paper"},
    {NoiseProfile::Manual, "manual"},
    {NoiseProfile::Clustered, "clustered"},
    {NoiseProfile::None, "none"},
});

constexpr std::optional<NoiseProfile> noise_profile_named(std::string_view name) {
  return kNoiseProfiles.named(name);
}
constexpr std::string_view noise_profile_name(NoiseProfile profile) {
  return kNoiseProfiles.name(profile);
}

// The share of rows a profile makes wrong unless told otherwise.
double default_rate(NoiseProfile profile);

// A copy of `truth` with noise. Manual rows get the manual profile, generated rows `profile`
// (at `rate`); `None` leaves every row alone. Noise is drawn per mirror pair, so a pair stays
// in step, except for one pair in a hundred whose mirror row errs on its own, as in merged bases.
KnowledgeBase add_noise(const KnowledgeBase& truth, NoiseProfile profile, double rate,
                        Random& random);

}  // namespace egkb
