// egkb solve --position: a position's value and each of its moves', read from kept tables
// (docs/solve.md, "Queries").
#include <fmt/format.h>

#include <filesystem>
#include <iostream>

#include "base/errors.h"
#include "base/text.h"
#include "board/game_rules.h"
#include "cli/solve_options.h"
#include "io/json_text.h"
#include "solve/materials.h"
#include "solve/position_query.h"
#include "solve/value_json.h"

namespace egkb::cli {

namespace {

std::string solved_value_text(const solve::Value& v) {
  if (v.outcome == solve::Outcome::draw) return "draw";
  return fmt::format("{} in {} {}, ends in {}", v.outcome == solve::Outcome::win ? "win" : "loss",
                     v.distance, v.distance == 1 ? "ply" : "plies",
                     solve::line_end_name(*v.ends_in));
}

}  // namespace

int print_position_value(const SolveOptions& o) {
  if (!o.materials.empty() || o.grid || o.out || o.dry_run || o.max_positions || o.threads) {
    throw InputError("", 0, "--position",
                     "--position reads kept tables and solves nothing: give it with "
                     "--keep-tables and --json only");
  }
  if (!o.keep_tables) {
    throw InputError("", 0, "--keep-tables",
                     "--position needs the folder of kept tables (--keep-tables DIR)");
  }
  if (!std::filesystem::is_directory(*o.keep_tables)) {
    throw InputError("", 0, "--keep-tables",
                     fmt::format("{} is no folder of tables", path_text(*o.keep_tables)));
  }
  const Position p = xiangqi_rules().parse_fen(*o.position);
  solve::TableShelf shelf(*o.keep_tables);
  const solve::PositionValue v = solve::query_position(p, shelf);
  const std::string& to_move = PieceSet::xiangqi().side_name(p.to_move());
  if (o.json) {
    std::cout << json_text(solve::position_value_json(*o.position, p, v)) << '\n';
    return 0;
  }
  fmt::print("{} ({}), {} to move: {}\n", solve::material_text(v.material), rules_name(v.rules),
             to_move, solved_value_text(v.value));
  for (const solve::MoveValue& m : v.moves)
    fmt::print("  {:<6} {}\n", m.move, solved_value_text(m.value));
  return 0;
}

}  // namespace egkb::cli
