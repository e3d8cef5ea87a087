// A position behind a row's evidence, for the expert to look at (`egkb show`, the review app):
// one of the positions the engine searched, as the row's material (mirrored when the evidence is
// its mirror's), with the engine's score and the result it counted.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "board/position.h"
#include "engine/result_counts.h"
#include "store/evidence.h"

namespace egkb {

struct EvidenceExample {
  Position position;  // of the row's material
  std::string fen;
  EngineScore score;  // the engine's, for the side to move
  Outcome outcome;    // from the row's red side, at the row's threshold
  // The engine's line from this position, as moves of the board shown (mirrored with it); empty
  // when none was kept.
  std::vector<std::string> pv;
};

// Position `index` of the evidence's search; nullopt when it searched fewer.
std::optional<EvidenceExample> evidence_example(const EvidenceView& view, const PieceSet& pieces,
                                                uint32_t index = 0);

// "+3.12 for red to move" or "mate in 4 for black to move", as an expert reads a score.
std::string score_text(const EngineScore& score, Side to_move, const PieceSet& pieces);

// "a red win", "a draw", "a black win" at the threshold.
std::string outcome_text(Outcome outcome, const PieceSet& pieces);

}  // namespace egkb
