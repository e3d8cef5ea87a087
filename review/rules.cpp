#include "review/rules.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <unordered_map>
#include <unordered_set>

#include "base/errors.h"
#include "lattice/fixed_ranks.h"
#include "lattice/material.h"
#include "lattice/solved_bounds.h"
#include "prose/contradiction_text.h"
#include "prose/solved_text.h"
#include "review/drafts.h"
#include "review/faults.h"
#include "store/answers.h"
#include "store/batches.h"
#include "store/history.h"
#include "store/nodes.h"
#include "store/runs.h"
#include "store/solved.h"
#include "store/verdicts.h"

namespace egkb {

namespace {

std::string state_text(const NodeState& s) {
  return fmt::format("{} ({}{})", value(s.score), source_name(s.source),
                     s.invariable && s.source != Source::Expert ? ", invariable" : "");
}

// The rows of a KB by key.
std::unordered_map<Key, const KbRow*> rows_by_key(const KnowledgeBase& kb) {
  std::unordered_map<Key, const KbRow*> rows;
  rows.reserve(kb.rows.size());
  for (const KbRow& row : kb.rows) rows.emplace(row.key, &row);
  return rows;
}

// The state a row would have without this batch's own earlier import: a re-import is judged
// against the rows as they were before it, not as it left them.
NodeState without_import(const NodeState& now, Key key, const std::optional<BatchImport>& import) {
  if (!import) return now;
  const auto after = import->after.find(key);
  const auto before = import->before.find(key);
  if (after == import->after.end() || !(after->second == now) || before == import->before.end())
    return now;
  return before->second;
}

}  // namespace

MatchedSheet match_sheet(Store& store, const FilledSheet& sheet, bool partial) {
  MatchedSheet matched{store::batch(store, sheet.batch), {}};
  const Batch& batch = matched.batch;
  const PieceSet& pieces = store.pieces();
  std::unordered_map<Key, const BatchItem*> drawn;
  for (const BatchItem& item : batch.items) drawn.emplace(item.key, &item);
  Faults faults(sheet.origin, fmt::format("do not match batch {}", batch.id));
  std::unordered_map<Key, std::size_t> seen;
  for (const SheetVerdict& row : sheet.rows) {
    const auto item = drawn.find(row.key);
    if (item == drawn.end()) {
      faults.add(
          row.line, "material",
          fmt::format("{} was not drawn in batch {}", material_text(row.key, pieces), batch.id));
      continue;
    }
    if (const auto [at, fresh] = seen.emplace(row.key, row.line); !fresh) {
      faults.add(
          row.line, "material",
          fmt::format("{} appears again (line {})", material_text(row.key, pieces), at->second));
      continue;
    }
    matched.verdicts.push_back(
        {row.line, row.key, *item->second, row.verdict.score_given(item->second->score), row.note});
  }
  faults.throw_if_any();
  if (!partial && matched.verdicts.size() < batch.items.size()) {
    std::string missing;
    std::vector<std::size_t> lines;
    for (std::size_t i = 0; i < batch.items.size(); ++i) {
      if (seen.contains(batch.items[i].key)) continue;
      if (lines.size() < 10) {
        missing += (lines.empty() ? "" : ", ") + material_text(batch.items[i].key, pieces);
      }
      lines.push_back(sheet_line(i));
    }
    const std::size_t lacking = batch.items.size() - matched.verdicts.size();
    throw RowsRefused(
        sheet.origin, 0, std::move(lines),
        fmt::format("the sheet lacks {} of the {} rows batch {} drew ({}{}); nothing was "
                    "changed: restore them, or accept a partial sheet",
                    lacking, batch.items.size(), batch.id, missing, lacking > 10 ? ", ..." : ""),
        Choice::Partial);
  }
  return matched;
}

// Each of the two checks stands on its own, so invariable rows that contradict each other
// already (the reducers name those) neither hide a verdict's fault nor are blamed on the sheet.
void check_possible(const KnowledgeBase& kb, std::span<const SolvedRecord> solved,
                    const std::vector<MatchedVerdict>& matched, const std::string& origin) {
  const ScoredLattice scored = ScoredLattice::of(kb);
  const Lattice& lat = scored.lattice;
  std::unordered_map<Key, const SolvedMaterial*> solved_of;
  for (const SolvedRecord& r : solved) solved_of.emplace(r.solved.counts.key, &r.solved);
  // A solved row by its counts, when the store keeps them (a CSV base keeps none).
  const auto solved_row = [&](const KbRow& row) {
    const auto it = solved_of.find(row.key);
    return it == solved_of.end()
               ? fmt::format("{}, solved {}", material_text(row.key, *kb.pieces), value(row.score))
               : solved_text(*kb.pieces, *it->second, row.score);
  };
  std::vector<uint8_t> invariable(lat.size(), 0), verdicts(lat.size(), 0);
  std::vector<Rank> ranks = scored.ranks();
  std::unordered_map<NodeId, const MatchedVerdict*> verdict_at;
  for (const MatchedVerdict& v : matched) {
    const NodeId n = *lat.find(v.key);
    verdict_at.emplace(n, &v);
    verdicts[n] = 1;
    ranks[n] = rank_of(v.verdict);
  }
  for (NodeId n = 0; n < lat.size(); ++n) {
    const std::size_t row = scored.row_of[n];
    invariable[n] = row != ScoredLattice::kImplied && kb.rows[row].invariable && !verdicts[n];
  }
  auto name = [&](NodeId n) {
    const std::string material = format_material(lat.material(n), lat.pieces());
    if (const auto it = verdict_at.find(n); it != verdict_at.end()) {
      return fmt::format("the verdict {} for {} (line {})", value(it->second->verdict), material,
                         it->second->line);
    }
    if (lat.implied(n)) {
      const KbRow& stored = kb.rows[scored.row_of[lat.mirror(n)]];
      return fmt::format(
          "{}, the mirror of {}", material,
          stored.source == Source::Solved
              ? solved_row(stored)
              : fmt::format("the invariable row {} {} ({})", material_text(stored.key, *kb.pieces),
                            value(stored.score), source_name(stored.source)));
    }
    const KbRow& row = kb.rows[scored.row_of[n]];
    if (row.source == Source::Solved) return solved_row(row);
    return fmt::format("the invariable row {} {} ({})", material, value(row.score),
                       source_name(row.source));
  };
  Faults faults(origin, "cannot be true");
  for (const MatchedVerdict& v : matched) {
    const KbRow& row = kb.rows[scored.row_of[*lat.find(v.key)]];
    if (row.source == Source::Solved && v.verdict != row.score) {
      faults.add(v.line, "verdict",
                 fmt::format("the verdict {} contradicts {}", value(v.verdict), solved_row(row)));
    }
  }
  const SolvedBounds facts = solved_bounds(kb, scored);
  const std::vector<uint8_t> settled = edge_mask(lat, facts.settled);
  const RankBounds fixed_by_rows = rank_bounds(lat, invariable, ranks, settled);
  for (const MatchedVerdict& v : matched) {
    const NodeId n = *lat.find(v.key);
    if (const auto c = fixed_by_rows.against(n, ranks[n]))
      faults.add(v.line, "verdict", explain(lat, *c, name));
  }
  for (const Contradiction& c : fixed_contradictions(lat, verdicts, ranks, 100, settled)) {
    faults.add(verdict_at.at(c.low)->line, "verdict", explain(lat, c, name));
  }
  faults.throw_if_any();
}

MatchedSheet imported_verdicts(Store& store, BatchId batch) {
  MatchedSheet matched{store::batch(store, batch), {}};
  const std::optional<BatchImport> import = store::batch_import(store, batch);
  if (!import) {
    throw InputError(store.path(), 0, "batch",
                     fmt::format("batch {} has no imported verdicts: import its filled sheet "
                                 "(egkb review import) or submit it in the review app first, or "
                                 "give the filled sheet instead of the batch number",
                                 batch));
  }
  const std::vector<BatchItem>& items = matched.batch.items;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const auto v = import->verdicts.find(items[i].key);
    if (v == import->verdicts.end()) continue;  // a partial sheet's import
    const auto note = import->notes.find(items[i].key);
    matched.verdicts.push_back({sheet_line(i), items[i].key, items[i], v->second,
                                note == import->notes.end() ? "" : note->second});
  }
  return matched;
}

