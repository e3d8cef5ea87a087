// The bounds solved rows put on a node, as `show` prints them and the review app draws them:
// what each solved neighbour says of it, what the solved rows say through the whole lattice,
// what a solved node says of each neighbour, and the edges solved rows break at it.
#pragma once

#include <nlohmann/json.hpp>

#include "lattice/solved_bounds.h"

namespace egkb {

// Keys: rank_low, rank_high (the ranks every solved row, through the lattice, leaves the node;
// both null without solved rows), low_from, high_from (the solved material each end comes from;
// null where nothing bounds it), from_neighbours (unless the node is a solved row or the mirror of
// one, a fact: each solved
// neighbour's bound on it: material, score, bound ("at most" or "at least" a rank from red's
// side, "exactly" from a mirror), rank, text), on_neighbours (when the node is a fact: its
// bound on each piece-edge neighbour, the same keys), settled (each neighbour over an edge the
// solved rows break between them: material, score).
nlohmann::ordered_json bounds_json(const ScoredLattice& scored, const SolvedBounds& solved,
                                   NodeId n);

}  // namespace egkb
