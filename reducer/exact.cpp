#include "reducer/exact.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <limits>

#include "base/errors.h"
#include "lattice/fixed_ranks.h"
#include "lattice/linked_groups.h"
#include "lattice/links.h"
#include "lattice/material.h"
#include "prose/contradiction_text.h"
#include "reducer/layered_solver.h"
#include "reducer/repair_contract.h"
#include "reducer/settled.h"
#include "reducer/threshold_solver.h"

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

// Each node's mirror image rank in `ranks`: the relaxation's optima come in mirrored pairs.
std::vector<Rank> mirrored(const Lattice& lat, std::span<const Rank> ranks) {
  std::vector<Rank> image(ranks.size());
  for (NodeId u = 0; u < lat.size(); ++u) image[u] = mirror(ranks[lat.mirror(u)]);
  return image;
}

// The middle of each node's range, a half rounded toward 4: optimal when the costs are convex,
// and mirror-symmetric since the range of a node's mirror is its own, mirrored.
std::vector<Rank> middle(std::span<const Rank> low, std::span<const Rank> high) {
  std::vector<Rank> ranks(low.size());
  for (std::size_t u = 0; u < low.size(); ++u) {
    const int twice_middle = value(low[u]) + value(high[u]);
    const int toward_balance = twice_middle > kMaxRank ? twice_middle - 1 : twice_middle + 1;
    ranks[u] = Rank(twice_middle % 2 == 0 ? twice_middle / 2 : toward_balance / 2);
  }
  return ranks;
}

// The relaxation's value of an assignment in cost units: every free node's steps up to its rank
// and, in soft mode, every edge's penalty for each rank it is broken by.
Capacity relaxed_value(const RepairProblem& p, const RepairCosts& costs, const ExactOptions& o,
                       std::span<const float> edge_dm, std::span<const Rank> ranks) {
  Capacity value = costs.relaxed_value(ranks);
  if (!o.soft) return value;
  const Lattice& lat = *p.lattice;
  const Links links(lat);
  for (NodeId u = 0; u < lat.size(); ++u) {
    links.for_each_more(u, [&](NodeId v, Link, EdgeIndex e) {
      const int broken = rule_excess(ranks[u], ranks[v], lat.out_labels()[e].side());
      if (broken > 0) value += broken * scaled(o.lambda * edge_dm[e]);
    });
  }
  return value;
}

// The lower convex envelope of a node's cost over its range [low, high], as steps; outside the
// range the node may not go.
Steps hull_within(const Steps& steps, int low, int high) {
  std::array<double, kMaxRank + 1> cost{};
  for (int r = 1; r <= kMaxRank; ++r) cost[r] = cost[r - 1] + static_cast<double>(steps[r - 1]);
  Steps hull;
  for (int t = 1; t <= kMaxRank; ++t) hull[t - 1] = t <= low ? -kInfinity : kInfinity;
  // The envelope's slope from each point is the least slope to any later point of the range.
  for (int r = low; r < high;) {
    int next = r + 1;
    double slope = cost[next] - cost[r];
    for (int s = r + 2; s <= high; ++s) {
      const double to_s = (cost[s] - cost[r]) / (s - r);
      if (to_s <= slope) {
        slope = to_s;
        next = s;
      }
    }
    for (int t = r + 1; t <= next; ++t) hull[t - 1] = static_cast<Capacity>(std::llround(slope));
    r = next;
  }
  return hull;
}

class CertifiedSolver {
 public:
  CertifiedSolver(const RepairProblem& p, const CostModel& m, const ExactOptions& o,
                  std::span<const float> dm)
      : p_(p), lat_(*p.lattice), model_(m), costs_(p, m), o_(o), dm_(dm) {}

  std::optional<CertifiedRepair> solve() {
    CertifiedRepair repair;
    if (costs_.convex()) {
      auto high = highest_optimal_ranks(p_, costs_, o_, dm_);
      if (!high) return std::nullopt;
      repair.low = mirrored(lat_, *high);
      repair.high = std::move(*high);
    } else {
      std::vector<NodeId> free_nodes;
      if (costs_.data_is_cheapest()) {
        free_nodes = conflicted_free_nodes(p_);
      } else {
        for (NodeId u = 0; u < lat_.size(); ++u) {
          if (!p_.fixed[u]) free_nodes.push_back(u);
        }
      }
      auto range = layered_optimal_ranks(p_, costs_, o_, dm_, free_nodes, p_.ranks);
      if (!range) return std::nullopt;
      repair.low = std::move(range->low);
      repair.high = std::move(range->high);
    }
    Capacity bound = value_of(repair.low);
    Certificate& c = repair.certificate;
    std::size_t open_nodes = 0;
    for (NodeId u = 0; u < lat_.size(); ++u) {
      if (repair.low[u] == repair.high[u]) continue;
      ++open_nodes;
      c.open_pairs += lat_.mirror(u) >= u;  // a material that is its own mirror is a pair alone
    }
    std::vector<Rank> best = middle(repair.low, repair.high);
    if (!costs_.convex() && open_nodes > 0) {
      best = complete(repair.low, repair.high);
      if (value_of(best) > bound) bound += probe(repair.low, repair.high, best, c.probes);
    }
    const Capacity reached = value_of(best);
    // Probing may settle a pair outside the relaxation's first range: the range holds the repair.
    for (NodeId u = 0; u < lat_.size(); ++u) {
      repair.low[u] = std::min(repair.low[u], best[u]);
      repair.high[u] = std::max(repair.high[u], best[u]);
    }
    repair.ranks = std::move(best);
    c.objective = costs_.objective(repair.ranks);
    c.optimal = reached == bound;
    // Both values count every pair twice.
    c.bound = c.objective - static_cast<double>(reached - bound) / (2 * kCostScale);
    return repair;
  }

