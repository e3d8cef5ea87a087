#include "sampling/simulate.h"

#include <cmath>
#include <unordered_map>

#include "lattice/material.h"
#include "sampling/distance_k.h"
#include "sampling/hss.h"
#include "sampling/risk.h"

namespace egkb {

namespace {

// The truth's score for every key, mirrors included.
std::unordered_map<Key, Score> truth_scores(const KnowledgeBase& truth) {
  std::unordered_map<Key, Score> scores;
  for (const KbRow& row : truth.rows) scores.emplace(row.key, row.score);
  for (const KbRow& row : truth.rows)
    scores.emplace(mirror_key(row.key, *truth.pieces), mirror(row.score));
  return scores;
}

// The expert's answer: the truth, or with the given chance one rank off.
Score answer(Score truth, double slip, Random& random) {
  if (!random.chance(slip)) return truth;
  const int r = value(rank_of(truth));
  const int off = r == 0 ? 1 : r == kMaxRank ? kMaxRank - 1 : (random.chance(0.5) ? r + 1 : r - 1);
  return score_of(Rank(off), truth);
}

}  // namespace

std::vector<RoundReport> simulate(const KnowledgeBase& truth, const KnowledgeBase& noisy,
                                  const SimulationOptions& options,
                                  const std::function<void(const RoundReport&)>& on_round) {
  compare_to_truth(noisy, truth);  // the truth must answer for every row: InputError otherwise
  const std::unordered_map<Key, Score> oracle = truth_scores(truth);
  Random random(options.seed);
  KnowledgeBase current = noisy;
  std::vector<RoundReport> reports;
  for (int round = 1; round <= options.rounds; ++round) {
    ReduceRequest request;
    request.method = options.method;
    const ReduceOutcome repaired = reduce_kb(current, request);
    current = repaired.result;

    RoundReport report;
    report.round = round;
    report.inconsistent_after_repair = repaired.after.inconsistent_nodes;
    report.wanted = options.size.value_or(
        static_cast<std::size_t>(std::ceil(options.p * static_cast<double>(current.rows.size()))));
    std::vector<std::size_t> rows;
    std::vector<double> probability;
    if (options.design == Design::DistanceK) {
      std::vector<uint8_t> eligible(current.rows.size());
      for (std::size_t i = 0; i < eligible.size(); ++i)
        eligible[i] = current.rows[i].source != Source::Expert;
      rows = sample_distance_k(current, report.wanted, options.k, random, eligible).rows;
      probability.assign(rows.size(), 1.0);
    } else {
      const std::vector<double> p =
          risk_probabilities(current, noisy, static_cast<double>(report.wanted));
      rows = HybridSampler(p).draw(random);
      for (std::size_t i : rows) probability.push_back(p[i]);
    }
    report.sampled = rows.size();

    std::vector<Observation> observations;
    for (std::size_t j = 0; j < rows.size(); ++j) {
      KbRow& row = current.rows[rows[j]];
      const Score verdict = answer(oracle.at(row.key), options.expert_error, random);
      observations.push_back(
          {row.score, verdict, probability[j], static_cast<std::size_t>(row.source)});
      row.score = verdict;
      row.source = Source::Expert;
      row.invariable = true;
    }
    // Rows reviewed in earlier rounds are never sampled again: the estimate is of the others.
    std::vector<std::size_t> strata(3, 0);
    for (const KbRow& row : repaired.result.rows) {
      if (row.source != Source::Expert) ++strata[static_cast<std::size_t>(row.source)];
    }
    const std::size_t unreviewed = strata[0] + strata[1] + strata[2];
    report.estimate = options.design == Design::DistanceK
                          ? estimate_simple(observations, strata)
                          : estimate_horvitz_thompson(observations, unreviewed);
    report.truth = compare_to_truth(repaired.result, truth);
    const double n = static_cast<double>(unreviewed);
    const double errors = static_cast<double>(report.truth.errors);
    report.covered = report.estimate.low * n <= errors && errors <= report.estimate.high * n;
    if (on_round) on_round(report);
    reports.push_back(report);
  }
  return reports;
}

}  // namespace egkb
