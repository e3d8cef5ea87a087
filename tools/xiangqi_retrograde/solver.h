// Retrograde analysis of one material, and of a set of materials with everything their captures
// lead to, smallest first.
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "tools/xiangqi_retrograde/table.h"

namespace xiangqi_retrograde {

// The solved table of a material a capture leads to, or nullptr if there is none.
using SolvedLookup = std::function<const Table*(const Material&)>;

struct SolveOptions {
  // Keep, beside each value, the plies to the end of its line (Table::plies); costs a byte a
  // position. The end is a mate or stalemate, or a capture that decides the game.
  bool keep_plies = false;
};

// Solves `m`; `solved` must answer for every material in materials_after_a_capture(m) that a
// capture can reach (capture_possible). Throws std::invalid_argument unless m is one-sided.
std::unique_ptr<Table> solve(const Material& m, const SolvedLookup& solved,
                             const SolveOptions& options = {});

// Whether a piece of this colour and kind can ever be taken in this material: R N C P always
// (the other king takes them in its palace), guards and ministers only by an opponent's
// attacker, as no king, guard or minister leaves its own half.
bool capture_possible(const Material& m, Colour c, Kind k);
// The materials captures in `m` lead to.
std::vector<Material> materials_captures_reach(const Material& m);

// Solves every material of `wanted` and, first, every material their captures reach, freeing a
// table once nothing left needs it. Calls done(table, seconds, wanted) for each material solved,
// `wanted` false for those solved only as the target of a capture.
void solve_all(const std::vector<Material>& wanted, const SolveOptions& options,
               const std::function<void(const Table&, double seconds, bool wanted)>& done);

}  // namespace xiangqi_retrograde
