// The materials solved when none are named: one-sided endgames picked for variety under a budget
// of positions.
#pragma once

#include <cstdint>
#include <vector>

#include "tools/xiangqi_retrograde/material.h"

namespace xiangqi_retrograde {

// Index positions of a material, both sides to move (legal ones are a few percent fewer).
uint64_t positions_of(const Material& m);

// Red with one or two of R N C P, black with any of none..GGMM; red's guards and ministers added
// where cheap. Only materials of at most `max_positions` positions.
std::vector<Material> default_materials(uint64_t max_positions);

}  // namespace xiangqi_retrograde
