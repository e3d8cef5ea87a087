#include "cli/kb_options.h"

#include <fmt/format.h>

#include <charconv>
#include <cmath>

#include "lattice/errors.h"

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
                  "a CSV material listed twice, differently: keep the first, the last, or error")
      ->check(CLI::IsMember({"first", "last", "error"}))
      ->capture_default_str();
}

void add_kb_options(CLI::App& command, KbOptions& options, bool csv) {
  command
      .add_option("KB", options.path,
                  csv ? "knowledge base: a .csv file or a .sqlite store" : "the .sqlite store")
      ->required();
  add_pieces_option(command, options.pieces);
  if (csv) add_duplicate_option(command, options.on_duplicate);
}

OpenedKb open(const KbOptions& options) {
  return open_kb(options.path,
                 {options.pieces, duplicate_policy_named(options.on_duplicate, "on-duplicate")});
}

Store open_store(const KbOptions& options) {
  require_store(options.path);
  Store store = Store::open(options.path);
  if (options.pieces && *options.pieces != store.pieces().name()) {
    throw InputError(options.path, 0, "--pieces",
                     fmt::format("the store holds {} materials, not {}", store.pieces().name(),
                                 *options.pieces));
  }
  return store;
}

KnowledgeBase load(const KbOptions& options) {
  return open(options).kb;
}

void require_store(const std::string& path) {
  if (!is_store_path(path)) {
    throw InputError(path, 0, "KB",
                     "review batches live in a store: import the CSV first (egkb import "
                     "FILE --into KB.sqlite)");
  }
}

std::vector<std::string> files_of(const std::string& kb) {
  if (!is_store_path(kb)) return {kb};
  return {kb, kb + "-wal", kb + "-shm", kb + "-journal"};
}

CLI::Validator finite_in(double low, double high) {
  return CLI::Validator(
      [low, high](std::string& text) -> std::string {
        double v = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (ec != std::errc() || end != text.data() + text.size())
          return fmt::format("expected a number, got '{}'", text);
        if (!std::isfinite(v)) return fmt::format("expected a finite number, got '{}'", text);
        if (v < low || v > high)
          return fmt::format("expected a number from {:g} to {:g}, got {}", low, high, text);
        return "";
      },
      fmt::format("NUMBER in [{:g}, {:g}]", low, high));
}

CLI::Validator whole_in(uint64_t low, uint64_t high) {
  return CLI::Validator(
      [low, high](std::string& text) -> std::string {
        uint64_t v = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (text.empty() || ec != std::errc() || end != text.data() + text.size()) {
          return ec == std::errc::result_out_of_range
                     ? fmt::format("{} is larger than {}", text, high)
                     : fmt::format("expected a whole number of digits, got '{}'", text);
        }
        if (v < low || v > high)
          return fmt::format("expected a whole number from {} to {}, got {}", low, high, text);
        return "";
      },
      fmt::format("INTEGER in [{}, {}]", low, high));
}

int diameter(const PieceSet& pieces) {
  int most = 0;
  for (int k = 0; k < pieces.kind_count(); ++k) most += 2 * pieces.kind(k).max;
  return most;
}

}  // namespace egkb::cli
