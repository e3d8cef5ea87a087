// solve: exact win/draw/loss counts of xiangqi materials by retrograde analysis, and a position's
// value read from kept tables (docs/solve.md).
#include <fmt/format.h>
#include <unistd.h>

#include <filesystem>
#include <functional>
#include <iostream>
#include <nlohmann/json.hpp>

#include "base/errors.h"
#include "base/text.h"
#include "board/game_rules.h"
#include "cli/command.h"
#include "cli/kb_options.h"
#include "io/json_text.h"
#include "io/output_files.h"
#include "solve/counts_rows.h"
#include "solve/materials.h"
#include "solve/position_query.h"
#include "solve/solve_run.h"
#include "store/kb_file.h"

namespace egkb::cli {

namespace {

using namespace egkb::solve;

// The shipped statistics' budget: every material of the grid up to 40 million positions.
constexpr uint64_t kDefaultMaxPositions = 40'000'000;

struct Options {
  std::vector<std::string> materials;
  bool grid = false;
  std::optional<std::string> out;
  bool json = false;
  std::optional<uint64_t> max_positions;
  std::optional<std::string> keep_tables;
  std::optional<std::string> position;
  std::optional<uint64_t> threads;
  bool dry_run = false;

  uint64_t budget() const { return max_positions.value_or(kDefaultMaxPositions); }
};

// 643,000,000: digits in groups of three, as the sizes are written in the docs.
std::string grouped(uint64_t n) {
  const std::string digits = std::to_string(n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

// The materials asked for, in their stored orientation, each once. Throws InputError before
// any work for a material that is not xiangqi or is larger than the budget.
std::vector<Material> wanted_materials(const Options& o) {
  if (o.grid && !o.materials.empty()) {
    throw InputError("", 0, "--grid", "--grid solves the grid: give it or the materials, not both");
  }
  if (o.grid) return one_sided_grid(o.budget());
  std::vector<Material> wanted;
  for (const std::string& text : o.materials) {
    if (text.ends_with(".csv") || is_store_path(text)) {
      throw InputError("", 0, "MATERIAL",
                       fmt::format("{} is a knowledge base: egkb solve names materials "
                                   "(KRKGGMM ...) or --grid",
                                   path_text(text)));
    }
    if (&PieceSet::of_material(text) != &PieceSet::xiangqi()) {
      throw InputError(
          "", 0, "MATERIAL",
          fmt::format("{} is a chess material; egkb solve solves xiangqi", in_quotes(text)));
    }
    const Material m = stored_orientation(material_argument(text, PieceSet::xiangqi()));
    const uint64_t size = positions_of(m);
    if (size > o.budget()) {
      throw InputError("", 0, "MATERIAL",
                       fmt::format("{} has {} positions, more than --max-positions {}; nothing "
                                   "was solved",
                                   material_text(m), grouped(size), grouped(o.budget())));
    }
    if (std::find(wanted.begin(), wanted.end(), m) == wanted.end()) wanted.push_back(m);
  }
  if (wanted.empty()) {
    throw InputError("", 0, "MATERIAL", "name the materials to solve (KRKGGMM ...) or give --grid");
  }
  return wanted;
}

nlohmann::ordered_json material_json(const SolvedMaterial& s) {
  const auto c = counts_as_stored(s);
  return {{"material", material_text(stored_orientation(s.material))},
          {"positions", positions_of(s.material)},
          {"rtm_win", c[0].win},
          {"rtm_draw", c[0].draw},
          {"rtm_loss", c[0].loss},
          {"btm_win", c[1].win},
          {"btm_draw", c[1].draw},
          {"btm_loss", c[1].loss},
          {"seconds", s.seconds},
          {"rules", rules_name(s.rules)}};
}

void print_dry_run(const Options& o, const std::vector<Material>& wanted) {
  uint64_t total = 0;
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const Material& m : wanted) {
    total += positions_of(m);
    if (o.json) {
      list.push_back({{"material", material_text(m)},
                      {"positions", positions_of(m)},
                      {"rules", rules_name(rules_of(m))}});
    } else {
      fmt::print("{:<14} {:>15} positions  {}\n", material_text(m), grouped(positions_of(m)),
                 rules_name(rules_of(m)));
    }
  }
  const std::vector<Material> order = solving_order(wanted);
  uint64_t reached = 0;
  for (const Material& m : order) reached += positions_of(m);
  if (o.json) {
    std::cout << json_text({{"materials", list},
                            {"positions", total},
                            {"with_capture_targets",
                             {{"materials", order.size()}, {"positions", reached}}}})
              << '\n';
  } else {
    fmt::print(
        "{} materials, {} positions; with what their captures reach, {} materials, {} "
        "positions\n",
        wanted.size(), grouped(total), order.size(), grouped(reached));
  }
}

std::string megabytes(uint64_t bytes) {
  return fmt::format("{:.1f} MB", static_cast<double>(bytes) / 1e6);
}

// The work folder of a solve that keeps no tables: one per list of materials, in the temporary
// folder, so that the same command run again after a kill continues where it stopped.
std::string work_folder(const std::vector<Material>& wanted) {
  std::string key;
  for (const Material& m : wanted) key += material_text(m) + " ";
  return (std::filesystem::temp_directory_path() /
          fmt::format("egkb-solve-{}-{:016x}", ::getuid(), std::hash<std::string>{}(key)))
      .string();
}

int solve_materials(const Options& o) {
  const std::vector<Material> wanted = wanted_materials(o);
  if (o.dry_run) {
    if (o.out || o.keep_tables || o.threads) {
      throw InputError("", 0, "--dry-run",
                       "--dry-run solves nothing: --out, --keep-tables and --threads mean "
                       "nothing with it");
    }
    print_dry_run(o, wanted);
    return 0;
  }
  if (o.out) check_output(*o.out, {}, "--out");
  if (o.json && o.out && *o.out == "-")
    throw InputError("", 0, "--json", "--json and --out - both write to standard output");
  const std::string folder_path = o.keep_tables ? *o.keep_tables : work_folder(wanted);
  std::vector<SolvedMaterial> solved;
  uint64_t kept_bytes = 0;
  std::size_t all = 0, read_back = 0;
  {
    TableFolder folder(folder_path);
    SolveRunOptions run;
    run.settings.keep_distances = o.keep_tables.has_value();
    run.settings.threads = static_cast<int>(o.threads.value_or(0));
    run.folder = &folder;
    for (const SolvedMaterial& s : solve_all(wanted, run)) {
      ++all;
      read_back += s.read_back ? 1 : 0;
      if (s.wanted) solved.push_back(s);
    }
    if (o.keep_tables) kept_bytes = folder.bytes();
  }
  Outputs outputs;
  if (o.out) {
    outputs.write(*o.out, [&](std::ostream& out) { write_counts_csv(out, solved); });
    outputs.publish();
    outputs.keep();
  }
  if (!o.keep_tables) std::filesystem::remove_all(folder_path);
  if (o.json) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const SolvedMaterial& s : solved) list.push_back(material_json(s));
    nlohmann::ordered_json doc = {{"materials", list}, {"tables", nullptr}};
    if (o.keep_tables) doc["tables"] = {{"folder", *o.keep_tables}, {"bytes", kept_bytes}};
    std::cout << json_text(doc) << '\n';
  } else if (!o.out) {
    for (const SolvedMaterial& s : solved) {
      const auto c = counts_as_stored(s);
      fmt::print("{:<14} rtm {}/{}/{} btm {}/{}/{} {:.2f} s {}\n",
                 material_text(stored_orientation(s.material)), c[0].win, c[0].draw, c[0].loss,
                 c[1].win, c[1].draw, c[1].loss, s.seconds, rules_name(s.rules));
    }
  }
  if (o.out && !outputs.to_standard_output()) {
    fmt::print(stderr, "{} {} written to {}\n", solved.size(),
               solved.size() == 1 ? "material" : "materials", path_text(*o.out));
  }
  if (read_back > 0) {
    fmt::print(stderr, "{} of {} materials read back from {}, solved before\n", read_back, all,
               path_text(folder_path));
  }
  if (o.keep_tables) {
    fmt::print(stderr, "tables kept in {}: {}\n", path_text(*o.keep_tables), megabytes(kept_bytes));
  }
  return 0;
}

std::string value_text(const Value& v) {
  if (v.outcome == Outcome::draw) return "draw";
  return fmt::format("{} in {} {}, ends in {}", v.outcome == Outcome::win ? "win" : "loss",
                     v.distance, v.distance == 1 ? "ply" : "plies", line_end_name(*v.ends_in));
}

nlohmann::ordered_json value_json(const Value& v) {
  const char* name = v.outcome == Outcome::win    ? "win"
                     : v.outcome == Outcome::loss ? "loss"
                                                  : "draw";
  nlohmann::ordered_json j = {{"value", name}, {"distance", nullptr}, {"ends_in", nullptr}};
  if (v.outcome != Outcome::draw) {
    j["distance"] = v.distance;
    j["ends_in"] = line_end_name(*v.ends_in);
  }
  return j;
}

int query(const Options& o) {
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
  TableShelf shelf(*o.keep_tables);
  const PositionValue v = query_position(p, shelf);
  const std::string& to_move = PieceSet::xiangqi().side_name(p.to_move());
  if (o.json) {
    nlohmann::ordered_json doc = {{"fen", *o.position},
                                  {"material", material_text(v.material)},
                                  {"rules", rules_name(v.rules)},
                                  {"to_move", to_move}};
    doc.update(value_json(v.value));
    nlohmann::ordered_json moves = nlohmann::ordered_json::array();
    for (const MoveValue& m : v.moves) {
      nlohmann::ordered_json j = {{"move", m.move}};
      j.update(value_json(m.value));
      moves.push_back(j);
    }
    doc["moves"] = moves;
    std::cout << json_text(doc) << '\n';
    return 0;
  }
  fmt::print("{} ({}), {} to move: {}\n", material_text(v.material), rules_name(v.rules), to_move,
             value_text(v.value));
  for (const MoveValue& m : v.moves) fmt::print("  {:<6} {}\n", m.move, value_text(m.value));
  return 0;
}

}  // namespace

