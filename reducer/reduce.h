// One call from a knowledge base to its repaired rows: what `egkb reduce` runs.
#pragma once

#include <functional>
#include <string_view>

#include "lattice/knowledge_base.h"
#include "reducer/greedy.h"
#include "reducer/reduction.h"
#include "reducer/weights.h"

namespace egkb {

enum class Method { Basic, Refined, Exact };

std::optional<Method> method_named(std::string_view name);  // ba, ra, exact
std::string_view method_name(Method method);

struct ReduceRequest {
  Method method = Method::Refined;
  bool weighted = false;  // weighted ranking and edit score (ba, ra)
  bool soft = false;      // soft constraints (exact)
  double lambda = 1.0;
  Ties ties = Ties::Closest;
  std::optional<ReduceWeights> weights;  // node and piece weights; the defaults if unset
  std::function<void(const IterationTrace&)> on_iteration;
};

struct ReduceOutcome {
  KnowledgeBase result;  // the input's rows, in their orientation, with new scores
  std::vector<std::size_t> changed_rows;
  Reduction reduction;
  std::vector<Key> queued;  // the materials of reduction.queued, for reports and the store
  ConflictSummary before;
  ConflictSummary after;
  double objective = 0;  // sum of weight x |rank change| over the stored rows the reducer chose
  double seconds = 0;
};

ReduceOutcome reduce_kb(const KnowledgeBase& kb, const ReduceRequest& request);

}  // namespace egkb
