// What a review import did, as `egkb review import --json` prints it and the review app's
// submit answers (docs/formats.md).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "review/rules.h"

namespace egkb {

// Keys: batch, reviewer, dry_run, run, verdicts, rescored, confirmed, drawn, notes, changes
// (material, line, from, to).
nlohmann::ordered_json review_result_json(const ReviewPlan& plan, const ReviewResult& result,
                                          const std::string& reviewer, bool dry_run,
                                          const PieceSet& pieces);

}  // namespace egkb
