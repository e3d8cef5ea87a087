#include "store/import.h"

#include <fmt/format.h>

#include <chrono>

#include "base/errors.h"
#include "base/progress.h"
#include "base/text.h"
#include "store/nodes.h"
#include "store/position_counts.h"
#include "store/runs.h"

namespace egkb {

ImportResult import_kb(Store& store, const KnowledgeBase& kb,
                       const nlohmann::ordered_json& parameters, Outputs* outputs,
                       std::span<const PositionCounts> counts) {
  if (kb.pieces != &store.pieces()) {
    throw InputError(store.path(), 0, "pieces",
                     fmt::format("the store holds {} materials, {} holds {} materials",
                                 store.pieces().name(), path_text(kb.origin), kb.pieces->name()));
  }
  for (const KbRow& row : kb.rows) {
    if (row.source == Source::Solved) {
      throw InputError(kb.origin, row.line, "source",
                       "a solved row comes with its counts: import them with --from-counts "
                       "--solved (the file's other rows may say generated, manual or expert)");
    }
  }
  const auto started = std::chrono::steady_clock::now();
  ImportResult result;
  store.write(
      [&](StoreWriter& w) {
        result.run = store::add_run(w, {.command = "import", .parameters = parameters});
        const std::unordered_map<Key, NodeState> stored = store::nodes(w);
        ProgressStep progress("importing into " + path_text(store.path()), "rows", kb.rows.size());
        for (const KbRow& row : kb.rows) {
          if (const std::size_t done = &row - kb.rows.data(); done % kRowsBetweenReports == 0)
            progress.advance(done);
          const NodeState now = NodeState::of(row);
          const auto it = stored.find(row.key);
          if (it == stored.end()) {
            ++result.added;
            store::create_node(w, result.run, row.key, now);
            continue;
          }
          if (it->second == now) {
            ++result.unchanged;
            continue;
          }
          if (it->second.source == Source::Solved) {
            ++result.solved_kept;
            continue;
          }
          ++(it->second.score != now.score ? result.rescored : result.reflagged);
          store::change_node(w, result.run, row.key, it->second, now, "import");
        }
        for (const PositionCounts& material : counts)
          store::put_position_counts(w, result.run, material);
        store::finish_run(
            w, result.run,
            {{"added", result.added},
             {"rescored", result.rescored},
             {"reflagged", result.reflagged},
             {"unchanged", result.unchanged},
             {"solved_kept", result.solved_kept}},
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
      },
      outputs);
  return result;
}

}  // namespace egkb
