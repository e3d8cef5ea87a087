// The options commands share, and what they do with them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cli/command.h"
#include "store/kb_file.h"

namespace egkb::cli {

struct KbOptions {
  std::string path;
  std::optional<std::string> pieces;
  std::string on_duplicate = "error";
};

// The KB as the first positional argument; when it may be a CSV file (`csv`), --pieces and
// --on-duplicate, which only a CSV file needs.
void add_kb_options(OptionSink& sink, KbOptions& options, bool csv = true);
void add_pieces_option(OptionSink& sink, std::optional<std::string>& pieces);
void add_duplicate_option(OptionSink& sink, std::string& on_duplicate);

OpenedKb open(const KbOptions& options);
KnowledgeBase load(const KbOptions& options);
// The store alone, for commands that read it through their own queries.
Store open_store(const KbOptions& options);

// Throws InputError naming the command's store when `path` is not one.
void require_store(const std::string& path);

// The files a KB path stands for: a store's journal files are part of it.
std::vector<std::string> files_of(const std::string& kb);

// The largest lattice distance between two materials of the piece set: the most pieces both
// sides can hold together.
int diameter(const PieceSet& pieces);

}  // namespace egkb::cli
