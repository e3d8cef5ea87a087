// A material's search as a stored evidence row (store/evidence.h), and the row counted again at
// another threshold: its scores are kept, so a threshold is a way of reading them, never a
// reason to search again.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "engine/material_search.h"
#include "store/evidence.h"

namespace egkb {

// What a search continued from a stored row keeps of it beside its scores.
struct EarlierSearch {
  double seconds = 0;
  std::vector<std::string> restarts;
};

// The row of a search by `engine` with `settings`, continuing `earlier`.
EvidenceRecord record_of(const MaterialEvidence& searched, const PieceSet& pieces,
                         const std::string& engine, const EvidenceSettings& settings,
                         const EarlierSearch& earlier);

// Counts, expected result, interval and score of the row's scores at `threshold`, read from its
// material's bias (engine/score_bias.h).
void recount(EvidenceRecord& record, int threshold, const PieceSet& pieces);
// The same with the reading given: what a file of format 1, which read no bias, counted.
void recount(EvidenceRecord& record, const ScoreReading& reading);

// The figures of what evidence says, from the side the view reads it: wins, draws, losses,
// expected, low, high, score.
nlohmann::ordered_json figures_json(const EvidenceView& view);

// The row as `--json` and the review app show it: material, engine, positions, wins, draws,
// losses, expected, low, high, score (and failure when it failed, restarts when the engine was
// started again).
nlohmann::ordered_json evidence_json(const EvidenceRecord& record, const PieceSet& pieces);

// What evidence says of a row, from the row's red side: the figures of evidence_json (its own,
// or its mirror's mirrored), `searched` naming the material the engine searched, `budget`,
// `threshold` and `restarts`.
nlohmann::ordered_json evidence_view_json(const EvidenceView& view, const PieceSet& pieces);

}  // namespace egkb
