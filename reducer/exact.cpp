#include "reducer/exact.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>

#include "base/errors.h"
#include "lattice/fixed_ranks.h"
#include "lattice/material.h"
#include "prose/contradiction_text.h"
#include "reducer/certified_certificate.h"
#include "reducer/certified_completion.h"
#include "reducer/certified_middle.h"
#include "reducer/certified_probing.h"
#include "reducer/certified_relaxation.h"
#include "reducer/repair_contract.h"

namespace egkb {

namespace {

// Names two invariable nodes that no consistent assignment satisfies together.
[[noreturn]] void report_contradiction(const RepairProblem& p) {
  const Lattice& lat = *p.lattice;
  auto name = [&](NodeId u) {
    const std::string text = fmt::format(
        "{} (rank {}", format_material(lat.material(u), lat.pieces()), value(p.ranks[u]));
    if (!lat.implied(u)) return text + ")";
    return fmt::format("{}, the mirror of {})", text,
                       format_material(lat.material(lat.mirror(u)), lat.pieces()));
  };
  const auto found = fixed_contradictions(lat, p.fixed, p.ranks, 1);
  if (found.empty()) {
    throw std::logic_error("the exact repair found no cut although the fixed nodes agree");
  }
  const std::string why = explain(lat, found.front(), name);
  throw InputError("", 0, "invariable", "invariable nodes contradict each other: " + why);
}

// Every finite arc of one cut together must stay below kInfinity, or a finite cut would read as
// an infinite one; a node's data counts at most twice (its own and its mirror's), an edge too.
// A layered graph holds eight layers of them in one cut.
void check_capacities(const RepairProblem& p, const CostModel& m, const ExactOptions& o,
                      std::span<const float> edge_dm) {
  double total = 0;
  for (double w : p.weight) total += 2 * w * (1 + CostModel::kTieBreak);
  for (const Pull& pull : m.pulls)
    total += 2 * pull.weight * static_cast<double>(pull.ranks.size());
  if (o.soft) {
    for (float dm : edge_dm) total += 2 * o.lambda * dm;
  }
  if (m.shape != CostShape::L1) total *= kMaxRank;
  const double limit = static_cast<double>(kInfinity / 4) / kCostScale;
  if (!(total < limit)) {
    throw InputError("", 0, o.soft ? "weights and lambda" : "weights",
                     fmt::format("the weights{} sum to {:.3g}, more than the exact repair's "
                                 "integer capacities hold exactly ({:.3g}); scale them down",
                                 o.soft ? " and the soft penalties" : "", total, limit));
  }
}

}  // namespace

std::optional<CertifiedRepair> solve_certified(const RepairProblem& problem, const CostModel& model,
                                               const ExactOptions& options,
                                               std::span<const float> edge_dm, CutSpaces& spaces) {
  assert(problem.is_ok());
  assert(std::all_of(model.pulls.begin(), model.pulls.end(), [&](const Pull& pull) {
    return pull.ranks.size() == problem.lattice->size();
  }));
  assert(!options.soft || edge_dm.size() == problem.lattice->edge_count());
  check_capacities(problem, model, options, edge_dm);
  RepairCosts costs(problem, model);
  // Each step is read many times, and but for L1 without a pull it rounds reals; a table is 64
  // bytes a node, so not beyond the layered graph's bound (the full lattice's fitted repair).
  if ((!costs.convex() || !costs.data_is_cheapest()) &&
      problem.lattice->size() <= options.most_layered_nodes)
    costs.tabulate();
  const CertifiedInputs in{problem, costs, options, edge_dm, spaces};
  // 1. The relaxation: every node's range of optima, and at the lowest the bound.
  auto range = costs.convex() ? threshold_range(problem, costs, options, edge_dm, spaces)
                              : layered_range(in);
  if (!range) return std::nullopt;
  const Capacity bound = relaxed_value(in, range->low);
  Capacity raised = 0;
  std::size_t probes = 0;
  std::vector<Rank> ranks;
  if (costs.convex() || range->low == range->high) {
    // 2. The middle of every range, optimal for convex costs or a range of one repair.
    ranks = middle(range->low, range->high);
  } else {
    // 3. The completion, then 4. probing while its value is above the bound.
    ranks = complete(in, range->low, range->high);
    if (relaxed_value(in, ranks) > bound)
      raised = probe(in, range->low, range->high, ranks, probes);
  }
  // 5. The certificate.
  CertifiedRepair repair = certify(in, std::move(*range), std::move(ranks), bound + raised, probes);
  assert(
      repair_is_ok(problem, repair.ranks, {.in_step = true, .consistent = !options.soft}) &&
      range_is_ok(problem, repair.low, repair.high, {.consistent = !options.soft}, repair.ranks));
  return repair;
}

Reduction reduce_exact(const RepairProblem& problem, const CostModel& model,
                       const ExactOptions& options, std::span<const float> edge_dm) {
  CutSpaces spaces;
  auto repair = solve_certified(problem, model, options, edge_dm, spaces);
  if (!repair) report_contradiction(problem);
  Reduction r;
  r.ranks = std::move(repair->ranks);
  r.low = std::move(repair->low);
  r.high = std::move(repair->high);
  r.certificate = repair->certificate;
  r.iterations = 1;
  return r;
}

}  // namespace egkb
