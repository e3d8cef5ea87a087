#include "sampling/simulate.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "base/progress.h"
#include "lattice/fixed_ranks.h"
#include "lattice/material.h"
#include "lattice/solved_bounds.h"

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

// A review import refuses verdicts no consistent base can hold with the invariable rows or with
// each other (review/rules.h). The simulated expert, shown those rows, answers them again with
// care: the truth, or the nearest rank the earlier verdicts leave when the truth itself is ruled
// out. Returns how many answers changed.
std::size_t reanswer_impossible(const KnowledgeBase& current, const std::vector<std::size_t>& rows,
                                std::vector<Score>& answers,
                                const std::unordered_map<Key, Score>& oracle) {
  const ScoredLattice scored = ScoredLattice::of(current);
  const Lattice& lat = scored.lattice;
  std::vector<uint8_t> fixed(lat.size(), 0);
  for (NodeId n = 0; n < lat.size(); ++n) {
    const std::size_t row = scored.row_of[n];
    fixed[n] = row != ScoredLattice::kImplied && current.rows[row].invariable;
  }
  std::vector<Rank> ranks = scored.ranks();
  // The edges solved rows break between them bind no answer, as they bind no repair.
  const std::vector<uint8_t> settled = edge_mask(lat, solved_bounds(current, scored).settled);
  const RankBounds bounds = rank_bounds(lat, fixed, ranks, settled);
  std::vector<NodeId> node(rows.size());
  std::unordered_map<NodeId, std::size_t> answer_at;
  for (std::size_t j = 0; j < rows.size(); ++j) {
    node[j] = *lat.find(current.rows[rows[j]].key);
    answer_at.emplace(node[j], j);
  }
  const std::vector<Score> given = answers;
  auto careful = [&](std::size_t j, const RankBounds& within) {
    const NodeId n = node[j];
    const Score truth = oracle.at(current.rows[rows[j]].key);
    answers[j] = within.lo[n] <= within.hi[n]
                     ? score_of(std::clamp(rank_of(truth), within.lo[n], within.hi[n]), truth)
                     : truth;
  };
  auto refused = [&] {
    std::vector<uint8_t> held = fixed;
    for (std::size_t j = 0; j < rows.size(); ++j) {
      held[node[j]] = 1;
      ranks[node[j]] = rank_of(answers[j]);
    }
    return fixed_contradictions(lat, held, ranks, 1000, settled);
  };
  for (std::size_t j = 0; j < rows.size(); ++j) {
    if (bounds.against(node[j], rank_of(answers[j]))) careful(j, bounds);
  }
  // Then the answers with each other and, together, with the invariable rows: each refused pair
  // is answered again with the truth until none is left, which undoes every slip.
  std::vector<Contradiction> pairs = refused();
  for (int attempt = 0; !pairs.empty() && attempt < 2 * kMaxRank + 2; ++attempt) {
    for (const Contradiction& c : pairs) {
      for (const NodeId n : {c.low, c.high}) {
        if (const auto it = answer_at.find(n); it != answer_at.end()) careful(it->second, bounds);
      }
    }
    pairs = refused();
  }
  // What is still refused are truths that contradict each other: a real game can break the piece
  // rule (KCCKGGMM is 0.208 solved, KCCKGMM 0.108: a black guard more screens red's cannons).
  // As an expert whose import refused the truth, each answer in such a pair, in the batch's
  // order, takes the nearest rank the other answers and the earlier of those leave; consistent
  // rows always leave one. Only the pairs' answers are held back, so the bounds are drawn over
  // the lattice once for each of them, not once for every answer.
  if (!pairs.empty()) {
    std::vector<uint8_t> held = fixed;
    std::vector<uint8_t> in_pair(rows.size(), 0);
    for (const Contradiction& c : pairs) {
      for (const NodeId n : {c.low, c.high}) {
        if (const auto it = answer_at.find(n); it != answer_at.end()) in_pair[it->second] = 1;
      }
    }
    for (std::size_t j = 0; j < rows.size(); ++j) held[node[j]] = !in_pair[j];
    for (std::size_t j = 0; j < rows.size(); ++j) {
      if (!in_pair[j]) continue;
      const RankBounds left = rank_bounds(lat, held, ranks, settled);
      if (left.against(node[j], rank_of(answers[j]))) careful(j, left);
      held[node[j]] = 1;
      ranks[node[j]] = rank_of(answers[j]);
    }
  }
  std::size_t changed = 0;
  for (std::size_t j = 0; j < rows.size(); ++j) changed += answers[j] != given[j];
  return changed;
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
  ReduceRequest request;
  request.method = options.method;
  request.evidence = options.repair_evidence;
  ReduceOutcome repaired = reduce_kb(current, request);
  ProgressStep progress("simulated review", "rounds", static_cast<std::size_t>(options.rounds));
  for (int round = 1; round <= options.rounds; ++round) {
    progress.advance(static_cast<std::size_t>(round - 1));
    current = repaired.result;

    RoundReport report;
    report.round = round;
    report.inconsistent_after_repair = repaired.after.inconsistent_nodes;
    // Rows reviewed in an earlier round are not drawn again, nor are solved rows
    // (sampling/dispatch.h): the estimate is of the others.
    std::vector<uint8_t> eligible(current.rows.size());
    for (std::size_t i = 0; i < eligible.size(); ++i)
      eligible[i] = current.rows[i].source != Source::Expert;
    const DrawnRows drawn = draw_rows(current, noisy, options.sample, eligible, random,
                                      {repaired.row_low, repaired.row_high}, options.evidence);
    const std::vector<std::size_t>& rows = drawn.rows;
    report.wanted = drawn.wanted;
    report.sampled = rows.size();

    std::vector<Score> answers;
    for (std::size_t i : rows)
      answers.push_back(answer(oracle.at(current.rows[i].key), options.expert_error, random));
    report.answered_again = reanswer_impossible(current, rows, answers, oracle);
    std::vector<Observation> observations;
    for (std::size_t j = 0; j < rows.size(); ++j) {
      KbRow& row = current.rows[rows[j]];
      const Score verdict = answers[j];
      observations.push_back({row.score, verdict, drawn.probability[j], row.source, row.key});
      row.score = verdict;
      row.source = Source::Expert;
      row.invariable = true;
    }
    report.estimate = estimate_errors(options.sample.design, observations, drawn.population,
                                      drawn.strata, *current.pieces);
    report.truth = compare_to_truth(repaired.result, truth);
    const double n = static_cast<double>(drawn.population);
    const double errors = static_cast<double>(report.truth.errors);
    report.covered = report.estimate.low * n <= errors && errors <= report.estimate.high * n;
    repaired = reduce_kb(current, request);
    report.truth_after = compare_to_truth(repaired.result, truth);
    report.removed_per_verdict = (errors - static_cast<double>(report.truth_after.errors)) /
                                 static_cast<double>(std::max<std::size_t>(report.sampled, 1));
    if (on_round) on_round(report);
    reports.push_back(report);
  }
  return reports;
}

}  // namespace egkb
