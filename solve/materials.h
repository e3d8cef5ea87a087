// Which xiangqi materials can be solved, what their captures lead to, how big they are, and the
// grid of one-sided materials egkb solves by default (datasets/README.md, "Which materials").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "board/xiangqi_board.h"
#include "lattice/material.h"

namespace egkb::solve {

// Chariots, horses, cannons and pawns of one side.
int attackers(const Material& m, Side s);
std::string material_text(const Material& m);
// Pieces on the board, kings included.
int piece_count(const Material& m);

// Whether a piece of this side and kind can ever be taken in this material: R N C P always (the
// other king takes them in its palace), guards and ministers only by an opponent's attacker, as
// no king, guard or minister leaves its own half.
bool capture_possible(const Material& m, Side s, xiangqi::Kind k);
// The materials captures in `m` lead to, each once.
std::vector<Material> materials_captures_reach(const Material& m);
// `wanted` and every material their captures reach, each once, every material after all those
// its captures reach (fewer pieces first, then by text).
std::vector<Material> solving_order(const std::vector<Material>& wanted);

// A material's size as the budget counts it: every placement of its pieces on their points,
// with either side to move, legal or not (twice the placements; an index entry stands for up to
// two of them).
uint64_t positions_of(const Material& m);

// The orientation a row is stored in: red has the attackers; with none on either side, the side
// with more pieces is red (ties: the smaller text), so a material and its mirror are one row.
Material stored_orientation(const Material& m);

// The one-sided grid within the budget: red with one or two of R N C P against each of black's
// nine sets of guards and ministers; single attackers also with red G, M, GG, MM or GGMM
// against black none, GG, MM or GGMM; pairs also with red G or M against black none, GG or MM;
// and the materials without an attacker their captures reach. Stored orientation.
std::vector<Material> one_sided_grid(uint64_t max_positions);

}  // namespace egkb::solve
