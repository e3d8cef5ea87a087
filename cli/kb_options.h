// The options every command that reads a knowledge base shares, and the checks numeric options
// pass before a command runs.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

#include "store/kb_file.h"

namespace egkb::cli {

struct KbOptions {
  std::string path;
  std::optional<std::string> pieces;
  std::string on_duplicate = "error";
};

// Adds the KB positional argument and --pieces; `csv` adds --on-duplicate, which only a CSV
// file needs.
void add_kb_options(CLI::App& command, KbOptions& options, bool csv = true);
void add_pieces_option(CLI::App& command, std::optional<std::string>& pieces);
void add_duplicate_option(CLI::App& command, std::string& on_duplicate);

OpenedKb open(const KbOptions& options);
// The store alone, for commands that read it through their own queries.
Store open_store(const KbOptions& options);
KnowledgeBase load(const KbOptions& options);

// Throws InputError naming the command's store when `path` is not one.
void require_store(const std::string& path);

// The files a KB path stands for: a store's journal files are part of it.
std::vector<std::string> files_of(const std::string& kb);

// A finite number in [low, high]: NaN and infinities are refused by name.
CLI::Validator finite_in(double low, double high);
// A whole number in [low, high] written in digits only: no sign, no exponent, no wrap-around.
CLI::Validator whole_in(uint64_t low, uint64_t high);

// The largest lattice distance between two materials of the piece set: the most pieces both
// sides can hold together.
int diameter(const PieceSet& pieces);

}  // namespace egkb::cli
