#include "tools/xiangqi_retrograde/default_materials.h"

#include <string>

#include "tools/xiangqi_retrograde/position_index.h"

namespace xiangqi_retrograde {

uint64_t positions_of(const Material& m) {
  return 2 * PositionIndex::size_of(m);
}

std::vector<Material> default_materials(uint64_t max_positions) {
  // Texts in K R N C P G M order already: red's attackers, red's defenders, K, black's.
  const std::vector<std::string> one = {"R", "N", "C", "P"};
  const std::vector<std::string> two = {"RR", "RN", "RC", "RP", "NN", "NC", "NP", "CC", "CP", "PP"};
  const std::vector<std::string> black_all = {"", "G", "M", "GG", "GM", "MM", "GGM", "GMM", "GGMM"};
  std::vector<std::string> texts;
  // The heart of it: one or two attackers against every set of black defenders.
  for (const auto* attackers : {&one, &two}) {
    for (const std::string& a : *attackers) {
      for (const std::string& b : black_all) texts.push_back("K" + a + "K" + b);
    }
  }
  // Red's own guards and ministers defend nothing here (black cannot attack) but stand in their
  // king's way, screen a cannon, block a horse's leg: a few sets, where they are cheap.
  for (const std::string& a : one) {
    for (const char* r : {"G", "M", "GG", "MM", "GGMM"}) {
      for (const char* b : {"", "GG", "MM", "GGMM"}) texts.push_back("K" + a + r + "K" + b);
    }
  }
  for (const std::string& a : two) {
    for (const char* r : {"G", "M"}) {
      for (const char* b : {"", "GG", "MM"}) texts.push_back("K" + a + r + "K" + b);
    }
  }
  std::vector<Material> out;
  for (const std::string& text : texts) {
    const Material m = parse_material(text);
    if (positions_of(m) <= max_positions) out.push_back(m);
  }
  return out;
}

}  // namespace xiangqi_retrograde
