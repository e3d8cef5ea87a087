#include "review/batch_estimate.h"

#include "sampling/dispatch.h"

namespace egkb {

ErrorEstimate estimate_batch(const MatchedSheet& sheet, const PieceSet& pieces) {
  const Batch& batch = sheet.batch;
  std::vector<Observation> observations;
  for (const MatchedVerdict& v : sheet.verdicts) {
    observations.push_back({v.drawn.score, v.verdict, v.drawn.probability, v.drawn.stratum, v.key});
  }
  return estimate_errors(*design_named(batch.design), observations, batch.population, batch.strata,
                         pieces);
}

}  // namespace egkb
