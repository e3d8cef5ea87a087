#include "reducer/reduce.h"

#include <chrono>

#include "reducer/exact.h"
#include "reducer/problem.h"

namespace egkb {

std::optional<Method> method_named(std::string_view name) {
  for (Method m : {Method::Basic, Method::Refined, Method::Exact, Method::Fitted}) {
    if (name == method_name(m)) return m;
  }
  return std::nullopt;
}

std::string_view method_name(Method method) {
  switch (method) {
    case Method::Basic:
      return "ba";
    case Method::Refined:
      return "ra";
    case Method::Exact:
      return "exact";
    case Method::Fitted:
      return "fitted";
  }
  return "";
}

ReduceOutcome reduce_kb(const KnowledgeBase& kb, const ReduceRequest& request) {
  const ReduceWeights weights = request.weights.value_or(ReduceWeights::defaults(*kb.pieces));
  const PreparedRepair prepared(kb, weights);
  const RepairProblem& problem = prepared.problem();
  const Lattice& lattice = prepared.lattice();
  ConflictCounter counter(lattice);
  ReduceOutcome out;
  out.before = counter.count(prepared.scored().ranks());

  const auto started = std::chrono::steady_clock::now();
  if (request.method == Method::Exact || request.method == Method::Fitted) {
    ExactOptions options;
    options.soft = request.soft;
    options.lambda = request.lambda;
    CostModel model;
    model.shape = request.cost;
    if (request.method == Method::Fitted) {
      out.prior = MaterialPrior::fit(kb);
      model.prior = out.prior->ranks(lattice);
      model.prior_weight = request.prior_weight;
    }
    out.reduction = reduce_exact(problem, model, options,
                                 request.soft ? prepared.edge_dm() : std::span<const float>());
  } else {
    GreedyOptions options =
        request.method == Method::Basic ? basic_algorithm() : refined_algorithm();
    if (request.weighted) options = weighted(options);
    options.ties = request.ties;
    options.on_iteration = request.on_iteration;
    out.reduction = reduce_greedy(problem, options, prepared.edge_dm(),
                                  static_cast<float>(weights.pieces.mirror));
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  out.after = counter.count(out.reduction.ranks);
  out.objective = problem.objective(out.reduction.ranks);
  for (NodeId n : out.reduction.queued) out.queued.push_back(lattice.key(n));

  out.result = kb;
  out.cost = request.cost;
  const bool ranged = !out.reduction.low.empty();
  for (std::size_t i = 0; i < kb.rows.size(); ++i) {
    const NodeId node = *lattice.find(kb.rows[i].key);
    KbRow& row = out.result.rows[i];
    row.score = score_of(out.reduction.ranks[node], row.score);
    if (row.score != kb.rows[i].score) out.changed_rows.push_back(i);
    if (ranged) out.ambiguous_rows += out.reduction.low[node] != out.reduction.high[node];
  }
  return out;
}

}  // namespace egkb
