// solve: exact win/draw/loss counts of xiangqi materials by retrograde analysis, solved rows of a
// store, and a position's value read from kept tables (docs/solve.md).
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <iostream>
#include <nlohmann/json.hpp>

#include "base/errors.h"
#include "base/text.h"
#include "cli/command.h"
#include "cli/kb_options.h"
#include "cli/solve_options.h"
#include "io/json_text.h"
#include "io/output_files.h"
#include "lattice/solved.h"
#include "solve/counts_rows.h"
#include "solve/materials.h"
#include "store/kb_file.h"

namespace egkb::cli {

std::string digits_grouped(uint64_t n) {
  const std::string digits = std::to_string(n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string megabytes(uint64_t bytes) {
  return fmt::format("{:.1f} MB", static_cast<double>(bytes) / 1e6);
}

void print_size_line(const Material& m) {
  fmt::print("{:<14} {:>15} positions  {}\n", solve::material_text(m),
             digits_grouped(solve::positions_of(m)), rules_name(rules_of(m, PieceSet::xiangqi())));
}

nlohmann::ordered_json size_json(const Material& m) {
  return {{"material", solve::material_text(m)},
          {"positions", solve::positions_of(m)},
          {"rules", rules_name(rules_of(m, PieceSet::xiangqi()))}};
}

void print_solution_line(const solve::Solution& s) {
  const auto c = solve::counts_as_stored(s);
  fmt::print("{:<14} rtm {}/{}/{} btm {}/{}/{} {:.2f} s {}\n",
             solve::material_text(solve::stored_orientation(s.material)), c[0].win, c[0].draw,
             c[0].loss, c[1].win, c[1].draw, c[1].loss, s.seconds, rules_name(s.rules));
}

nlohmann::ordered_json solution_json(const solve::Solution& s) {
  const auto c = solve::counts_as_stored(s);
  return {{"material", solve::material_text(solve::stored_orientation(s.material))},
          {"positions", solve::positions_of(s.material)},
          {"rtm_win", c[0].win},
          {"rtm_draw", c[0].draw},
          {"rtm_loss", c[0].loss},
          {"btm_win", c[1].win},
          {"btm_draw", c[1].draw},
          {"btm_loss", c[1].loss},
          {"seconds", s.seconds},
          {"rules", rules_name(s.rules)}};
}

std::string work_folder(const std::vector<Material>& wanted) {
  std::string key;
  for (const Material& m : wanted) key += solve::material_text(m) + " ";
  return (std::filesystem::temp_directory_path() /
          fmt::format("egkb-solve-{}-{:016x}", ::getuid(), std::hash<std::string>{}(key)))
      .string();
}

SolveOutcome solve_wanted(const SolveOptions& o, const std::vector<Material>& wanted) {
  SolveOutcome r;
  r.folder = o.keep_tables ? *o.keep_tables : work_folder(wanted);
  solve::TableFolder folder(r.folder);
  solve::SolveRunOptions run;
  run.settings.keep_distances = o.keep_tables.has_value();
  run.settings.threads = static_cast<int>(o.threads.value_or(0));
  run.folder = &folder;
  for (const solve::Solution& s : solve::solve_all(wanted, run)) {
    ++r.all;
    r.read_back += s.read_back ? 1 : 0;
    if (s.wanted) r.wanted.push_back(s);
  }
  if (o.keep_tables) r.kept_bytes = folder.bytes();
  return r;
}

void print_folder_notes(const SolveOptions& o, const SolveOutcome& r) {
  if (r.read_back > 0) {
    fmt::print(stderr, "{} of {} materials read back from {}, solved before\n", r.read_back, r.all,
               path_text(r.folder));
  }
  if (o.keep_tables) {
    fmt::print(stderr, "tables kept in {}: {}\n", path_text(*o.keep_tables),
               megabytes(r.kept_bytes));
  }
}

namespace {

// The materials asked for, in their stored orientation, each once. Throws InputError before
// any work for a material that is not xiangqi or is larger than the budget.
std::vector<Material> named_materials(const SolveOptions& o) {
  if (o.grid && !o.materials.empty()) {
    throw InputError("", 0, "--grid", "--grid solves the grid: give it or the materials, not both");
  }
  if (o.grid) return solve::one_sided_grid(o.budget());
  std::vector<Material> wanted;
  for (const std::string& text : o.materials) {
    if (text.ends_with(".csv") || is_store_path(text)) {
      throw InputError("", 0, "MATERIAL",
                       fmt::format("{} is a knowledge base: egkb solve names materials "
                                   "(KRKGGMM ...), --grid, or one store (KB.sqlite) alone",
                                   path_text(text)));
    }
    if (&PieceSet::of_material(text) != &PieceSet::xiangqi()) {
      throw InputError(
          "", 0, "MATERIAL",
          fmt::format("{} is a chess material; egkb solve solves xiangqi", in_quotes(text)));
    }
    const Material m = solve::stored_orientation(material_argument(text, PieceSet::xiangqi()));
    const uint64_t size = solve::positions_of(m);
    if (size > o.budget()) {
      throw InputError(
          "", 0, "MATERIAL",
          fmt::format("{} has {} positions, more than --max-positions {}; nothing "
                      "was solved",
                      solve::material_text(m), digits_grouped(size), digits_grouped(o.budget())));
    }
    if (std::find(wanted.begin(), wanted.end(), m) == wanted.end()) wanted.push_back(m);
  }
  if (wanted.empty()) {
    throw InputError("", 0, "MATERIAL",
                     "name the materials to solve (KRKGGMM ...), a store, or give --grid");
  }
  return wanted;
}

void print_dry_run(const SolveOptions& o, const std::vector<Material>& wanted) {
  uint64_t total = 0;
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const Material& m : wanted) {
    total += solve::positions_of(m);
    if (o.json) {
      list.push_back(size_json(m));
    } else {
      print_size_line(m);
    }
  }
  const std::vector<Material> order = solve::solving_order(wanted);
  uint64_t reached = 0;
  for (const Material& m : order) reached += solve::positions_of(m);
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
        wanted.size(), digits_grouped(total), order.size(), digits_grouped(reached));
  }
}

int solve_materials(const SolveOptions& o) {
  const std::vector<Material> wanted = named_materials(o);
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
  const SolveOutcome r = solve_wanted(o, wanted);
  Outputs outputs;
  if (o.out) {
    outputs.write(*o.out, [&](std::ostream& out) { solve::write_counts_csv(out, r.wanted); });
    outputs.publish();
    outputs.keep();
  }
  if (!o.keep_tables) std::filesystem::remove_all(r.folder);
  if (o.json) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const solve::Solution& s : r.wanted) list.push_back(solution_json(s));
    nlohmann::ordered_json doc = {{"materials", list}, {"tables", nullptr}};
    if (o.keep_tables) doc["tables"] = {{"folder", *o.keep_tables}, {"bytes", r.kept_bytes}};
    std::cout << json_text(doc) << '\n';
  } else if (!o.out) {
    for (const solve::Solution& s : r.wanted) print_solution_line(s);
  }
  if (o.out && !outputs.to_standard_output()) {
    fmt::print(stderr, "{} {} written to {}\n", r.wanted.size(),
               r.wanted.size() == 1 ? "material" : "materials", path_text(*o.out));
  }
  print_folder_notes(o, r);
  return 0;
}

int run_solve(const SolveOptions& o) {
  if (o.position) return print_position_value(o);
  if (!o.materials.empty() && is_store_path(o.materials.front())) return solve_store(o);
  return solve_materials(o);
}

}  // namespace

Command solve_command() {
  auto o = std::make_shared<SolveOptions>();
  return {"solve",
          "exact win/draw/loss counts of xiangqi materials by retrograde analysis, a store's rows "
          "solved, and a position's value from kept tables",
          "egkb solve KRKGG KNKM --out counts.csv",
          [o](OptionSink& sink) {
            sink.arguments(o->materials, "MATERIAL",
                           "materials to solve (KRKGGMM ...), with what their captures reach; or "
                           "one store (KB.sqlite): its rows' materials within --max-positions, "
                           "recorded as solved rows",
                           false);
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
            sink.whole(o->threads, "--threads", "threads to solve with (default: every core)", 1,
                       256);
            sink.flag(o->dry_run, "--dry-run", "list what would be solved and its size");
          },
          [o] { return run_solve(*o); }};
}

}  // namespace egkb::cli
