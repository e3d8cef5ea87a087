#include "cli/kb_options.h"

#include <fmt/format.h>

#include "lattice/errors.h"

namespace egkb::cli {

void add_pieces_option(OptionSink& sink, std::optional<std::string>& pieces) {
  sink.text(pieces, "--pieces",
            "piece set: xiangqi or chess; read from the materials (KRPvKR is chess) or the "
            "store when not given",
            {"xiangqi", "chess"});
}

void add_duplicate_option(OptionSink& sink, std::string& on_duplicate) {
  sink.text(on_duplicate, "--on-duplicate",
            "a CSV material listed twice, differently: keep the first, the last, or error", false,
            {"first", "last", "error"});
}

void add_kb_options(OptionSink& sink, KbOptions& options, bool csv) {
  sink.argument(options.path, "KB",
                csv ? "the knowledge base: a .csv file (- reads standard input) or a .sqlite store"
                    : "the .sqlite store");
  if (!csv) return;  // a store knows its piece set and holds each material once
  add_pieces_option(sink, options.pieces);
  add_duplicate_option(sink, options.on_duplicate);
}

OpenedKb open(const KbOptions& options) {
  return open_kb(options.path,
                 {options.pieces, duplicate_policy_named(options.on_duplicate, "on-duplicate")});
}

KnowledgeBase load(const KbOptions& options) {
  return open(options).kb;
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

void require_store(const std::string& path) {
  if (!is_store_path(path)) {
    throw InputError(path, 0, "KB",
                     "review batches live in a store: import the CSV first (egkb import "
                     "KB.sqlite FILE.csv)");
  }
}

std::vector<std::string> files_of(const std::string& kb) {
  if (!is_store_path(kb)) return {kb};
  return {kb, kb + "-wal", kb + "-shm", kb + "-journal"};
}

int diameter(const PieceSet& pieces) {
  int most = 0;
  for (int k = 0; k < pieces.kind_count(); ++k) most += 2 * pieces.kind(k).max;
  return most;
}

}  // namespace egkb::cli
