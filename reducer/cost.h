// What a repair pays for each rank of each node (docs/design.md section 3, "One certified solver"):
// the node's data under a cost shape, a prior the repair is drawn toward, and (for the shapes
// that are not L1) a small L1 term that breaks ties. Each node also carries its mirror's costs,
// mirrored, c~x(r) = cx(r) + cm(x)(8 - r), so the problem without the mirror equality is
// symmetric (its optimal set closed under the mirror image) and a lower bound on the one with it.
//
// Costs are integers, in units of 1/kCostScale of a weight, held as the step from each rank to
// the next, c~x(t) - c~x(t - 1) for t = 1..8, computed per node on the fly: a table for the full
// lattice would take 150 MB. A node's cost is convex when its steps never decrease.
#pragma once

#include <array>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/name_table.h"
#include "reducer/cut_network.h"
#include "reducer/problem.h"

namespace egkb {

// Weights are real numbers; capacities count 1/1024 of a weight.
constexpr double kCostScale = 1024;
Capacity scaled(double weight);

// How a row's data costs a repair that moves it d ranks, times the row's weight: |d| (L1),
// min(|d|, 2), min(|d|, 3), [d != 0], sqrt |d|. Only L1 is convex.
enum class CostShape : uint8_t { L1, Trunc2, Trunc3, L0, Sqrt };

// --cost's names, the JSON's and the store's, each with the cost of a move of d ranks.
inline constexpr auto kCostShapeNames = name_table<CostShape>({
    {CostShape::L1, "l1", "|d|"},
    {CostShape::Trunc2, "trunc2", "min(|d|,2)"},
    {CostShape::Trunc3, "trunc3", "min(|d|,3)"},
    {CostShape::L0, "l0", "[d != 0]"},
    {CostShape::Sqrt, "sqrt"},
});
constexpr auto kCostShapes = kCostShapeNames.values();

constexpr std::optional<CostShape> cost_shape_named(std::string_view name) {
  return kCostShapeNames.named(name);
}
constexpr std::string_view cost_shape_name(CostShape shape) {
  return kCostShapeNames.name(shape);
}

// A rank per node the repair is drawn toward, `weight` per rank away from it, mirror-symmetric
// and so counted once per mirror pair; NaN where it holds no rank for a node.
struct Pull {
  std::vector<double> ranks;
  double weight = 0;
};

// Ranks given per row of `kb` (NaN: none) laid on its lattice's nodes, mirror-symmetric as a
// pull's ranks must be: a mirror without a rank takes the mirrored one, a stored pair given two
// that disagree meets in the middle.
std::vector<double> node_ranks(const Lattice& lattice, const KnowledgeBase& kb,
                               std::span<const double> row_ranks);

struct CostModel {
  CostShape shape = CostShape::L1;
  // What else the repair is drawn toward: a material prior fitted to the base
  // (reducer/material_prior.h), evidence from play (docs/design.md section 4b).
  std::vector<Pull> pulls;
  // Under a shape other than L1: each rank of change also costs this share of the row's weight,
  // so among repairs the shape prices alike the one closest in L1 wins.
  static constexpr double kTieBreak = 1.0 / 64;
};

using Steps = std::array<Capacity, kMaxRank>;  // c~(t) - c~(t - 1) for t = 1..8

class RepairCosts {
 public:
  // Holds `model` by reference: it must outlive the costs.
  RepairCosts(const RepairProblem& problem, const CostModel& model);

  // c~x(t) - c~x(t - 1), t in 1..8.
  Capacity step(NodeId x, int t) const;
  Steps steps(NodeId x) const;
  // Replaces node x's steps (the completion's convex hull within a node's range); reserve()
  // makes room for `nodes` of them at once.
  void set_steps(NodeId x, const Steps& steps);
  void reserve(std::size_t nodes) { replaced_.reserve(nodes); }
  // Computes every node's steps once, for a repair that reads them many times: the shapes other
  // than L1, and the pulls, cost a rounding of reals per step (64 bytes a node).
  void tabulate();

  // Whether every node's steps never decrease: threshold cuts then solve the problem one
  // threshold at a time. True for L1 with or without a prior.
  bool convex() const { return convex_; }
  // Whether every free node with data of its own or its mirror's costs least at its data rank
  // (nothing pulls, no replaced steps), so a component without a conflict keeps its data.
  bool data_is_cheapest() const { return model_.pulls.empty() && replaced_.empty(); }

  // Sum over nodes of c~x(r) - c~x(0): twice the objective of a mirror-symmetric assignment,
  // up to a constant, in cost units. What the gap is measured in.
  Capacity relaxed_value(std::span<const Rank> ranks) const;
  // The objective of a mirror-symmetric assignment in weight units: each stored row's shape
  // cost (and tie-break) plus each pull once per mirror pair.
  double objective(std::span<const Rank> ranks) const;

  const RepairProblem& problem() const { return p_; }
  const CostModel& model() const { return model_; }

 private:
  // One node's own data term at rank r, in weight units (the tie-break included).
  double own(NodeId x, int r) const;

  const RepairProblem& p_;
  const CostModel& model_;
  bool convex_ = true;
  std::vector<Steps> table_;           // every node's steps, when tabulated
  std::vector<uint32_t> replaced_at_;  // index into replaced_, or UINT32_MAX
  std::vector<Steps> replaced_;
};

}  // namespace egkb
