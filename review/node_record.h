// What the store records of one node: every change of it and every verdict given on it, as
// `egkb show` prints them and the review app shows them (one JSON form for both).
#pragma once

#include <nlohmann/json.hpp>

#include "lattice/solved.h"
#include "store/ids.h"
#include "store/store.h"

namespace egkb {

// Keys: history (each run, command, time, from (null when the change added the node), to,
// reason, reviewer), verdicts (each batch, verdict, reviewer, time, note, stands), range (the
// last exact repair's low and high rank of an ambiguous row, low_score and high_score the same
// in scores as the base writes them (a balanced end as 4), and its run; null otherwise),
// solved (solved_json below, of the node or of its stored mirror, mirrored; null otherwise).
nlohmann::ordered_json node_record_json(Store& store, Key key);

// A solved record. Keys: rules, meaning (what the rules say, in a sentence), red_to_move and
// black_to_move (each win, draw, loss from the side to move's view; a win or loss the 50-move
// rule makes a draw counted a draw, as the score counts it), counts (the same in words),
// positions and seconds (null where the counts were imported), run.
nlohmann::ordered_json solved_json(const SolvedMaterial& solved, RunId run, const PieceSet& pieces);

}  // namespace egkb
