#include "reducer/cost.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace egkb {

namespace {

constexpr uint32_t kNotReplaced = UINT32_MAX;

double shape_cost(CostShape shape, int distance) {
  switch (shape) {
    case CostShape::L1:
      return distance;
    case CostShape::Trunc2:
      return std::min(distance, 2);
    case CostShape::Trunc3:
      return std::min(distance, 3);
    case CostShape::L0:
      return distance != 0;
    case CostShape::Sqrt:
      return std::sqrt(static_cast<double>(distance));
  }
  return distance;
}

// The step t of a row's data term: data `rank` with `weight`, seen from the node.
Capacity data_step(CostShape shape, int rank, double weight, int t) {
  if (weight <= 0) return 0;
  // L1 exactly as one unit of weight per rank, so its repairs never depend on rounding.
  if (shape == CostShape::L1) return rank >= t ? -scaled(weight) : scaled(weight);
  const double change = shape_cost(shape, std::abs(t - rank)) -
                        shape_cost(shape, std::abs(t - 1 - rank)) +
                        CostModel::kTieBreak * (rank >= t ? -1 : 1);
  return static_cast<Capacity>(std::llround(weight * kCostScale * change));
}

// The step t of a pull's term weight x |r - p| for a real p.
Capacity pull_step(double weight, double p, int t) {
  const double change = weight * std::clamp(2 * (t - p) - 1, -1.0, 1.0);
  return change > 0 ? scaled(change) : -scaled(-change);
}

}  // namespace

Capacity scaled(double weight) {
  return static_cast<Capacity>(std::llround(weight * kCostScale));
}

std::vector<double> node_ranks(const Lattice& lattice, const KnowledgeBase& kb,
                               std::span<const double> row_ranks) {
  std::vector<double> ranks(lattice.size(), std::nan(""));
  if (row_ranks.empty()) return ranks;
  for (std::size_t i = 0; i < kb.rows.size(); ++i)
    ranks[*lattice.find(kb.rows[i].key)] = row_ranks[i];
  // A pull must be mirror-symmetric, as the costs are: a node without a rank takes its mirror's
  // mirrored, and a stored pair whose rows were given ranks out of step meets in the middle.
  for (NodeId u = 0; u < lattice.size(); ++u) {
    const NodeId m = lattice.mirror(u);
    if (m < u) continue;
    const double a = ranks[u], b = std::isnan(ranks[m]) ? std::nan("") : kMaxRank - ranks[m];
    const double r = std::isnan(a) ? b : std::isnan(b) ? a : (a + b) / 2;
    ranks[u] = r;
    ranks[m] = kMaxRank - r;
  }
  return ranks;
}

RepairCosts::RepairCosts(const RepairProblem& problem, const CostModel& model)
    : p_(problem),
      model_(model),
      convex_(model.shape == CostShape::L1),
      replaced_at_(problem.lattice->size(), kNotReplaced) {}

Capacity RepairCosts::step(NodeId x, int t) const {
  if (replaced_at_[x] != kNotReplaced) return replaced_[replaced_at_[x]][t - 1];
  if (!table_.empty()) return table_[x][t - 1];
  const NodeId m = p_.lattice->mirror(x);
  Capacity s = data_step(model_.shape, value(p_.ranks[x]), p_.weight[x], t) +
               data_step(model_.shape, value(mirror(p_.ranks[m])), p_.weight[m], t);
  // Once per node, its mirror's being the mirror image: once per pair in the objective.
  for (const Pull& pull : model_.pulls) {
    if (pull.weight > 0 && !std::isnan(pull.ranks[x]))
      s += pull_step(pull.weight, pull.ranks[x], t);
  }
  return s;
}

Steps RepairCosts::steps(NodeId x) const {
  Steps s;
  for (int t = 1; t <= kMaxRank; ++t) s[t - 1] = step(x, t);
  return s;
}

void RepairCosts::tabulate() {
  std::vector<Steps> table(p_.lattice->size());
  for (NodeId x = 0; x < table.size(); ++x) table[x] = steps(x);
  table_ = std::move(table);
}

void RepairCosts::set_steps(NodeId x, const Steps& steps) {
  if (replaced_at_[x] == kNotReplaced) {
    replaced_at_[x] = static_cast<uint32_t>(replaced_.size());
    replaced_.push_back(steps);
  } else {
    replaced_[replaced_at_[x]] = steps;
  }
  convex_ = convex_ && std::is_sorted(steps.begin(), steps.end());
}

Capacity RepairCosts::relaxed_value(std::span<const Rank> ranks) const {
  Capacity sum = 0;
  for (NodeId x = 0; x < ranks.size(); ++x) {
    if (p_.fixed[x]) continue;
    for (int t = 1; t <= value(ranks[x]); ++t) sum += step(x, t);
  }
  return sum;
}

double RepairCosts::own(NodeId x, int r) const {
  const double w = p_.weight[x];
  if (w <= 0) return 0;
  const int distance = std::abs(r - value(p_.ranks[x]));
  const double tie = model_.shape == CostShape::L1 ? 0 : CostModel::kTieBreak * distance;
  return w * (shape_cost(model_.shape, distance) + tie);
}

double RepairCosts::objective(std::span<const Rank> ranks) const {
  double sum = 0;
  for (NodeId x = 0; x < ranks.size(); ++x) {
    sum += own(x, value(ranks[x]));
    // Each node of a pair holds half of the pair's term.
    for (const Pull& pull : model_.pulls) {
      if (!std::isnan(pull.ranks[x])) {
        sum += pull.weight * std::abs(value(ranks[x]) - pull.ranks[x]) / 2;
      }
    }
  }
  return sum;
}

}  // namespace egkb
