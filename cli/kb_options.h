// The options every command that reads a knowledge base shares.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "lattice/knowledge_base.h"

namespace egkb::cli {

struct KbOptions {
  std::string path;
  std::optional<std::string> pieces;
  std::string on_duplicate = "error";
};

// Adds the KB positional argument, --pieces and --on-duplicate.
void add_kb_options(CLI::App& command, KbOptions& options);
void add_pieces_option(CLI::App& command, std::optional<std::string>& pieces);
void add_duplicate_option(CLI::App& command, std::string& on_duplicate);

KnowledgeBase load(const KbOptions& options);

}  // namespace egkb::cli
