// The paper's greedy conflict reduction: the basic algorithm (Alg. 3.2), the refined one
// (diffusing, Alg. 4.1, with V = Ni x Nn and Vc), and the weighted variants of its future work.
#pragma once

#include <functional>
#include <span>

#include "base/name_table.h"
#include "reducer/problem.h"
#include "reducer/reduction.h"

namespace egkb {

enum class Ranking {
  Percentage,  // inconsistent neighbours / neighbours (ba)
  Product,     // inconsistent neighbours x neighbours (ra)
  Weighted,    // sum of Dm x Ds over the node's inconsistent links
};

enum class Scoring {
  InconsistentNodes,  // ba
  CorrectedScore,     // Vc (ra)
  Weighted,           // total Dm x Ds over all links
};

// What a node does when several values are equally good.
enum class Ties { Closest, Queue };

// --ties' names and the JSON's.
inline constexpr auto kTies = name_table<Ties>({
    {Ties::Closest, "closest", "takes the nearest best value"},
    {Ties::Queue, "queue", "leaves the node for the expert"},
});

struct GreedyOptions {
  Ranking ranking = Ranking::Percentage;
  Scoring scoring = Scoring::InconsistentNodes;
  bool diffusing = false;
  // When the passes stall with conflicts left, repair them exactly on the smallest
  // neighbourhood that admits a consistent choice (keeps ra's promise of zero conflicts).
  bool finish_exactly = false;
  Ties ties = Ties::Closest;
  int max_iterations = 100;
  std::function<void(const IterationTrace&)> on_iteration;  // progress, after each pass
};

GreedyOptions basic_algorithm();
GreedyOptions refined_algorithm();
// The same algorithm with the weighted ranking and edit score.
GreedyOptions weighted(GreedyOptions options);

// Greedy passes until one changes nothing (or no conflict is left). `edge_dm` is Dm per edge
// index and `mirror_dm` the Dm of a mirror link; both matter only for the weighted choices.
Reduction reduce_greedy(const RepairProblem& problem, const GreedyOptions& options,
                        std::span<const float> edge_dm, float mirror_dm);

}  // namespace egkb
