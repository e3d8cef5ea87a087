#include "review/result_json.h"

#include "lattice/material.h"

namespace egkb {

nlohmann::ordered_json review_result_json(const ReviewPlan& plan, const ReviewResult& result,
                                          const std::string& reviewer, bool dry_run,
                                          const PieceSet& pieces) {
  nlohmann::ordered_json changes = nlohmann::ordered_json::array();
  for (const PlannedVerdict& v : plan.verdicts) {
    if (v.before.score == v.after.score) continue;
    changes.push_back({{"material", material_text(v.verdict.key, pieces)},
                       {"line", v.verdict.line},
                       {"from", value(v.before.score)},
                       {"to", value(v.after.score)}});
  }
  return {{"batch", plan.sheet.batch.id},
          {"reviewer", reviewer},
          {"dry_run", dry_run},
          {"run", result.run},
          {"verdicts", result.verdicts},
          {"rescored", result.rescored},
          {"confirmed", result.confirmed},
          {"drawn", plan.sheet.batch.items.size()},
          {"notes", plan.notes},
          {"changes", changes}};
}

}  // namespace egkb
