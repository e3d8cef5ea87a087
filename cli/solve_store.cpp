// egkb solve KB.sqlite: every stored row's material within the budget solved, with what its
// captures reach, and recorded as solved rows (docs/solve.md, "Solving a store").
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>
#include <unordered_set>

#include "base/errors.h"
#include "base/text.h"
#include "cli/solve_options.h"
#include "io/json_text.h"
#include "solve/counts_rows.h"
#include "solve/materials.h"
#include "store/nodes.h"
#include "store/solved.h"
#include "store/solved_rows.h"
#include "store/store.h"

namespace egkb::cli {

namespace {

// What a store asks to solve, read in one session: its rows' materials in their stored
// orientation, each once, split by the budget.
struct StoreMaterials {
  std::vector<Material> wanted;
  std::vector<Material> beyond_budget;  // largest first
  std::size_t already_solved = 0;       // rows solved before, not solved again
};

StoreMaterials store_materials(const SolveOptions& o, const std::string& path) {
  Store store = Store::open(path);
  if (&store.pieces() != &PieceSet::xiangqi()) {
    throw InputError(path, 0, "pieces",
                     fmt::format("{} holds {} materials; egkb solve solves xiangqi",
                                 path_text(path), store.pieces().name()));
  }
  std::unordered_set<Key> solved;
  for (const SolvedRecord& r : store::solved(store)) solved.insert(r.solved.counts.key);
  StoreMaterials s;
  for (const KbRow& row : store::knowledge_base(store).rows) {
    if (solved.contains(row.key)) {
      ++s.already_solved;
      continue;
    }
    const Material m = solve::stored_orientation(material_of(row.key, PieceSet::xiangqi()));
    std::vector<Material>& into = solve::positions_of(m) <= o.budget() ? s.wanted : s.beyond_budget;
    if (std::find(into.begin(), into.end(), m) == into.end()) into.push_back(m);
  }
  std::stable_sort(s.beyond_budget.begin(), s.beyond_budget.end(),
                   [](const Material& a, const Material& b) {
                     return solve::positions_of(a) > solve::positions_of(b);
                   });
  return s;
}

nlohmann::ordered_json beyond_budget_json(const StoreMaterials& s) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const Material& m : s.beyond_budget) list.push_back(size_json(m));
  return list;
}

// "3 rows solved before; 2 materials beyond --max-positions 40,000,000 skipped (the largest
// KRRKGGMM, 1,234,567,890 positions)", on standard error.
void print_left_out(const SolveOptions& o, const StoreMaterials& s) {
  if (s.already_solved > 0) {
    fmt::print(stderr, "{} {} solved before, left as they are\n", s.already_solved,
               s.already_solved == 1 ? "row" : "rows");
  }
  if (!s.beyond_budget.empty()) {
    const Material& largest = s.beyond_budget.front();
    fmt::print(stderr, "{} {} beyond --max-positions {} skipped (the largest {}, {} positions)\n",
               s.beyond_budget.size(), s.beyond_budget.size() == 1 ? "material" : "materials",
               digits_grouped(o.budget()), solve::material_text(largest),
               digits_grouped(solve::positions_of(largest)));
  }
}

void print_store_dry_run(const SolveOptions& o, const std::string& path, const StoreMaterials& s) {
  uint64_t total = 0;
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const Material& m : s.wanted) {
    total += solve::positions_of(m);
    if (o.json) {
      list.push_back(size_json(m));
    } else {
      print_size_line(m);
    }
  }
  const std::vector<Material> order = solve::solving_order(s.wanted);
  uint64_t reached = 0;
  for (const Material& m : order) reached += solve::positions_of(m);
  if (o.json) {
    std::cout << json_text({{"store", path},
                            {"materials", list},
                            {"positions", total},
                            {"with_capture_targets",
                             {{"materials", order.size()}, {"positions", reached}}},
                            {"already_solved", s.already_solved},
                            {"beyond_budget", beyond_budget_json(s)}})
              << '\n';
    return;
  }
  fmt::print(
      "{} materials to solve, {} positions; with what their captures reach, {} materials, "
      "{} positions\n",
      s.wanted.size(), digits_grouped(total), order.size(), digits_grouped(reached));
  print_left_out(o, s);
}

