// A position's exact value as JSON, the one form `egkb solve --position --json` prints and the
// review app's board reads (docs/solve.md, "Queries").
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "solve/position_query.h"

namespace egkb::solve {

// {value ("win", "draw" or "loss"), distance (plies; null for a draw), ends_in ("mate" or
// "capture"; null for a draw)}.
nlohmann::ordered_json value_json(const Value& v);

// {fen, material, rules, to_move, value, distance, ends_in, moves: [{move, value, distance,
// ends_in}, ...] best first}: `fen` as asked, the value for the side to move.
nlohmann::ordered_json position_value_json(const std::string& fen, const Position& p,
                                           const PositionValue& v);

}  // namespace egkb::solve
