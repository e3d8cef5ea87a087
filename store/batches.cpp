// Review batches: what was drawn, and the latest import of their verdicts that stands.
#include "store/batches.h"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <numeric>

#include "lattice/material.h"
#include "sampling/design.h"
#include "store/session.h"

namespace egkb {

Batch store::batch(Store& store, BatchId id) {
  Store::Session& s = store.read_session();
  if (s.version < 3 || !s.temporary.empty()) {
    throw InputError(s.path, 0, "batch", "the store holds no review batches");
  }
  return s.guarded([&] {
    Query b = s.query(
        "SELECT id, design, seed, parameters, population, created FROM batches WHERE id = ?",
        "batches", {"id", 0});
    b.bind(1, id);
    if (!b.step())
      throw InputError(s.path, 0, "batch", fmt::format("no batch {} in the store", id.value));
    Batch batch;
    batch.id = id;
    batch.design = b.text(1, "design");
    if (!design_named(batch.design)) {
      b.damaged(1, "design",
                fmt::format("a sampling design ({})", fmt::join(kDesignNames.names(), ", ")));
    }
    batch.seed = static_cast<uint64_t>(b.integer(2, "seed"));
    const nlohmann::json parameters = b.json(3, "parameters");
    if (!parameters.is_object()) b.damaged(3, "parameters", "a JSON object");
    if (const auto strata = parameters.find("strata"); strata != parameters.end()) {
      if (!strata->is_array() || strata->size() != 3 ||
          !std::all_of(strata->begin(), strata->end(),
                       [](const nlohmann::json& n) { return n.is_number_unsigned(); })) {
        b.damaged(3, "parameters", "a JSON object whose strata are 3 row counts");
      }
      batch.strata = strata->get<std::vector<std::size_t>>();
    }
    batch.parameters = b.text(3, "parameters");
    const int64_t population = b.integer(4, "population");
    if (population < 0) b.damaged(4, "population", "a row count");
    batch.population = static_cast<std::size_t>(population);
    if (!batch.strata.empty() &&
        std::reduce(batch.strata.begin(), batch.strata.end(), std::size_t{0}) != batch.population) {
      b.damaged(3, "parameters", "a JSON object whose strata add up to the population");
    }
    batch.created = b.text(5, "created");
    Query items = s.query(
        "SELECT key, score, probability, stratum FROM batch_items WHERE batch = ? ORDER BY rowid",
        "batch_items", {"key", 0});
    items.bind(1, id);
    while (items.step()) {
      BatchItem item{items.key(0), items.score(1, "score"), items.number(2, "probability")};
      if (!(item.probability > 0 && item.probability <= 1))
        items.damaged(2, "probability", "an inclusion probability in (0, 1]");
      const int64_t stratum = items.integer(3, "stratum");
      if (stratum < 0 || stratum > static_cast<int64_t>(Source::Expert))
        items.damaged(3, "stratum", "a provenance (0 manual, 1 generated, 2 expert)");
      item.stratum = static_cast<Source>(stratum);
      batch.items.push_back(item);
    }
    if (batch.items.size() > batch.population) {
      b.damaged(4, "population", fmt::format("at least the {} rows drawn", batch.items.size()));
    }
    return batch;
  });
}

std::vector<BatchId> store::batch_ids(Store& store) {
  Store::Session& s = store.read_session();
  std::vector<BatchId> ids;
  if (s.version < 3 || !s.temporary.empty()) return ids;
  s.guarded([&] {
    Query q = s.query("SELECT id FROM batches ORDER BY id", "batches", {"id", 0});
    while (q.step()) ids.push_back(q.batch(0, "id"));
  });
  return ids;
}

std::optional<BatchImport> store::batch_import(Store& store, BatchId batch) {
  Store::Session& s = store.read_session();
  if (s.version < 3 || !s.temporary.empty()) return std::nullopt;
  return s.guarded([&]() -> std::optional<BatchImport> {
    const char* active = s.version >= 5 ? "superseded_by IS NULL" : "1";
    Query q = s.query(
        fmt::format("SELECT key, verdict, reviewer, time, {}, {} FROM verdicts "
                    "WHERE batch = ? AND {} ORDER BY rowid",
                    s.version >= 5 ? "run" : "NULL", s.version >= 7 ? "note" : "''", active),
        "verdicts", {"key", 0});
    q.bind(1, batch);
    std::optional<BatchImport> found;
    while (q.step()) {
      if (!found) {
        found.emplace();
        found->reviewer = q.reviewer(2, "reviewer");
        found->time = q.text(3, "time");
        found->run = RunId(q.integer_or_null(4, "run").value_or(0));
      }
      const Key key = q.key(0);
      found->verdicts.emplace(key, q.score(1, "verdict"));
      if (std::string note = q.note(5, "note"); !note.empty()) found->notes.emplace(key, note);
    }
    if (!found || !found->run) return found;
    // Imports recorded before schema 5 wrote history only for changed scores, without flags:
    // their states cannot be put back.
    if (found->run.value <= s.meta_number("legacy_runs", 0)) {
      found->run = RunId();
      return found;
    }
    Query h = s.query(
        "SELECT key, old, old_source, old_invariable, old_weight, new, source, invariable, "
        "weight FROM history WHERE run = ? ORDER BY rowid",
        "history", {"key", 0});
    h.bind(1, found->run);
    while (h.step()) {
      const Key key = h.key(0);
      if (!h.is_null(1)) found->before.emplace(key, h.node_state(1, "old_"));
      found->after.emplace(key, h.node_state(5));
    }
    return found;
  });
}

BatchId store::add_batch(StoreWriter& w, const Batch& batch) {
  SQLite::Statement b(*w.s.db,
                      "INSERT INTO batches(design, seed, parameters, population, created) "
                      "VALUES(?, ?, ?, ?, ?)");
  b.bind(1, batch.design);
  b.bind(2, static_cast<int64_t>(batch.seed));
  b.bind(3, batch.parameters);
  b.bind(4, static_cast<int64_t>(batch.population));
  b.bind(5, now_utc());
  b.exec();
  const BatchId id(w.s.db->getLastInsertRowid());
  SQLite::Statement item(
      *w.s.db,
      "INSERT INTO batch_items(batch, key, score, probability, stratum) VALUES(?, ?, ?, ?, ?)");
  for (const BatchItem& i : batch.items) {
    item.bind(1, id.value);
    item.bind(2, static_cast<int64_t>(i.key));
    item.bind(3, value(i.score));
    item.bind(4, i.probability);
    item.bind(5, static_cast<int64_t>(i.stratum));
    item.exec();
    item.reset();
  }
  return id;
}

}  // namespace egkb
