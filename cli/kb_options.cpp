#include "cli/kb_options.h"

#include "io/kb_file.h"

namespace egkb::cli {

void add_pieces_option(CLI::App& command, std::optional<std::string>& pieces) {
  command
      .add_option("--pieces", pieces,
                  "piece set: xiangqi (default) or chess; a store remembers its own")
      ->check(CLI::IsMember({"xiangqi", "chess"}));
}

void add_duplicate_option(CLI::App& command, std::string& on_duplicate) {
  command
      .add_option("--on-duplicate", on_duplicate,
                  "a CSV material listed twice with different scores: first, last or error")
      ->check(CLI::IsMember({"first", "last", "error"}))
      ->capture_default_str();
}

void add_kb_options(CLI::App& command, KbOptions& options) {
  command.add_option("KB", options.path, "knowledge base: a .csv file or a .sqlite store")
      ->required();
  add_pieces_option(command, options.pieces);
  add_duplicate_option(command, options.on_duplicate);
}

KnowledgeBase load(const KbOptions& options) {
  return load_kb(options.path, {options.pieces, duplicate_policy_named(options.on_duplicate)});
}

}  // namespace egkb::cli
