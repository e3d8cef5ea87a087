// The materials solved when none are named: one-sided endgames picked for variety under a budget
// of positions.
#pragma once

#include <cstdint>
#include <vector>

#include "tools/xiangqi_retrograde/material.h"

namespace xiangqi_retrograde {

// Index positions of a material, both sides to move (legal ones are a few percent fewer).
uint64_t positions_of(const Material& m);

// Red with one or two of R N C P against each of black's sets of guards and ministers (none to
// GGMM), and some with red guards and ministers too; those of at most `max_positions` positions.
std::vector<Material> default_materials(uint64_t max_positions);

}  // namespace xiangqi_retrograde
