// Where an engine is: a path as given, or a program name looked up on PATH and then in
// /usr/games, where Debian installs stockfish and fairy-stockfish (docs/design.md section 4b).
#pragma once

#include <optional>
#include <string>

#include "lattice/piece_set.h"

namespace egkb {

// The engine egkb asks when none is given: fairy-stockfish for xiangqi, stockfish for chess.
std::string default_engine(const PieceSet& pieces);

// The UCI_Variant a piece set needs, if any: xiangqi's.
std::optional<std::string> engine_variant(const PieceSet& pieces);

// The executable file `program` names (a directory is none). Throws InputError (field --engine)
// saying where it looked when there is none.
std::string find_engine(const std::string& program);

}  // namespace egkb
