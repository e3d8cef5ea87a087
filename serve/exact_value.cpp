#include "serve/exact_value.h"

#include <fmt/format.h>

#include "board/game_rules.h"
#include "evidence/position_json.h"
#include "lattice/material.h"
#include "lattice/solved.h"
#include "review/batch_json.h"
#include "serve/api_call.h"
#include "solve/position_query.h"
#include "solve/value_json.h"
#include "store/solved.h"
#include "store/store.h"

namespace egkb {

namespace {

bool is_solved(Store& store, Key key) {
  const Key mirror = mirror_key(key, store.pieces());
  for (const SolvedRecord& r : store::solved(store)) {
    if (r.solved.counts.key == key || r.solved.counts.key == mirror) return true;
  }
  return false;
}

ExactValue none(std::string why) {
  return {nullptr, std::move(why)};
}

}  // namespace

ExactValue exact_value(Store& store, Key key, const std::string& fen,
                       const std::optional<std::string>& tables) {
  const PieceSet& pieces = store.pieces();
  const std::string material = material_text(key, pieces);
  if (!is_solved(store, key)) {
    return none(
        fmt::format("{} is not solved in this store (egkb solve KB.sqlite solves a "
                    "store's rows within its budget).",
                    material));
  }
  if (pieces.name() != "xiangqi") {
    return none(
        fmt::format("{} is solved from imported counts: egkb keeps no table of a chess "
                    "material to read a position's value from.",
                    material));
  }
  if (!tables) {
    return none(
        fmt::format("{} is solved, but this server reads no tables: start it with "
                    "--tables DIR, the folder egkb solve --keep-tables DIR kept.",
                    material));
  }
  Position p = xiangqi_rules().empty_position(Side::Red);
  try {
    p = xiangqi_rules().parse_fen(fen);
  } catch (const InputError& e) {
    throw api::Refusal(400, e.message(), "fen");
  }
  if (!xiangqi_rules().legal(p)) {
    throw api::Refusal(400, "the position is illegal: the side to move could take the king", "fen");
  }
  solve::TableShelf shelf(*tables);
  solve::PositionValue v;
  try {
    v = solve::query_position(p, shelf);
  } catch (const InputError& e) {
    return none(
        fmt::format("{} is solved, but its table cannot be read here: {}", material, e.message()));
  }
  nlohmann::ordered_json j = solve::position_value_json(fen, p, v);
  j.update(board_view_json(p, pieces));
  j["rules_meaning"] = rules_meaning(v.rules);
  j["glyphs"] = board_symbols_json(pieces);
  for (std::size_t i = 0; i < v.moves.size(); ++i) {
    j["moves"][i]["capture"] = v.moves[i].capture;
    j["moves"][i]["fen"] = xiangqi_rules().fen(v.moves[i].after);
  }
  return {j, nullptr};
}

}  // namespace egkb
