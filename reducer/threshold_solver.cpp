#include "reducer/threshold_solver.h"

#include <atomic>
#include <cassert>
#include <future>
#include <thread>

#include "base/interrupt.h"
#include "lattice/fixed_ranks.h"
#include "reducer/part_arcs.h"
#include "reducer/repair_contract.h"
#include "reducer/settled.h"

namespace egkb {

namespace {

// Parts smaller than this are solved on the core that split them: a thread costs more.
constexpr std::size_t kParallelPart = 4096;

class ThresholdSolver {
 public:
  ThresholdSolver(const RepairProblem& p, const RepairCosts& costs, const ExactOptions& o,
                  std::span<const float> dm, Optimum which, CutSpaces& spaces)
      : lat_(*p.lattice),
        arcs_(p, costs, o.soft, o.lambda, dm),
        which_(which),
        spaces_(spaces),
        rank_(lat_.size()),
        spare_threads_(static_cast<int>(o.threads > 0
                                            ? o.threads
                                            : std::max(1u, std::thread::hardware_concurrency())) -
                       1) {}

  // Every node outside `variables` keeps its rank in `settled`.
  std::optional<std::vector<Rank>> solve(std::span<const NodeId> variables,
                                         std::span<const Rank> settled) {
    for (NodeId u = 0; u < lat_.size(); ++u) rank_[u].store(value(settled[u]));
    {
      const CutSpaces::Lease work = spaces_.take(lat_.size());
      if (!refine({variables.begin(), variables.end()}, 0, kMaxRank, *work)) return std::nullopt;
    }
    std::vector<Rank> ranks(lat_.size());
    for (NodeId u = 0; u < lat_.size(); ++u) ranks[u] = Rank(rank_[u].load());
    return ranks;
  }

 private:
  // Splits `part` (all with ranks in [lo, hi]) until every node's rank is known, in this
  // thread's space.
  bool refine(const std::vector<NodeId>& part, int lo, int hi, CutSpace& work) {
    if (part.empty()) return true;
    // A safe point between cuts; thrown in the other thread, the future carries it here.
    stop_if_interrupted();
    if (lo == hi) {
      for (NodeId u : part) rank_[u].store(lo, std::memory_order_relaxed);
      return true;
    }
    const int t = (lo + hi + 1) / 2;
    auto split = cut(part, t, work);
    if (!split) return false;
    const std::vector<NodeId>& above = split->first;
    const std::vector<NodeId>& below = split->second;
    for (NodeId u : above) rank_[u].store(t, std::memory_order_relaxed);
    for (NodeId u : below) rank_[u].store(lo, std::memory_order_relaxed);
    // A node's neighbours in the other half are settled on its side of t, whatever the other
    // half decides later, so an idle core may take one half.
    if (std::min(above.size(), below.size()) >= kParallelPart && claim_thread()) {
      auto upper = std::async(std::launch::async, [&] {
        const ReleaseThread release{spare_threads_};
        const CutSpaces::Lease own = spaces_.take(lat_.size());
        return refine(above, t, hi, *own);
      });
      const bool lower = refine(below, lo, t - 1, work);
      return upper.get() && lower;
    }
    return refine(above, t, hi, work) && refine(below, lo, t - 1, work);
  }

  bool claim_thread() {
    int spare = spare_threads_.load();
    while (spare > 0 && !spare_threads_.compare_exchange_weak(spare, spare - 1)) {
    }
    return spare > 0;
  }

  struct ReleaseThread {
    std::atomic<int>& spare;
    ~ReleaseThread() { spare.fetch_add(1); }
  };

