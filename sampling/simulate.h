// The whole expert loop with the truth as the oracle (`egkb simulate`): repair, sample, answer
// each sampled row from the truth (sometimes a rank off, as a person slips), estimate, take the
// answers in as invariable expert rows, repair again. Solved rows are known: never drawn, held
// by every repair, and the edges they break between them bind neither a repair nor an answer.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "lattice/compare.h"
#include "reducer/reduce.h"
#include "sampling/dispatch.h"
#include "sampling/estimate.h"
#include "sampling/evidence_design.h"

namespace egkb {

struct SimulationOptions {
  int rounds = 3;
  DrawSpec sample;            // each round's batch, of the rows not reviewed yet
  double expert_error = 0.0;  // chance an answer is one rank off
  Method method = kDefaultMethod;
  uint64_t seed = 1;
  RowEvidence evidence;  // the evidence design's: each row of the noisy base's, in its order
  // Evidence as weak data for the repairs (ReduceRequest::evidence), per row; empty for none.
  std::vector<double> repair_evidence;
};

struct RoundReport {
  int round = 0;
  std::size_t wanted = 0;
  std::size_t sampled = 0;
  ErrorEstimate estimate;  // from the expert's answers
  ErrorCounts truth;       // the repaired base against the truth
  bool covered = false;    // the estimate's interval holds the true error count
  uint64_t inconsistent_after_repair = 0;
  // Slipped answers the review rules refused, which the simulated expert gave again with care.
  std::size_t answered_again = 0;
  // The repair that takes this round's verdicts in, against the truth: the next round's
  // starting point.
  ErrorCounts truth_after;
  // (truth.errors - truth_after.errors) / sampled: what each verdict removed, its own row's
  // error and those the repair then corrected around it.
  double removed_per_verdict = 0;
};

// `truth` must score every row of `noisy` (or its mirror). Deterministic for a seed.
std::vector<RoundReport> simulate(const KnowledgeBase& truth, const KnowledgeBase& noisy,
                                  const SimulationOptions& options,
                                  const std::function<void(const RoundReport&)>& on_round = {});

}  // namespace egkb
