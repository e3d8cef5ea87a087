// One material's positions through an engine (docs/design.md section 4b): a new game, then each
// position searched to the budget, several queued at once (never past the next point where a
// sequential search may stop); a fault restarts the engine, which the material's evidence records,
// and searches the position it stopped at again once, and a second fault there ends the material
// as failed with both reasons. Nothing else is lost: the scores found before the fault are kept.
// A signal (base/interrupt.h) ends the search with Interrupted: no engine is started after it,
// and the material is left unfinished.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/result_counts.h"
#include "engine/uci_engine.h"
#include "lattice/material.h"

namespace egkb {

struct EvidenceSettings {
  SearchBudget budget;
  uint32_t positions = 64;  // the most searched
  int threshold = 200;      // centipawns beyond the material's bias (score_bias.h): a win or a loss
  uint64_t seed = 1;        // of the positions
  bool sequential = true;   // stop at a look (is_look) once the interval lies in one rank's bin
};

// What `egkb evidence` uses unless told otherwise, per piece set: the depth, positions and
// threshold measured to agree best with real scores per second of search (docs/evidence.md).
EvidenceSettings default_evidence_settings(const PieceSet& pieces);

// An engine that is started on first use and again after a fault, and how many searches it is
// given at once.
class EngineSlot {
 public:
  // Searches in flight at once: enough to keep the engine busy through a read.
  static constexpr std::size_t kQueued = 8;

  explicit EngineSlot(EngineSetup setup) : setup_(std::move(setup)) {}
  // The engine, started when none runs unless a signal was noted (then Interrupted).
  UciEngine& engine();
  // The engine when one runs; null after a fault, before a restart.
  UciEngine* running() { return engine_.get(); }
  void restart() { engine_.reset(); }
  std::size_t queued() const { return queued_; }
  // An engine that answered queued searches out of turn gets one at a time from then on.
  void one_at_a_time() { queued_ = 1; }

 private:
  EngineSetup setup_;
  std::unique_ptr<UciEngine> engine_;
  std::size_t queued_ = kQueued;
};

struct MaterialEvidence {
  Material material;
  std::vector<EngineScore> scores;  // position i's, for its side to move
  std::vector<std::string> pvs;     // position i's line, as EngineAnswer::pv; one per score
  ResultCounts counts;              // at the settings' threshold
  ExpectedResult result;
  double seconds = 0;   // this search's, the scores given to it not counted
  std::string failure;  // why the material failed; empty when it did not
  // Why the engine was started again during this search, one fault each, e.g. "position 2
  // (FEN): the engine was killed by signal 11 (Segmentation fault) before bestmove".
  std::vector<std::string> restarts;
};

// Searches `material` from position known.size() on (`known`: scores a stored search found, and
// `known_pvs` their lines, empty where it kept none). Never throws for the engine's faults nor
// for a material without positions: they are its failure. Throws Interrupted on a signal.
MaterialEvidence search_material(EngineSlot& slot, const Material& material, const PieceSet& pieces,
                                 const EvidenceSettings& settings,
                                 std::vector<EngineScore> known = {},
                                 std::vector<std::string> known_pvs = {});

// Whether a search with these settings would stop where `scores` (of a material with this
// score_bias) stop: enough positions, or a sequential search settled at a look.
bool search_complete(std::span<const EngineScore> scores, const EvidenceSettings& settings,
                     int bias);

}  // namespace egkb