ReviewPlan plan_review(Store& store, const FilledSheet& sheet, const ReviewOptions& options) {
  ReviewPlan plan;
  plan.sheet = match_sheet(store, sheet, options.partial);
  const Batch& batch = plan.sheet.batch;
  const PieceSet& pieces = store.pieces();
  if (std::optional<BatchImport> earlier = store::batch_import(store, batch.id)) {
    if (!options.replace) {
      throw InputError(sheet.origin, 0, "batch",
                       fmt::format("batch {} was imported already, by {} at {}; nothing was "
                                   "changed: take it back first (review undo), or replace its "
                                   "verdicts",
                                   batch.id, earlier->reviewer, earlier->time),
                       Choice::Replace);
    }
    plan.replaces = std::move(earlier);
  }

  const KnowledgeBase kb = store::knowledge_base(store);
  const auto rows = rows_by_key(kb);
  struct Stale {
    const MatchedVerdict* verdict;
    NodeState was;
    bool expert;
  };
  std::vector<Stale> stale;
  for (const MatchedVerdict& v : plan.sheet.verdicts) {
    const auto row = rows.find(v.key);
    if (row == rows.end()) {
      throw StoreError(store.path(),
                       fmt::format("{} was drawn in batch {} but is not a node of the store; "
                                   "the store is damaged",
                                   material_text(v.key, pieces), batch.id));
    }
    const NodeState now = NodeState::of(*row->second);
    const NodeState base = without_import(now, v.key, plan.replaces);
    if (base.score != v.drawn.score || base.source != v.drawn.stratum)
      stale.push_back({&v, base, now.source == Source::Expert && base == now});
    // A solved row stays solved: a verdict may only confirm it (check_possible below).
    plan.verdicts.push_back({v, now,
                             now.source == Source::Solved
                                 ? now
                                 : NodeState{v.verdict, Source::Expert, true, now.weight}});
  }

  // What cannot be true is refused first: no option lets it through, and a verdict against a
  // row solved since the batch was drawn is best answered with the row's counts.
  check_possible(kb, store::solved(store), plan.sheet.verdicts, sheet.origin);
  if (!stale.empty()) {
    std::vector<Key> keys;
    for (const Stale& s : stale) keys.push_back(s.verdict->key);
    const auto last = store::last_changes(store, keys);
    Faults newer(sheet.origin, "hold a verdict newer than the sheet",
                 "a verdict replaces a newer expert verdict only when asked to", Choice::Replace);
    Faults changed(sheet.origin, fmt::format("changed since batch {} was drawn", batch.id),
                   "the reviewer judged the rows as drawn: draw a new batch, or apply the "
                   "verdicts to the rows as they are now",
                   Choice::AcceptStale);
    for (const Stale& s : stale) {
      const auto by = last.find(s.verdict->key);
      const std::string why = fmt::format(
          "{} was {} when drawn, is {} now{}", material_text(s.verdict->key, pieces),
          state_text({s.verdict->drawn.score, s.verdict->drawn.stratum, false, std::nullopt}),
          state_text(s.was),
          by == last.end() ? ""
                           : fmt::format(" (run {}, {}, {})", by->second.run, by->second.command,
                                         by->second.started));
      (s.expert ? newer : changed).add(s.verdict->line, "material", why);
    }
    if (!options.replace) newer.throw_if_any();
    if (!options.accept_stale) changed.throw_if_any();
    plan.notes.push_back(
        fmt::format("{} of the rows changed since batch {} was drawn; the "
                    "verdicts are applied to them as asked",
                    stale.size(), batch.id));
  }
  return plan;
}

