// One call from a knowledge base to its repaired rows: what `egkb reduce` runs.
#pragma once

#include <functional>

#include "lattice/knowledge_base.h"
#include "reducer/cost.h"
#include "reducer/greedy.h"
#include "reducer/material_prior.h"
#include "reducer/methods.h"
#include "reducer/reduction.h"
#include "reducer/validation.h"
#include "reducer/weights.h"

namespace egkb {

constexpr double kDefaultPriorWeight = 0.1;

struct ReduceRequest {
  Method method = kDefaultMethod;
  bool weighted = false;  // weighted ranking and edit score (ba, ra)
  bool soft = false;      // soft constraints (exact)
  double lambda = 1.0;
  double prior_weight = kDefaultPriorWeight;  // fitted: the prior's weight per mirror pair
  // Evidence from play as weak data (docs/design.md section 4b): each row's rank by its evidence,
  // in the KB's row order, NaN where it has none; empty for none. Auto weighs it by validation on
  // the held-out rows (weight 0 where it does not predict them), fitted by `evidence_weight`;
  // exact never uses it.
  std::vector<double> evidence;
  double evidence_weight = 0;
  CostShape cost = CostShape::L1;  // exact and fitted: what moving a row costs
  Ties ties = Ties::Closest;
  std::optional<ReduceWeights> weights;  // node and piece weights; the defaults if unset
  // auto: the validation already run on this base's rows (kept in its store), if any, and
  // whether a kept one may be used (not when the validation's options were given).
  std::optional<Validation> validation;
  bool reuse_kept_validation = true;
  ValidationOptions validation_options;
  std::function<void(const IterationTrace&)> on_iteration;
};

struct ReduceOutcome {
  KnowledgeBase result;  // the input's rows, in their orientation, with new scores
  std::vector<std::size_t> changed_rows;
  Reduction reduction;
  std::vector<Key> queued;  // the materials of reduction.queued, for reports and the store
  ConflictSummary before;
  ConflictSummary after;    // every edge counted, those settled by fact too
  std::size_t settled = 0;  // the edges solved rows break between them: left as they are
  double objective = 0;     // sum of weight x |rank change| over the stored rows the reducer chose
  std::optional<MaterialPrior> prior;    // what the fitted method drew the repair toward
  std::optional<Validation> validation;  // auto: what chose the cost and the weights
  double prior_weight = 0;
  double evidence_weight = 0;  // what the evidence pulled with; 0 when it did not
  CostShape cost = CostShape::L1;
  // Each stored row's range (Reduction::low..high at its node), in the KB's row order; empty for
  // the greedy methods. Rows whose range holds more than one rank are ambiguous.
  std::vector<Rank> row_low, row_high;
  std::size_t ambiguous_rows = 0;
  double seconds = 0;
};

ReduceOutcome reduce_kb(const KnowledgeBase& kb, const ReduceRequest& request);

}  // namespace egkb