 private:
  Capacity value_of(std::span<const Rank> ranks) const {
    return relaxed_value(p_, costs_, o_, dm_, ranks);
  }

  // Sum over `nodes` of their steps up to their rank, and in soft mode the penalties of the
  // edges that touch them: the part of relaxed_value() that depends on them alone, when no
  // edge joins them to another node that changes.
  Capacity value_in(std::span<const Rank> ranks, std::span<const NodeId> nodes,
                    std::span<const uint8_t> in_nodes) const {
    Capacity sum = 0;
    for (NodeId x : nodes) {
      for (int t = 1; t <= value(ranks[x]); ++t) sum += costs_.step(x, t);
    }
    if (!o_.soft) return sum;
    const Links links(lat_);
    const auto penalty = [&](NodeId fewer, NodeId more, EdgeIndex e) {
      const int broken = rule_excess(ranks[fewer], ranks[more], lat_.out_labels()[e].side());
      return broken > 0 ? broken * scaled(o_.lambda * dm_[e]) : 0;
    };
    for (NodeId x : nodes) {
      links.for_each_link(x, [&](NodeId y, Link link, EdgeIndex e) {
        if (link == Link::More) sum += penalty(x, y, e);
        if (link == Link::Fewer && !in_nodes[y]) sum += penalty(y, x, e);
      });
    }
    return sum;
  }

  // The groups of open nodes (a range of more than one rank) joined by lattice edges and mirror
  // links: each is closed under the mirror, and no edge joins two of them.
  LinkedGroups open_groups(std::span<const Rank> low, std::span<const Rank> high) const {
    std::vector<uint8_t> open(lat_.size());
    for (NodeId u = 0; u < lat_.size(); ++u) open[u] = low[u] != high[u];
    return LinkedGroups(lat_, open, GroupLinks::PieceEdgesAndMirror);
  }

