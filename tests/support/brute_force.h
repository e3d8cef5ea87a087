// Independent O(n^2) conflict computation straight from the definitions in docs/design.md section
// 1, sharing no code with lattice/ beyond the material type and the score-to-rank table.
#pragma once

#include <map>
#include <vector>

#include "lattice/knowledge_base.h"

namespace egkb::test {

struct BruteForceResult {
  std::map<Key, int> inconsistent;  // per closure node: inconsistent neighbours
  std::map<Key, int> neighbours;    // per closure node: neighbours including the mirror link
  uint64_t edges = 0;
  uint64_t inconsistent_edges = 0;
  uint64_t mirror_conflicts = 0;
  std::array<uint64_t, 10> levels{};
  uint64_t corrected_score = 0;
};

BruteForceResult brute_force_conflicts(const KnowledgeBase& kb);

}  // namespace egkb::test
