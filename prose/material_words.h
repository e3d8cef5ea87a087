// A material spelled out for reviewers, piece by piece and side by side.
#pragma once

#include <string>

#include "lattice/material.h"

namespace egkb {

// "Red: K R N · Black: K G G M" ("White: ..." in chess).
std::string describe_material(const Material& m, const PieceSet& pieces);

}  // namespace egkb