// A solution as the store records it: its key in the stored orientation, red's and black's
// counts to move.
SolvedMaterial solved_row(const solve::Solution& s) {
  const Material m = solve::stored_orientation(s.material);
  const auto c = solve::counts_as_stored(s);
  PositionCounts counts;
  counts.key = key_of(m, PieceSet::xiangqi());
  for (const ToMove side : {ToMove::Red, ToMove::Black}) {
    const solve::SideCounts& n = c[side == ToMove::Red ? 0 : 1];
    OutcomeCounts set;
    set.to_move = side;
    set.win = n.win;
    set.draw = n.draw;
    set.loss = n.loss;
    counts.sets.push_back(set);
  }
  return {std::move(counts), s.rules, solve::positions_of(m), s.seconds};
}

}  // namespace

int solve_store(const SolveOptions& o) {
  const std::string& path = o.materials.front();
  if (o.materials.size() > 1 || o.grid || o.out) {
    throw InputError("", 0, o.materials.size() > 1 ? "MATERIAL" : (o.grid ? "--grid" : "--out"),
                     fmt::format("{} is a store: egkb solve solves its rows' materials and "
                                 "records them there; give it alone, without --grid or --out",
                                 path_text(path)));
  }
  if (o.dry_run && (o.keep_tables || o.threads)) {
    throw InputError("", 0, "--dry-run",
                     "--dry-run solves nothing: --keep-tables and --threads mean nothing with it");
  }
  // The rows are read in one session and the results recorded in another that reads what it
  // needs inside its transaction, as import does: the counts are facts no change of the nodes
  // makes stale, so a solve of hours is never refused for a verdict imported meanwhile.
  const StoreMaterials s = store_materials(o, path);
  if (o.dry_run) {
    print_store_dry_run(o, path, s);
    return 0;
  }
  SolveOutcome r;
  SolvedResult recorded;
  if (!s.wanted.empty()) {
    r = solve_wanted(o, s.wanted);
    std::vector<SolvedMaterial> rows;
    for (const solve::Solution& solution : r.wanted) rows.push_back(solved_row(solution));
    Store store = Store::open(path);
    recorded = record_solved(
        store, rows,
        {.command = "solve",
         .parameters = {{"max_positions", o.budget()}, {"keep_tables", o.keep_tables.value_or("")}},
         .origin = path});
    // The work folder goes once the results are safe in the store; a run refused before (busy,
    // changed, killed) leaves it for the same command to continue from.
    if (!o.keep_tables) std::filesystem::remove_all(r.folder);
  }
  std::size_t repetition_draw = 0;
  for (const solve::Solution& solution : r.wanted) {
    repetition_draw += solution.rules == SolveRules::RepetitionDraw;
  }
  if (o.json) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const solve::Solution& solution : r.wanted) list.push_back(solution_json(solution));
    nlohmann::ordered_json doc = {{"store", path},
                                  {"materials", list},
                                  {"exact", r.wanted.size() - repetition_draw},
                                  {"repetition_draw", repetition_draw},
                                  {"already_solved", s.already_solved},
                                  {"beyond_budget", beyond_budget_json(s)},
                                  {"added", recorded.added},
                                  {"rescored", recorded.rescored},
                                  {"confirmed", recorded.confirmed},
                                  {"unchanged", recorded.unchanged},
                                  {"run", s.wanted.empty() ? nlohmann::ordered_json(nullptr)
                                                           : nlohmann::ordered_json(recorded.run)},
                                  {"tables", nullptr}};
    if (o.keep_tables) doc["tables"] = {{"folder", *o.keep_tables}, {"bytes", r.kept_bytes}};
    std::cout << json_text(doc) << '\n';
  } else {
    for (const solve::Solution& solution : r.wanted) print_solution_line(solution);
  }
  if (s.wanted.empty()) {
    fmt::print(stderr, "{}: nothing to solve within --max-positions {}\n", path_text(path),
               digits_grouped(o.budget()));
  } else {
    fmt::print(stderr,
               "{}: {} materials solved ({} exact, {} repetition-draw): {} rows rescored, {} "
               "confirmed, {} unchanged, {} added (run {})\n",
               path_text(path), r.wanted.size(), r.wanted.size() - repetition_draw, repetition_draw,
               recorded.rescored, recorded.confirmed, recorded.unchanged, recorded.added,
               recorded.run);
  }
  print_left_out(o, s);
  print_folder_notes(o, r);
  return 0;
}

}  // namespace egkb::cli
