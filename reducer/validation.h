// A prior the base must earn (docs/design.md section 3, "Prior by validation"): the repair's cost
// shape and the material prior's weight (0 included) are chosen by how well the repair of the
// rest of the base predicts rows held out of it. Seeded k-fold: each fold hides a share of the
// rows (a mirror pair together; the prior is fitted without them), the repair of the rest is
// scored by the rank distance from each hidden row's data to the rank the repair gives it. Where
// the base holds expert rows they are the ones hidden, since they are the truth; otherwise the
// rows nobody fixed are. The setting with the least held-out error is chosen, the plainest on a
// tie, so a base the prior does not describe gets weight 0.
//
// A base of more than ValidationOptions::most_rows rows is validated on a part of it, a base of
// its own: the rows of the materials with at most c_k pieces of each kind k a side, the caps
// lowered one piece at a time (the kind whose lowering keeps the most rows) until the part fits:
// a down-closed part of the lattice, closed under the mirror, that holds materials of every size
// and every kind, as the base does (the materials with the fewest pieces did not choose as the
// whole base did). Its choice was checked
// against the whole base's on the accuracy tables' bases (docs/reducers.md, "Validating a large
// base on a part"). The folds run on the cores there are, each reusing one working memory for all
// its repairs; the result does not depend on how many cores.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "lattice/knowledge_base.h"
#include "reducer/cost.h"
#include "reducer/exact_options.h"
#include "reducer/problem.h"
#include "reducer/weights.h"

namespace egkb {

// The largest prior weight a repair takes, from `reduce --prior-weight` or a validation kept in
// a store.
constexpr double kMaxPriorWeight = 1000;

// The weight evidence from play is tried with, per rank: between a generated row's data (1) and
// a manual row's (10), so evidence outweighs a generated row that no link supports but not a
// manual one (docs/reducers.md).
constexpr double kEvidenceWeight = 2;

struct RepairSetting {
  CostShape cost = CostShape::L1;
  double prior_weight = 0;     // 0..kMaxPriorWeight
  double evidence_weight = 0;  // 0..kMaxPriorWeight
  friend bool operator==(const RepairSetting&, const RepairSetting&) = default;
};

// The most pieces of each kind (by kind_index) either side of a material may have.
using PieceCaps = std::array<uint8_t, kMaxKinds>;

// A setting left out because its layered graph would not fit (reducer/layered_solver.h): the
// linked nodes it would have laid out, and the most a layered graph may hold.
struct TooLarge {
  RepairSetting setting;
  std::size_t nodes = 0;
  std::size_t most = 0;
};

struct HeldOutScore {
  RepairSetting setting;
  double error = 0;  // mean rank distance of the held-out rows
};

struct Validation {
  std::vector<HeldOutScore> scores;  // every setting tried, in the order tried
  RepairSetting chosen;
  bool expert_rows = false;  // the hidden rows were expert rows
  std::size_t held_out = 0;  // rows hidden over all folds
  std::size_t folds = 0;
  double seconds = 0;
  // Left out: the base's repair too large for their layered graph (or a fold's).
  std::vector<TooLarge> too_large;
  // The part validated on a large base: its rows and the caps that bound it; none when the whole
  // base was validated.
  std::size_t part_rows = 0;
  std::optional<PieceCaps> part_caps;
};

// The grid is small on purpose: a hidden row has no data, so any positive prior weight sets it
// to the prior's rank within what its neighbours allow, and weights 0.05 to 0.4 score the same
// (docs/reducers.md); trunc2 is the robust cost that measured best among the shapes.
struct ValidationOptions {
  std::vector<CostShape> costs = {CostShape::L1, CostShape::Trunc2};
  std::vector<double> prior_weights = {0, 0.1};
  // Evidence from play per row (reducer/reduce.h, ReduceRequest::evidence) and the weights it
  // is tried with; without evidence only 0.
  std::vector<double> evidence;
  std::vector<double> evidence_weights = {0, kEvidenceWeight};
  std::size_t folds = 5;      // each hides 1/folds of the rows
  std::size_t folds_run = 2;  // of them, how many are repaired and scored
  uint64_t seed = 1;
  // Expert rows are the ones hidden when the base holds at least this many; with evidence, at
  // least the second many, and evidence is weighed only on them (else its weight is 0).
  std::size_t least_expert_rows = 50;
  std::size_t least_expert_rows_with_evidence = 30;
  NodeWeights weights;
  std::size_t most_layered_nodes = ExactOptions{}.most_layered_nodes;
  // A base of more rows is validated on its part (above): on the full lattice, 104,976 of
  // 2,125,764 rows.
  std::size_t most_rows = 200'000;
  // Cores the folds may use (0: every core). The choice is the same for any number.
  unsigned threads = 0;
};

// The rows validate() repairs in all, each held-out repair counting the rows of the base it
// repairs (the part, on a large base; a setting left out counts none): the measure of its
// progress. `prepared` as for validate().
std::size_t validation_rows(const PreparedRepair& prepared, const KnowledgeBase& kb,
                            const ValidationOptions& options);

// `prepared` is `kb` made ready with options.weights (reduce_kb's own, so the lattice is built
// once). `repaired(rows)` is told, in the calling thread, the rows repaired so far, in
// validation_rows()' measure; without it validation shows its own progress step.
Validation validate(const PreparedRepair& prepared, const KnowledgeBase& kb,
                    const ValidationOptions& options,
                    const std::function<void(std::size_t rows)>& repaired = {});
Validation validate(const KnowledgeBase& kb, const ValidationOptions& options);

}  // namespace egkb
