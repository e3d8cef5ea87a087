// Random knowledge bases over small xiangqi sub-lattices, for property and brute-force tests.
#pragma once

#include <random>

#include "lattice/knowledge_base.h"

namespace egkb::test {

// `size` distinct materials with at most `max_extra` non-king pieces in all, random scores;
// about `mirror_share` of them also store their mirror (with its own random score).
KnowledgeBase random_kb(std::mt19937_64& rng, std::size_t size, int max_extra, double mirror_share);

}  // namespace egkb::test
