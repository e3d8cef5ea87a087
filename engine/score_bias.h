// What an engine's score counts that does not win: the centipawns Fairy-Stockfish gives the
// guards, ministers and pawns on the board beyond what they do for the result (docs/evidence.md,
// "Reading a score"). A score is read from this bias, not from 0: a cannon with its own guards
// and ministers against two ministers scores +4.8 at depth 14 in a draw, two pawns win scoring
// less than a lone knight that cannot.
#pragma once

#include "engine/result_counts.h"
#include "lattice/material.h"
#include "lattice/piece_set.h"

namespace egkb {

// Red's side: each red guard, minister and pawn adds its kind's bias, each black one takes it
// away. Zero in chess, where no bias was measured.
int score_bias(const Material& material, const PieceSet& pieces);

// The reading of `material`'s scores at `threshold`.
ScoreReading score_reading(const Material& material, const PieceSet& pieces, int threshold);

}  // namespace egkb
