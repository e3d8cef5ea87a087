#include "reducer/reduce.h"

#include <fmt/format.h>

#include <chrono>
#include <optional>

#include "base/progress.h"
#include "reducer/exact.h"
#include "reducer/problem.h"

namespace egkb {

ReduceOutcome reduce_kb(const KnowledgeBase& kb, const ReduceRequest& request) {
  const ReduceWeights weights = request.weights.value_or(ReduceWeights::defaults(*kb.pieces));
  const MethodInfo& method = method_info(request.method);
  ValidationOptions validation = request.validation_options;
  validation.weights = weights.nodes;
  validation.evidence = request.evidence;
  if (request.evidence.empty()) validation.evidence_weights = {0};
  const bool validating = request.method == Method::Auto && !request.validation;
  // One step from the lattice's build to the repaired rows; validation and the repair it chose
  // share one, so that its time left counts the repair that follows. What validation repairs
  // depends on the settings the base's layered graph can hold, so with validation the base is
  // prepared first, in a step of its own.
  std::optional<ProgressStep> progress;
  std::optional<ProgressStep> preparing;
  if (validating) {
    preparing.emplace("preparing the repair", "", 0);
  } else {
    progress.emplace(fmt::format("repairing ({})", method.name), "", 0);
  }
  const PreparedRepair prepared(kb, weights);
  if (validating) {
    const std::size_t rows = validation_rows(prepared, kb, validation) + kb.rows.size();
    preparing.reset();
    progress.emplace("validation and repair", "rows", rows);
  }
  const RepairProblem& problem = prepared.problem();
  const Lattice& lattice = prepared.lattice();
  ConflictCounter counter(lattice);
  ReduceOutcome out;
  out.before = counter.count(prepared.scored().ranks());

  const auto started = std::chrono::steady_clock::now();
  out.cost = request.cost;
  out.prior_weight = request.method == Method::Fitted ? request.prior_weight : 0;
  out.evidence_weight = request.method == Method::Fitted ? request.evidence_weight : 0;
  if (request.method == Method::Auto) {
    out.validation = request.validation;
    if (validating) {
      out.validation =
          validate(prepared, kb, validation, [&](std::size_t rows) { progress->advance(rows); });
    }
    out.cost = out.validation->chosen.cost;
    out.prior_weight = out.validation->chosen.prior_weight;
    out.evidence_weight = out.validation->chosen.evidence_weight;
  }
  if (method.certified()) {
    ExactOptions options;
    options.soft = request.soft;
    options.lambda = request.lambda;
    CostModel model;
    model.shape = out.cost;
    if (out.prior_weight > 0) {
      out.prior = MaterialPrior::fit(kb);
      model.pulls.push_back({out.prior->ranks(lattice), out.prior_weight});
    }
    if (out.evidence_weight > 0) {
      model.pulls.push_back({node_ranks(lattice, kb, request.evidence), out.evidence_weight});
    }
    out.reduction = reduce_exact(problem, model, options,
                                 request.soft ? prepared.edge_dm() : std::span<const float>());
  } else {
    GreedyOptions options = method.greedy();
    if (request.weighted) options = weighted(options);
    options.ties = request.ties;
    options.on_iteration = request.on_iteration;
    out.reduction = reduce_greedy(problem, options, prepared.edge_dm(),
                                  static_cast<float>(weights.pieces.mirror));
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  out.after = counter.count(out.reduction.ranks);
  out.settled = problem.settled;
  out.objective = problem.objective(out.reduction.ranks);
  for (NodeId n : out.reduction.queued) out.queued.push_back(lattice.key(n));

  out.result = kb;
  const bool ranged = !out.reduction.low.empty();
  for (std::size_t i = 0; i < kb.rows.size(); ++i) {
    const NodeId node = *lattice.find(kb.rows[i].key);
    KbRow& row = out.result.rows[i];
    row.score = score_of(out.reduction.ranks[node], row.score);
    if (row.score != kb.rows[i].score) out.changed_rows.push_back(i);
    if (!ranged) continue;
    out.row_low.push_back(out.reduction.low[node]);
    out.row_high.push_back(out.reduction.high[node]);
    out.ambiguous_rows += out.reduction.low[node] != out.reduction.high[node];
  }
  return out;
}

}  // namespace egkb
