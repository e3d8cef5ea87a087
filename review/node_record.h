// What the store records of one node: every change of it and every verdict given on it, as
// `egkb show` prints them and the review app shows them (one JSON form for both).
#pragma once

#include <nlohmann/json.hpp>

#include "store/store.h"

namespace egkb {

// Keys: history (each run, command, time, from (null when the change added the node), to,
// reason, reviewer), verdicts (each batch, verdict, reviewer, time, note, stands), range (the
// last exact repair's low and high rank of an ambiguous row, and its run; null otherwise).
nlohmann::ordered_json node_record_json(Store& store, Key key);

}  // namespace egkb