  // Probing, group by group while the gap stays open: a best-first branch and bound whose
  // branches fix the widest open pair of a relaxed optimum to each value of its range. Each
  // branch's relaxation is solved again on the group (a lower bound on every repair within the
  // branch) and completed (a repair); a branch whose bound reaches the best repair is closed.
  // Within ExactOptions::most_probes branches per group the least bound of the branches left open
  // is a lower bound on the group's optimum, so the bound rises by what it adds over the group's
  // first relaxed value: returned, in cost units. `probes` counts the branches solved.
  Capacity probe(std::span<const Rank> low, std::span<const Rank> high, std::vector<Rank>& best,
                 std::size_t& probes) const {
    struct Branch {
      Capacity relaxed;
      std::vector<Rank> low, high;
      std::vector<NodeId> held;  // the pairs this branch fixed, one node of each
    };
    const auto later = [](const Branch& a, const Branch& b) { return a.relaxed > b.relaxed; };
    Capacity raised = 0;
    std::vector<uint8_t> in_group(lat_.size(), 0);
    const LinkedGroups groups = open_groups(low, high);
    for (uint32_t g = 0; g < groups.count(); ++g) {
      const std::span<const NodeId> group = groups.members(g);
      for (NodeId u : group) in_group[u] = 1;
      const Capacity first_bound = value_in(low, group, in_group);
      Capacity reached = value_in(best, group, in_group);
      std::vector<Branch> open;  // a heap, the least relaxed value first
      open.push_back({first_bound, {low.begin(), low.end()}, {high.begin(), high.end()}, {}});
      std::size_t solved = 0;
      while (!open.empty() && open.front().relaxed < reached && solved < o_.most_probes) {
        std::pop_heap(open.begin(), open.end(), later);
        Branch branch = std::move(open.back());
        open.pop_back();
        NodeId widest = kNoNode;
        for (NodeId u : group) {
          if (branch.low[u] == branch.high[u]) continue;
          if (widest == kNoNode || value(branch.high[u]) - value(branch.low[u]) >
                                       value(branch.high[widest]) - value(branch.low[widest]))
            widest = u;
        }
        if (widest == kNoNode) continue;  // its relaxed optimum is mirror-symmetric: solved
        const NodeId m = lat_.mirror(widest);
        std::vector<uint8_t> held(lat_.size(), 0);
        for (NodeId u : branch.held) held[u] = held[lat_.mirror(u)] = 1;
        held[widest] = held[m] = 1;
        std::vector<NodeId> free_nodes;
        for (NodeId u : group) {
          if (!held[u]) free_nodes.push_back(u);
        }
        // A material that is its own mirror may only be balanced.
        const bool self = m == widest;
        const int first = self ? value(kBalancedRank) : value(branch.low[widest]);
        const int last = self ? value(kBalancedRank) : value(branch.high[widest]);
        for (int v = first; v <= last; ++v) {
          ++solved;
          // Outside the group the best repair (mirror-symmetric, the same in every branch),
          // inside it the pairs the branch holds.
          std::vector<Rank> settled = best;
          for (NodeId u : branch.held) {
            settled[u] = branch.low[u];
            settled[lat_.mirror(u)] = branch.low[lat_.mirror(u)];
          }
          settled[widest] = Rank(v);
          settled[m] = mirror(Rank(v));
          auto range = layered_optimal_ranks(p_, costs_, o_, dm_, free_nodes, settled);
          if (!range) continue;
          Branch child{value_in(range->low, group, in_group), std::move(range->low),
                       std::move(range->high), branch.held};
          child.held.push_back(widest);
          if (child.relaxed >= reached) continue;
          std::vector<Rank> ranks = complete(child.low, child.high);
          if (const Capacity completed = value_in(ranks, group, in_group); completed < reached) {
            best = std::move(ranks);
            reached = completed;
          }
          if (child.relaxed < reached) {
            open.push_back(std::move(child));
            std::push_heap(open.begin(), open.end(), later);
          }
        }
      }
      probes += solved;
      const Capacity bound = open.empty() ? reached : std::min(reached, open.front().relaxed);
      raised += bound - first_bound;
      for (NodeId u : group) in_group[u] = 0;
    }
    return raised;
  }

  // The open pairs given the convex hull of their cost within their range, the settled ones
  // held, and cut again: a convex problem, whose middle is mirror-symmetric.
  std::vector<Rank> complete(std::span<const Rank> low, std::span<const Rank> high) const {
    RepairProblem held = p_;
    RepairCosts hull(p_, model_);
    for (NodeId u = 0; u < lat_.size(); ++u) {
      if (held.fixed[u]) continue;
      if (low[u] == high[u]) {
        held.fixed[u] = 1;
        held.ranks[u] = low[u];
      } else {
        hull.set_steps(u, hull_within(costs_.steps(u), value(low[u]), value(high[u])));
      }
    }
    auto completed = highest_optimal_ranks(held, hull, o_, dm_);
    // The settled pairs are an optimum's own values, so a consistent completion exists.
    if (!completed) throw std::logic_error("the completion of a relaxed optimum found no cut");
    return middle(mirrored(lat_, *completed), *completed);
  }

  const RepairProblem& p_;
  const Lattice& lat_;
  const CostModel& model_;
  RepairCosts costs_;
  ExactOptions o_;
  std::span<const float> dm_;
};

}  // namespace

std::optional<CertifiedRepair> solve_certified(const RepairProblem& problem, const CostModel& model,
                                               const ExactOptions& options,
                                               std::span<const float> edge_dm) {
  assert(problem.is_ok());
  assert(std::all_of(model.pulls.begin(), model.pulls.end(), [&](const Pull& pull) {
    return pull.ranks.size() == problem.lattice->size();
  }));
  assert(!options.soft || edge_dm.size() == problem.lattice->edge_count());
  check_capacities(problem, model, options, edge_dm);
  auto repair = CertifiedSolver(problem, model, options, edge_dm).solve();
  assert(!repair ||
         (repair_is_ok(problem, repair->ranks, {.in_step = true, .consistent = !options.soft}) &&
          range_is_ok(problem, repair->low, repair->high, {.consistent = !options.soft},
                      repair->ranks)));
  return repair;
}

std::optional<std::vector<Rank>> solve_exact(const RepairProblem& problem,
                                             const ExactOptions& options,
                                             std::span<const float> edge_dm) {
  auto repair = solve_certified(problem, {}, options, edge_dm);
  if (!repair) return std::nullopt;
  return std::move(repair->ranks);
}

Reduction reduce_exact(const RepairProblem& problem, const CostModel& model,
                       const ExactOptions& options, std::span<const float> edge_dm) {
  auto repair = solve_certified(problem, model, options, edge_dm);
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
