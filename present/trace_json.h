// A reducer's passes as JSON: what `reduce --json` prints, the store keeps and reports read.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "reducer/reduction.h"

namespace egkb {

// Per pass: iteration, modified, inconsistent_nodes, corrected_score, exact_finish.
nlohmann::ordered_json trace_json(const std::vector<IterationTrace>& trace);

// The passes back from that JSON text (none for an empty text: a run recorded before schema 4);
// only the figures it holds are filled in.
std::vector<IterationTrace> trace_from_json(const std::string& text);

}  // namespace egkb
