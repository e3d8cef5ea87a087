#include "reducer/validation.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "base/progress.h"
#include "lattice/random.h"
#include "reducer/exact.h"
#include "reducer/layered_solver.h"
#include "reducer/material_prior.h"

namespace egkb {

namespace {

// The rows validation may hide, one node of each mirror pair: expert rows where the base has
// enough of them, else the rows nobody fixed.
std::vector<NodeId> hideable_pairs(const KnowledgeBase& kb, const ScoredLattice& scored,
                                   const RepairProblem& problem, const ValidationOptions& o,
                                   bool& expert_rows) {
  const Lattice& lat = scored.lattice;
  std::size_t experts = 0;
  for (const KbRow& row : kb.rows) experts += row.source == Source::Expert;
  expert_rows =
      experts >= (o.evidence.empty() ? o.least_expert_rows : o.least_expert_rows_with_evidence);
  std::vector<NodeId> pairs;
  for (NodeId u = 0; u < lat.size(); ++u) {
    const NodeId m = lat.mirror(u);
    if (m < u) continue;
    bool hideable = false;
    for (NodeId x : {u, m}) {
      const std::size_t row = scored.row_of[x];
      if (row == ScoredLattice::kImplied) continue;
      hideable |= expert_rows ? kb.rows[row].source == Source::Expert : !problem.fixed[x];
    }
    if (hideable) pairs.push_back(u);
  }
  return pairs;
}

}  // namespace

Validation validate(const KnowledgeBase& kb, const ValidationOptions& o) {
  const auto started = std::chrono::steady_clock::now();
  const ScoredLattice scored = ScoredLattice::of(kb);
  const Lattice& lat = scored.lattice;
  const RepairProblem base = RepairProblem::of(kb, scored, o.weights);
  Validation v;
  std::vector<NodeId> pairs = hideable_pairs(kb, scored, base, o, v.expert_rows);
  Random random(o.seed);
  random.shuffle(pairs);
  v.folds = std::min(o.folds_run, o.folds);
  std::vector<RepairSetting> settings;
  // Evidence is judged by the truth alone: rows an expert scored. The others are the data it
  // may contradict.
  const std::vector<double> evidence_weights =
      o.evidence.empty() || !v.expert_rows ? std::vector<double>{0} : o.evidence_weights;
  for (double e : evidence_weights) {
    for (double w : o.prior_weights) {
      for (CostShape c : o.costs) settings.push_back({c, w, e});
    }
  }
  const std::vector<double> evidence = node_ranks(lat, kb, o.evidence);
  std::vector<double> error(settings.size(), 0);
  std::vector<std::optional<TooLarge>> skipped(settings.size());
  ProgressStep progress("validation", "held-out repairs", v.folds * settings.size());
  for (std::size_t fold = 0; fold < v.folds; ++fold) {
    RepairProblem hidden = base;
    std::vector<uint8_t> is_hidden(lat.size(), 0);
    std::vector<NodeId> scored_rows;  // the stored nodes hidden in this fold
    for (std::size_t i = fold; i < pairs.size(); i += o.folds) {
      for (NodeId x : {pairs[i], lat.mirror(pairs[i])}) {
        is_hidden[x] = 1;
        hidden.weight[x] = 0;
        hidden.fixed[x] = 0;
        if (scored.row_of[x] != ScoredLattice::kImplied) scored_rows.push_back(x);
      }
    }
    v.held_out += scored_rows.size();
    KnowledgeBase training;
    training.pieces = kb.pieces;
    for (const KbRow& row : kb.rows) {
      if (!is_hidden[*lat.find(row.key)]) training.rows.push_back(row);
    }
    const std::vector<double> prior = MaterialPrior::fit(training).ranks(lat);
    for (std::size_t s = 0; s < settings.size(); ++s) {
      CostModel model;
      model.shape = settings[s].cost;
      if (settings[s].prior_weight > 0) model.pulls.push_back({prior, settings[s].prior_weight});
      if (settings[s].evidence_weight > 0) {
        model.pulls.push_back({evidence, settings[s].evidence_weight});
      }
      progress.advance(fold * settings.size() + s);
      if (skipped[s]) continue;
      std::optional<CertifiedRepair> repair;
      try {
        // A prediction needs no certificate: the completion alone, without probing.
        repair = solve_certified(
            hidden, model, {.most_probes = 0, .most_layered_nodes = o.most_layered_nodes}, {});
      } catch (const LayeredGraphTooLarge& e) {
        skipped[s] = TooLarge{settings[s], e.nodes(), e.most()};  // only convex costs here
        continue;
      }
      if (!repair) continue;  // invariable rows that contradict each other: no repair to score
      for (NodeId x : scored_rows)
        error[s] += std::abs(value(repair->ranks[x]) - value(base.ranks[x]));
    }
  }
  const double held = static_cast<double>(std::max<std::size_t>(v.held_out, 1));
  std::size_t best = 0;
  for (std::size_t s = 0; s < settings.size(); ++s) {
    if (skipped[s]) {
      v.too_large.push_back(*skipped[s]);
      continue;
    }
    v.scores.push_back({settings[s], error[s] / held});
    // The settings run plainest first: a later one must do strictly better.
    if (error[s] < error[best]) best = s;
  }
  v.chosen = settings[best];
  v.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return v;
}

}  // namespace egkb
