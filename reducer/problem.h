// What every reducer works on: the lattice, each node's data rank and weight, and which nodes
// may not change. Reducers read it and return new ranks; they never mutate a knowledge base.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "base/contract.h"
#include "lattice/knowledge_base.h"
#include "reducer/weights.h"

namespace egkb {

struct RepairProblem {
  // The KB's lattice, or a copy without the edges its solved rows break between them
  // (lattice/fixed_ranks.h, settled_edges): a repair neither can nor may keep those, so it does
  // not see them. Node ids are the same in both.
  const Lattice* lattice = nullptr;
  std::shared_ptr<const Lattice> without_settled;  // the copy, when there is one
  std::size_t settled = 0;                         // the edges it lacks
  // Data ranks. Where a node is fixed its mirror has been set to the mirrored rank, so a pair
  // always starts in step with its fixed side.
  std::vector<Rank> ranks;
  // Weight of each node's own data: its row's weight or its provenance default; 0 for an
  // implied mirror (no data of its own).
  std::vector<double> weight;
  // Invariable rows (solved rows among them) and their mirrors: no reducer changes them.
  std::vector<uint8_t> fixed;

  static RepairProblem of(const KnowledgeBase& kb, const ScoredLattice& scored,
                          const NodeWeights& weights);

  // Sum over stored nodes of weight x |new rank - data rank|: the edit cost docs/design.md names
  // `objective`.
  double objective(std::span<const Rank> new_ranks) const;

  // The contract every reducer asserts on entry (docs/development.md, "Contracts"): a lattice
  // that is_ok(), the arrays one entry per node, ranks in 0..8, weights finite and not negative,
  // a fixed node's mirror fixed too, and an implied mirror of a fixed node at the mirrored rank.
  // A stored pair may be fixed out of step: invariable rows that contradict each other are the
  // user's to correct, and the exact repair names them (solved rows never do: the edges they
  // break are not in the problem's lattice). O(nodes + edges); Check::Fast: the
  // lattice and the arrays' sizes only, O(1).
  bool is_ok(Check check = Check::Full) const;
};

// A KB made ready for the reducers: its scored lattice, the repair problem on it and the Dm of
// every edge. It owns the lattice the problem points into, so it is neither copied nor moved.
class PreparedRepair {
 public:
  PreparedRepair(const KnowledgeBase& kb, const ReduceWeights& weights);
  PreparedRepair(const PreparedRepair&) = delete;
  PreparedRepair& operator=(const PreparedRepair&) = delete;

  const ScoredLattice& scored() const { return *scored_; }
  // The KB's whole lattice, settled edges included: where conflicts are counted.
  const Lattice& lattice() const { return scored_->lattice; }
  const RepairProblem& problem() const { return problem_; }
  RepairProblem& problem() { return problem_; }
  // Each edge of the problem's lattice. Computed on first use: the plain exact repair never
  // reads it (one float per edge, 71 MB on the full lattice). Not to be called from two threads
  // at once.
  std::span<const float> edge_dm() const;

 private:
  std::unique_ptr<ScoredLattice> scored_;
  RepairProblem problem_;
  PieceWeights pieces_;
  mutable std::optional<std::vector<float>> dm_;
};

}  // namespace egkb
