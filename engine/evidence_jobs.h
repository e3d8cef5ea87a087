// Materials searched by several engines at once, one process and one thread per job; the
// results come back to the calling thread, in the order they finish, so that one thread writes
// them (docs/design.md section 4b).
#pragma once

#include <functional>
#include <span>
#include <vector>

#include "engine/material_search.h"

namespace egkb {

struct EvidenceTask {
  Material material;
  std::vector<EngineScore> known;      // scores a stored search found, continued from
  std::vector<std::string> known_pvs;  // their lines; empty where the search kept none
};

// Searches every task with `jobs` engines and calls `done` on this thread for each material as
// it finishes. When `done` throws, the jobs finish the material they are on, no other starts,
// and the exception is rethrown here. A signal (base/interrupt.h) stops every job at its next
// read, within a wake-up: the materials in flight are left unfinished, their engines killed,
// and Interrupted is rethrown here.
void gather_evidence(const EngineSetup& setup, const PieceSet& pieces,
                     const EvidenceSettings& settings, std::span<const EvidenceTask> tasks,
                     unsigned jobs, const std::function<void(MaterialEvidence&&)>& done);

}  // namespace egkb
