// The whole expert loop with the truth as the oracle (`egkb simulate`): repair, sample, answer
// each sampled row from the truth (sometimes a rank off, as a person slips), estimate, take the
// answers in as invariable expert rows, repair again.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "lattice/compare.h"
#include "reducer/reduce.h"
#include "sampling/active.h"
#include "sampling/estimate.h"

namespace egkb {

// DistanceK: the paper's spread-out sample; Hss: risk-weighted independent draws; Active: a
// census of the rows the material model disagrees with most, the rest drawn (sampling/active.h).
enum class Design { DistanceK, Hss, Active };

struct SimulationOptions {
  int rounds = 3;
  double p = 0.01;                  // share of rows to sample each round
  std::optional<std::size_t> size;  // or this many rows
  int k = 4;                        // distance-k: least pairwise distance
  Design design = Design::DistanceK;
  double targeted_share = kActiveCensusShare;  // active: the census's share of the batch
  double expert_error = 0.0;                   // chance an answer is one rank off
  Method method = Method::Fitted;
  uint64_t seed = 1;
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
};

// `truth` must score every row of `noisy` (or its mirror). Deterministic for a seed.
std::vector<RoundReport> simulate(const KnowledgeBase& truth, const KnowledgeBase& noisy,
                                  const SimulationOptions& options,
                                  const std::function<void(const RoundReport&)>& on_round = {});

}  // namespace egkb
