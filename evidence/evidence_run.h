// `egkb evidence` as a plan and a run (docs/design.md section 4b), shaped like review/draw.h: the
// plan decides from the rows chosen and the evidence already kept what is searched, continued or
// kept as it is; the run searches with several engines and hands each finished material to one
// writer on the calling thread — the store's transaction or the evidence file's line — so a
// killed run keeps every material it finished and the next run does only the rest.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/evidence_jobs.h"
#include "evidence/evidence_record.h"
#include "lattice/knowledge_base.h"
#include "store/evidence.h"

namespace egkb {

// Part K of N of the materials, for a job array: every N-th of them in key order from the K-th.
struct Shard {
  uint32_t index = 1;  // 1..count
  uint32_t count = 1;
};

struct EvidenceRequest {
  EngineSetup engine;  // the program found, the piece set's variant, the timeouts
  EvidenceSettings settings;
  unsigned jobs = 1;
  std::optional<Shard> shard;
};

// The materials evidence is gathered for: each chosen row's own, a mirror pair once (both
// stored: the lower key), in key order, the shard's part of them.
std::vector<Key> evidence_materials(const KnowledgeBase& kb, std::span<const std::size_t> rows,
                                    const std::optional<Shard>& shard);

struct EvidencePlan {
  std::string engine;                  // the engine's id name
  std::vector<Key> materials;          // every material the run answers for
  std::vector<EvidenceTask> tasks;     // to search, each from the scores kept for it
  std::vector<EarlierSearch> earlier;  // each task's kept search: its time and restarts
  // Kept rows whose search is complete for the settings, as they are; and those counted again
  // at the threshold asked, to be written again.
  std::vector<EvidenceRecord> kept;
  std::vector<EvidenceRecord> recounted;
};

// `stored`: the evidence already kept (a store's rows, an evidence file's). A row of the same
// engine, budget and seed for a material or its mirror is kept when complete, continued when it
// stopped short or failed.
EvidencePlan plan_evidence(std::span<const Key> materials, const PieceSet& pieces,
                           std::span<const EvidenceRecord> stored, const EvidenceRequest& request,
                           const std::string& engine);

struct EvidenceOutcome {
  std::size_t materials = 0;
  std::size_t searched = 0;  // materials searched by this run
  std::size_t kept = 0;      // answered by kept rows
  std::size_t failed = 0;
  double seconds = 0;
  std::vector<EvidenceRecord> rows;  // every material's, in key order
};

// Writes the recounted kept rows, then searches the tasks, calling `put` for each row as it is
// final and `progress` after each material (materials done, of all). `put` runs on this thread.
EvidenceOutcome run_evidence(const EvidencePlan& plan, const EvidenceRequest& request,
                             const PieceSet& pieces,
                             const std::function<void(const EvidenceRecord&)>& put,
                             const std::function<void(std::size_t, std::size_t)>& progress = {});

}  // namespace egkb
