// `egkb solve`'s options and the parts its three modes share: materials named (counts), a
// store's rows (solved rows recorded), a position (its value from kept tables). docs/solve.md.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "solve/solve_run.h"

namespace egkb::cli {

// The shipped statistics' budget: every material of the grid up to 40 million positions.
constexpr uint64_t kDefaultMaxPositions = 40'000'000;

struct SolveOptions {
  std::vector<std::string> materials;  // or one store
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
std::string digits_grouped(uint64_t n);
std::string megabytes(uint64_t bytes);

// A material's line of `--dry-run` and its JSON (`material, positions, rules`).
void print_size_line(const Material& m);
nlohmann::ordered_json size_json(const Material& m);
// A solved material's counts, seen as stored (`material, positions, rtm_*, btm_*, seconds,
// rules`), as text (one line) and JSON.
void print_solution_line(const solve::Solution& s);
nlohmann::ordered_json solution_json(const solve::Solution& s);

// The work folder of a solve that keeps no tables: one per list of materials, in the temporary
// folder, so that the same command run again after a kill continues where it stopped.
std::string work_folder(const std::vector<Material>& wanted);

// What solving `wanted` (and what their captures reach) found, with the folder the tables went
// to: --keep-tables, or the work folder, which the caller removes once the results are safe.
struct SolveOutcome {
  std::vector<solve::Solution> wanted;  // in solving order
  std::string folder;
  uint64_t kept_bytes = 0;  // with --keep-tables
  std::size_t all = 0, read_back = 0;
};
SolveOutcome solve_wanted(const SolveOptions& o, const std::vector<Material>& wanted);
// The lines on standard error after a solve: what was read back, where tables were kept.
void print_folder_notes(const SolveOptions& o, const SolveOutcome& r);

// `egkb solve KB.sqlite`: every stored row's material within the budget, recorded as solved rows
// (cli/solve_store.cpp).
int solve_store(const SolveOptions& o);
// `egkb solve --position FEN` (cli/solve_query.cpp).
int print_position_value(const SolveOptions& o);

}  // namespace egkb::cli
