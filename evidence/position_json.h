// An example position of a material for the review app's board: position `index` of those the
// material's evidence searched, with the engine's score of it and what it counted, or where the
// engine searched fewer (or none), a position drawn as `egkb positions` draws it.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>

#include "board/position.h"
#include "lattice/piece_set.h"
#include "lattice/types.h"
#include "store/evidence.h"

namespace egkb {

// A position as the board draws it: {pieces, files, ranks, to_move ("red" or "black": the piece
// set's sides are named in `sides`), sides, fen, board (the ranks as text, the last rank first:
// canonical letters, red's upper case, '.' empty)}.
nlohmann::ordered_json board_view_json(const Position& p, const PieceSet& pieces);

// {material, index, seed, board_view_json's keys, evidence (null, or evidence_view_json's figures
// and `position`: the engine's `score` and `outcome` of this position as text and `pv`, its line
// as a list of moves of the board shown, empty when none was kept; null when it was not
// searched)}. Throws InputError when the material has no legal position.
nlohmann::ordered_json position_json(Key key, const PieceSet& pieces, uint32_t index,
                                     const std::optional<EvidenceView>& evidence);

}  // namespace egkb
