// Evidence from play as the store keeps it (docs/design.md section 4b): per material searched, the
// engine, its budget and the positions' seed, every position's score, and what they say at the
// threshold they were counted at. Apart from the nodes: evidence never changes a node, is never
// an expert's row, and a mirror pair reads the one row of whichever material was searched.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "lattice/knowledge_base.h"
#include "lattice/types.h"
#include "store/ids.h"
#include "store/store.h"

namespace egkb {

struct EvidenceRecord {
  Key key = 0;         // the material searched
  std::string engine;  // its `id name`, e.g. "Stockfish 15.1"
  std::string budget;  // "depth 8", "nodes 20000"
  uint64_t seed = 0;   // of the positions
  // Position i's score for its side to move, as engine/score_code.h writes it.
  std::vector<int32_t> scores;
  // Position i's line as the engine printed it with that score (engine/uci_engine.h
  // EngineAnswer::pv: at most kPvMovesKept moves, empty where it printed none), one per score;
  // no lines at all for rows searched before they were kept (schema 16) and where none was
  // printed.
  std::vector<std::string> pvs;
  int threshold = 0;  // centipawns the counts below were taken at
  uint32_t wins = 0;  // red's, over the positions searched
  uint32_t draws = 0;
  uint32_t losses = 0;
  double expected = 0;  // (wins - losses) / positions, with its 95% interval
  double low = -1;
  double high = 1;
  Score score{4};       // `expected` binned as the chess data is
  double seconds = 0;   // search time, over every run that added positions
  std::string failure;  // why the material failed; empty when it did not
  // Why the engine was started again while it searched the material, one fault each (a crash,
  // a deadline passed), over every run that added positions; empty when it never was.
  std::vector<std::string> restarts;
  std::string time;  // UTC ISO 8601 of the last change

  uint32_t positions() const { return static_cast<uint32_t>(scores.size()); }
  // Position i's line, empty when none was kept.
  std::string_view pv(std::size_t i) const { return i < pvs.size() ? pvs[i] : std::string_view(); }
  bool failed() const { return !failure.empty(); }
};

// What an evidence row says from red's side of a row whose material is the row's own or, when
// `mirrored`, its mirror's (whose red is the row's black).
struct EvidenceView {
  const EvidenceRecord* record = nullptr;
  bool mirrored = false;
  uint32_t wins = 0, draws = 0, losses = 0;
  double expected = 0, low = -1, high = 1;
  Score score{4};
};
EvidenceView view_of(const EvidenceRecord& record, bool mirrored);

// For each row of `kb`, the evidence standing for it: of the rows for its material or its
// mirror's that did not fail, the newest (on a tie the one with the most positions); nullopt
// where there is none. The views point into `records`.
std::vector<std::optional<EvidenceView>> evidence_for_rows(const KnowledgeBase& kb,
                                                           std::span<const EvidenceRecord> records);

// The same for one material, stored or not.
std::optional<EvidenceView> evidence_for_key(Key key, const PieceSet& pieces,
                                             std::span<const EvidenceRecord> records);

// The same for each node of the KB's lattice: a stored node as its row, an implied mirror as its
// stored mirror's evidence mirrored.
std::vector<std::optional<EvidenceView>> evidence_for_nodes(
    const KnowledgeBase& kb, const ScoredLattice& scored, std::span<const EvidenceRecord> records);

namespace store {

// Every evidence row, by key, engine, budget and seed.
std::vector<EvidenceRecord> evidence(Store& store);
// The evidence rows of these materials only, in the same order.
std::vector<EvidenceRecord> evidence_of(Store& store, std::span<const Key> keys);
// Sets the evidence row of its key, engine, budget and seed, written by `run`.
void put_evidence(StoreWriter& w, RunId run, const EvidenceRecord& record);

}  // namespace store

}  // namespace egkb