ReviewResult planned_result(const ReviewPlan& plan) {
  ReviewResult result;
  result.verdicts = plan.verdicts.size();
  for (const PlannedVerdict& v : plan.verdicts)
    ++(v.before.score == v.after.score ? result.confirmed : result.rescored);
  return result;
}

ReviewResult apply_review(Store& store, const ReviewPlan& plan, const std::string& reviewer,
                          const std::vector<ReviewerAnswer>& answers) {
  const Batch& batch = plan.sheet.batch;
  ReviewResult result = planned_result(plan);
  store.write([&](StoreWriter& w) {
    result.run = store::add_run(
        w, {.command = "review import",
            .parameters = {{"batch", batch.id},
                           {"reviewer", reviewer},
                           {"rows", plan.verdicts.size()},
                           {"replaces", plan.replaces ? plan.replaces->run : RunId()}}});
    std::vector<VerdictRow> verdicts;
    const std::string reason = fmt::format("review batch {}", batch.id);
    for (const PlannedVerdict& v : plan.verdicts) {
      verdicts.push_back({v.verdict.key, v.verdict.verdict, v.verdict.note});
      if (!(v.before == v.after))
        store::change_node(w, result.run, v.verdict.key, v.before, v.after, reason);
    }
    store::add_verdicts(w, batch.id, result.run, reviewer, verdicts);
    store::add_answers(w, result.run, batch.id, answers);
    if (plan.replaces) store::supersede_verdicts(w, {batch.id, plan.replaces->run, result.run});
    store::finish_run(w, result.run,
                      {{"verdicts", result.verdicts},
                       {"rescored", result.rescored},
                       {"confirmed", result.confirmed}},
                      0);
  });
  return result;
}

