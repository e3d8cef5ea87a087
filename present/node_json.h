// A node as `egkb show --json` prints it and the review app draws it.
#pragma once

#include <nlohmann/json.hpp>
#include <vector>

#include "lattice/knowledge_base.h"
#include "lattice/neighbourhood.h"

namespace egkb {

// Keys: material, score, meaning, rank, source, mirror (material, score, implied; null for a
// node that is its own mirror), inconsistent, level, neighbours (link, material, score,
// inconsistent).
nlohmann::ordered_json node_json(const KnowledgeBase& kb, const ScoredLattice& scored, NodeId n,
                                 const std::vector<Neighbour>& neighbours);

}  // namespace egkb