Command solve_command() {
  auto o = std::make_shared<Options>();
  return {
      "solve",
      "exact win/draw/loss counts of xiangqi materials by retrograde analysis, and a "
      "position's value from kept tables",
      "egkb solve KRKGG KNKM --out counts.csv",
      [o](OptionSink& sink) {
        sink.arguments(o->materials, "MATERIAL",
                       "materials to solve (KRKGGMM ...), with what their captures reach", false);
        sink.flag(o->grid, "--grid",
                  "solve the one-sided grid within --max-positions (datasets/README.md)");
        sink.text(o->out, "--out",
                  "write the counts as CSV, the columns import --from-counts reads");
        sink.flag(o->json, "--json", "print the counts (or the position's value) as JSON");
        sink.whole(o->max_positions, "--max-positions",
                   "the largest material solved, in positions (placements with either side "
                   "to move; default 40000000)",
                   1, uint64_t{1} << 40);
        sink.text(o->keep_tables, "--keep-tables",
                  "keep the solved tables in this folder (and read them from there): a "
                  "rerun continues, --position reads them");
        sink.text(o->position, "--position",
                  "the value of this position (FEN) and of each of its moves, from the "
                  "tables --keep-tables kept");
        sink.whole(o->threads, "--threads", "threads to solve with (default: every core)", 1, 256);
        sink.flag(o->dry_run, "--dry-run", "list what would be solved and its size");
      },
      [o] { return o->position ? query(*o) : solve_materials(*o); }};
}

}  // namespace egkb::cli