UndoPlan plan_undo(Store& store, BatchId batch) {
  store::batch(store, batch);
  std::optional<BatchImport> import = store::batch_import(store, batch);
  if (!import) {
    throw InputError(store.path(), 0, "batch",
                     fmt::format("batch {} has no imported verdicts to take back", batch));
  }
  if (!import->run) {
    throw InputError(store.path(), 0, "batch",
                     fmt::format("batch {} was imported by an egkb older than schema 5, whose "
                                 "history lacks the flags to put back; nothing was changed",
                                 batch));
  }
  const KnowledgeBase kb = store::knowledge_base(store);
  const auto rows = rows_by_key(kb);
  std::vector<Key> moved;
  for (const auto& [key, after] : import->after) {
    const auto row = rows.find(key);
    if (row == rows.end() || !(NodeState::of(*row->second) == after)) moved.push_back(key);
  }
  if (!moved.empty()) {
    const auto last = store::last_changes(store, moved);
    Faults faults(store.path(), fmt::format("changed after batch {} was imported", batch));
    for (Key key : moved) {
      const auto by = last.find(key);
      faults.add(0, material_text(key, store.pieces()),
                 by == last.end() ? std::string("changed since")
                                  : fmt::format("changed since by run {} ({})", by->second.run,
                                                by->second.command));
    }
    faults.throw_if_any();
  }
  return {batch, std::move(*import)};
}

UndoResult apply_undo(Store& store, const UndoPlan& plan) {
  UndoResult result;
  store.write([&](StoreWriter& w) {
    result.run =
        store::add_run(w, {.command = "review undo",
                           .parameters = {{"batch", plan.batch}, {"import_run", plan.import.run}}});
    const std::string reason = fmt::format("undo batch {}", plan.batch);
    for (const auto& [key, after] : plan.import.after) {
      const auto before = plan.import.before.find(key);
      if (before == plan.import.before.end()) continue;  // a review import never adds a node
      store::change_node(w, result.run, key, after, before->second, reason);
      ++result.restored;
    }
    store::supersede_verdicts(w, {plan.batch, plan.import.run, result.run});
    store::reinstate_verdicts(w, plan.batch, plan.import.run);
    store::finish_run(w, result.run, {{"restored", result.restored}}, 0);
  });
  return result;
}

}  // namespace egkb
