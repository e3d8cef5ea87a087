// The synthetic knowledge bases' material sets, shaped like the paper's (section 5.1).
#pragma once

#include <string_view>
#include <vector>

#include "lattice/types.h"

namespace egkb {

struct PresetMaterial {
  Key key;
  Source source;  // manual for the hand-made bases, generated for their extensions
};

// end65, end64, end60, end59, end50, end49, endall, full: smallest first, each extension after
// its base.
const std::vector<std::string_view>& preset_names();
// What synth makes unless told otherwise.
inline constexpr std::string_view kDefaultPreset = "endall";

// The preset's xiangqi materials in key order. Every set is closed under mirroring. Throws
// InputError for an unknown name.
std::vector<PresetMaterial> preset_materials(std::string_view name);

}  // namespace egkb
