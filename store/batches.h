// Review batches as the store keeps them: what was drawn, how, and the latest import of their
// verdicts that stands (the verdicts themselves: store/verdicts.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "lattice/types.h"
#include "store/ids.h"
#include "store/node_state.h"
#include "store/store.h"

namespace egkb {

// A drawn row with its score and provenance at drawing time: the state the sheet shows.
struct BatchItem {
  Key key;
  Score score;
  double probability;
  Source stratum = Source::Generated;  // the row's provenance when drawn
};

struct Batch {
  BatchId id;
  std::string design;  // a design's name (sampling/design.h): distance-k, spread, hss, active
  uint64_t seed = 0;
  std::string parameters;      // JSON
  std::size_t population = 0;  // rows the sample was drawn from
  std::string created;         // UTC ISO 8601
  std::vector<BatchItem> items;
  // Of the population, rows by provenance (Source), from the parameters; empty for a batch
  // drawn before they were recorded.
  std::vector<std::size_t> strata = {};
};

// The verdicts of a batch as one import applied them, with the node states it replaced and set.
struct BatchImport {
  RunId run;  // none for an import recorded before schema 5 without its run
  std::string reviewer;
  std::string time;
  std::unordered_map<Key, Score> verdicts;
  std::unordered_map<Key, std::string> notes;  // the rows with a note
  std::unordered_map<Key, NodeState> before;   // nodes the import changed, as they were
  std::unordered_map<Key, NodeState> after;    // and as it left them
};

namespace store {

BatchId add_batch(StoreWriter& w, const Batch& batch);
// Throws InputError when the store has no batch of that id.
Batch batch(Store& store, BatchId id);
// The ids of the stored batches, oldest first.
std::vector<BatchId> batch_ids(Store& store);
// The latest import of a batch's verdicts that still stands; nullopt when there is none.
std::optional<BatchImport> batch_import(Store& store, BatchId batch);

}  // namespace store

}  // namespace egkb
