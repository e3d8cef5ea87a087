// A material: how many pieces of each kind each side has, written as egkb writes xiangqi
// materials (red's pieces then black's, each side from its K in the order K R N C P G M).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "tools/xiangqi_retrograde/board.h"

namespace xiangqi_retrograde {

struct Material {
  // count[colour][kind]; each side has exactly one king.
  std::array<std::array<uint8_t, kKinds>, 2> count{};

  uint8_t& of(Colour c, Kind k) { return count[index(c)][index(k)]; }
  uint8_t of(Colour c, Kind k) const { return count[index(c)][index(k)]; }
  int attackers(Colour c) const;
  int pieces() const;
  friend bool operator==(const Material&, const Material&) = default;
  friend auto operator<=>(const Material&, const Material&) = default;
};

// Parses "KRKGGMM", "KCGKGG": a K, red's other pieces, a K, black's. Letters H, A and E are
// read as N, G and M. Throws std::invalid_argument naming what is wrong.
Material parse_material(std::string_view text);
std::string material_text(const Material& m);

// Colours swapped.
Material mirror(const Material& m);
// True when at most one side has pieces that can attack (R N C P): such an endgame is solved
// exactly by plain retrograde analysis with repetition a draw, as no chase rule can apply.
bool is_one_sided(const Material& m);
// The materials one capture leads to: m less one non-king piece of either side, each once.
std::vector<Material> materials_after_a_capture(const Material& m);

}  // namespace xiangqi_retrograde
