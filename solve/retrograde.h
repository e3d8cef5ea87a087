// Retrograde analysis of one xiangqi material, its captures looked up in the solved tables of
// the materials they lead to: every legal position's result for the side to move (a side with no
// legal move loses; what neither side can force is a draw, so every repetition draws) and, when
// asked, its distance in plies to the end of its line, a mate or a capture that decides.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "solve/solved_table.h"

namespace egkb::solve {

// The solved table of a material a capture leads to.
using SubTables = std::function<const SolvedTable*(const Material&)>;

struct SolveSettings {
  bool keep_distances = false;  // fill SolvedTable::distance (2 bytes an entry a side)
  int threads = 0;              // 0: every core
};

// Solves `m`; `subs` must answer for every material in materials_captures_reach(m). Memory: one
// byte an entry a side while solving (a counter of the moves not yet known to lose), two more
// with distances, a quarter byte in the result. Shows its progress (base/progress.h) and stops at
// an interrupt. `label` is what progress calls the material (its text when empty).
std::unique_ptr<SolvedTable> solve_material(const Material& m, const SubTables& subs,
                                            const SolveSettings& settings,
                                            const std::string& label = "");

}  // namespace egkb::solve
