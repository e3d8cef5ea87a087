// Random knowledge bases over small xiangqi sub-lattices, for property and brute-force tests.
#pragma once

#include <random>

#include "lattice/knowledge_base.h"

namespace egkb::test {

// `size` distinct materials with at most `max_extra` non-king pieces in all, random scores;
// about `mirror_share` of them also store their mirror (with its own random score).
KnowledgeBase random_kb(std::mt19937_64& rng, std::size_t size, int max_extra, double mirror_share);

// Solved rows as real counts make them: a stored solved pair holds one material's counts, so the
// higher key takes its mirror's score mirrored; a material that is its own mirror counts the
// same with either side to move, so it scores 4.
void keep_solved_in_step(KnowledgeBase& kb);

}  // namespace egkb::test