  // The part's nodes at or above threshold t (the maximal minimum cut, or the minimal) and those
  // below.
  std::optional<std::pair<std::vector<NodeId>, std::vector<NodeId>>> cut(
      const std::vector<NodeId>& part, int t, CutSpace& work) {
    const auto n = static_cast<uint32_t>(part.size());
    std::vector<uint32_t>& local = work.local;
    for (uint32_t i = 0; i < n; ++i) local[part[i]] = i;
    // A node outside the part is fixed, or settled on one side of every threshold still open.
    const auto above = [&](NodeId z, int at) {
      return rank_[z].load(std::memory_order_relaxed) >= at;
    };
    const auto inside = [&](NodeId z) { return local[z] != kNotInPart; };
    CutNetwork& net = work.net;
    net.reset(n);
    const std::span<Capacity> unary = work.unary.take(n);
    bool impossible = false;
    for (uint32_t i = 0; i < n; ++i) {
      unary[i] = arcs_.unary(part[i], t, inside, above, impossible);
      net.count(net.source(), i, -unary[i]);
      net.count(i, net.sink(), unary[i]);
    }
    arcs_.for_each_inner_arc(
        part, local, [&](uint32_t from, uint32_t to, Capacity c) { net.count(from, to, c); });
    net.lay_out();
    arcs_.for_each_inner_arc(part, local,
                             [&](uint32_t from, uint32_t to, Capacity c) { net.add(from, to, c); });
    for (uint32_t i = 0; i < n; ++i) {
      net.add(net.source(), i, -unary[i]);
      net.add(i, net.sink(), unary[i]);
    }
    for (NodeId u : part) local[u] = kNotInPart;
    if (impossible) return std::nullopt;
    const bool highest = which_ == Optimum::Highest;
    auto sides = net.solve(highest ? CutNetwork::Wanted::Maximal : CutNetwork::Wanted::Minimal);
    if (!sides) return std::nullopt;
    const std::vector<uint8_t>& source_side = highest ? sides->maximal : sides->minimal;
    std::pair<std::vector<NodeId>, std::vector<NodeId>> split;
    for (uint32_t i = 0; i < n; ++i)
      (source_side[i] ? split.first : split.second).push_back(part[i]);
    return split;
  }

  const Lattice& lat_;
  PartArcs arcs_;
  Optimum which_;
  CutSpaces& spaces_;
  // Each node's rank so far: the lowest its part may take, then its own once settled. Read by
  // both cores: a half reads the other's borders.
  std::vector<std::atomic<int>> rank_;
  std::atomic<int> spare_threads_;
};

}  // namespace

std::optional<std::vector<Rank>> highest_optimal_ranks(const RepairProblem& problem,
                                                       const RepairCosts& costs,
                                                       const ExactOptions& options,
                                                       std::span<const float> edge_dm,
                                                       CutSpaces& spaces) {
  assert(problem.is_ok());
  assert(!options.soft || edge_dm.size() == problem.lattice->edge_count());
  const Lattice& lat = *problem.lattice;
  if (!options.soft && !fixed_contradictions(lat, problem.fixed, problem.ranks, 1).empty())
    return std::nullopt;
  // Fixed nodes, and the free nodes left at their data rank, keep it.
  std::vector<NodeId> variables;
  if (costs.data_is_cheapest()) {
    variables = conflicted_free_nodes(problem);
  } else {
    for (NodeId u = 0; u < lat.size(); ++u) {
      if (!problem.fixed[u]) variables.push_back(u);
    }
  }
  auto ranks = ThresholdSolver(problem, costs, options, edge_dm, Optimum::Highest, spaces)
                   .solve(variables, problem.ranks);
  // The relaxation drops the mirror equality, so its optimum keeps every edge but not the pairs.
  assert(!ranks || repair_is_ok(problem, *ranks, {.consistent = !options.soft}));
  return ranks;
}

std::optional<std::vector<Rank>> optimal_ranks_of(
    const RepairProblem& problem, const RepairCosts& costs, const ExactOptions& options,
    std::span<const float> edge_dm, std::span<const NodeId> variables,
    std::span<const Rank> settled, Optimum which, CutSpaces& spaces) {
  assert(problem.is_ok(Check::Fast) && settled.size() == problem.lattice->size());
  assert(free_nodes_ok(problem, variables));
  return ThresholdSolver(problem, costs, options, edge_dm, which, spaces).solve(variables, settled);
}

}  // namespace egkb
