// The solved table (schema 15): each solved row's rules and cost, its counts kept as its run's
// position counts (store/position_counts.h). Recording solved rows: store/solved_rows.h.
#pragma once

#include <optional>
#include <vector>

#include "lattice/solved.h"
#include "store/ids.h"
#include "store/store.h"

namespace egkb {

// A solved row as the store keeps it: its counts, rules and cost, and the run that solved it.
struct SolvedRecord {
  SolvedMaterial solved;  // solved.counts.key is the row's key
  RunId run;
};

namespace store {

// Every solved row's record, by key (none before schema 15).
std::vector<SolvedRecord> solved(Store& store);
// The solved record of a row as it stands inside the transaction; nullopt when none.
std::optional<SolvedRecord> solved(StoreWriter& w, Key key);
// Sets the solved record of the row of its key (its counts kept as the run's position counts);
// the node itself changes through change_node() or create_node() (store/nodes.h).
void put_solved(StoreWriter& w, RunId run, const SolvedMaterial& solved);

}  // namespace store

}  // namespace egkb
