#include "tools/xiangqi_retrograde/default_materials.h"

#include <algorithm>
#include <string>

#include "tools/xiangqi_retrograde/position_index.h"

namespace xiangqi_retrograde {

uint64_t positions_of(const Material& m) { return 2 * PositionIndex::size_of(m); }

std::vector<Material> default_materials(uint64_t max_positions) {
  const std::vector<std::string> attackers = {"R", "N", "C", "P", "RR", "RN", "RC", "RP",
                                              "NN", "NC", "NP", "CC", "CP", "PP"};
  const std::vector<std::string> black_defenders = {"", "G", "M", "GG", "GM", "MM", "GGM", "GMM", "GGMM"};
  // Red's own guards and ministers matter less (they defend against nothing here, but they
  // block their king and can be in the way), so a few sets only, with one attacker.
  const std::vector<std::string> red_defenders = {"", "G", "M", "GG", "MM", "GM", "GGMM"};
  std::vector<Material> out;
  for (const std::string& a : attackers) {
    for (const std::string& rd : red_defenders) {
      if (!rd.empty() && a.size() > 1 && rd.size() > 1) continue;
      for (const std::string& bd : black_defenders) {
        // Text in K R N C P G M order already: attackers then guards then ministers.
        const Material m = parse_material("K" + a + rd + "K" + bd);
        if (positions_of(m) <= max_positions) out.push_back(m);
      }
    }
  }
  return out;
}

}  // namespace xiangqi_retrograde
