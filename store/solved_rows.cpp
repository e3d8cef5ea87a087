#include "store/solved_rows.h"

#include <fmt/format.h>

#include <chrono>
#include <unordered_map>

#include "base/errors.h"
#include "lattice/material.h"
#include "store/nodes.h"
#include "store/runs.h"
#include "store/solved.h"

namespace egkb {

namespace {

void check_materials(std::span<const SolvedMaterial> materials, const PieceSet& pieces,
                     const std::string& origin) {
  std::unordered_map<Key, std::size_t> seen;
  for (std::size_t i = 0; i < materials.size(); ++i) {
    const SolvedMaterial& m = materials[i];
    const std::size_t line = m.counts.line;
    if (m.counts.key >= pieces.key_count()) {
      throw InputError(origin, line, "material",
                       fmt::format("key {} is no {} material", m.counts.key, pieces.name()));
    }
    const Material material = material_of(m.counts.key, pieces);
    const std::string name = format_material(material, pieces);
    if (!counts_per_side_to_move(m.counts)) {
      throw InputError(origin, line, "counts",
                       fmt::format("{}: a solved material needs its counts with red to move and "
                                   "with black to move, each with a position",
                                   name));
    }
    if (m.rules == SolveRules::Exact && rules_of(material, pieces) != SolveRules::Exact) {
      throw InputError(origin, line, "rules",
                       fmt::format("{} has attackers on both sides: no solver is exact for it "
                                   "under the Asian rules (perpetual check and chase); its "
                                   "rules are repetition-draw",
                                   name));
    }
    const Key mirror = mirror_key(m.counts.key, pieces);
    if (mirror == m.counts.key && (m.counts.sets[0].values() != m.counts.sets[1].values())) {
      throw InputError(origin, line, "counts",
                       fmt::format("{} is its own mirror: its counts with red to move must be "
                                   "those with black to move",
                                   name));
    }
    for (const Key key : {m.counts.key, mirror}) {
      if (key == mirror && key == m.counts.key && seen.contains(key) && seen.at(key) == i)
        continue;  // a material that is its own mirror
      if (const auto [at, fresh] = seen.emplace(key, i); !fresh) {
        throw InputError(
            origin, line, "material",
            fmt::format("{} is given again (as {}, item {})", name,
                        material_text(materials[at->second].counts.key, pieces), at->second + 1));
      }
    }
  }
}

}  // namespace

SolvedResult record_solved(Store& store, std::span<const SolvedMaterial> materials,
                           const SolvedWrite& how, Outputs* outputs) {
  const PieceSet& pieces = store.pieces();
  check_materials(materials, pieces, how.origin);
  const auto started = std::chrono::steady_clock::now();
  SolvedResult result;
  store.write(
      [&](StoreWriter& w) {
        result.run = store::add_run(w, {.command = how.command, .parameters = how.parameters});
        for (const SolvedMaterial& m : materials) {
          const std::string reason = fmt::format("solved ({})", rules_name(m.rules));
          const Key mirror = mirror_key(m.counts.key, pieces);
          const std::optional<NodeState> own = store::node(w, m.counts.key);
          const std::optional<NodeState> other =
              mirror == m.counts.key ? std::nullopt : store::node(w, mirror);
          const auto solve = [&](const SolvedMaterial& row, const std::optional<NodeState>& old) {
            const NodeState now{score_of_counts(row.counts, how.bins, how.almost_draw),
                                Source::Solved, true, std::nullopt};
            if (!old) {
              ++result.added;
              store::create_node(w, result.run, row.counts.key, now);
              store::put_solved(w, result.run, row);
              return;
            }
            const std::optional<SolvedRecord> kept = store::solved(w, row.counts.key);
            if (*old == now && kept && kept->solved.counts.sets == row.counts.sets &&
                kept->solved.rules == row.rules) {
              ++result.unchanged;
              return;
            }
            ++(old->score != now.score ? result.rescored : result.confirmed);
            if (!(*old == now)) store::change_node(w, result.run, row.counts.key, old, now, reason);
            store::put_solved(w, result.run, row);
          };
          if (own || !other) solve(m, own);
          if (other) solve(m.mirrored(pieces), other);
        }
        store::finish_run(
            w, result.run,
            {{"added", result.added},
             {"rescored", result.rescored},
             {"confirmed", result.confirmed},
             {"unchanged", result.unchanged}},
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
      },
      outputs);
  return result;
}

}  // namespace egkb
