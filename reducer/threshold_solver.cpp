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

// What one core needs for its cuts, kept from cut to cut: a node's index in the part being cut
// (kNotInPart between cuts), the network, and the nodes' unary terms.
struct Workspace {
  explicit Workspace(std::size_t nodes) : local(nodes, kNotInPart) {}
  std::vector<uint32_t> local;
  CutNetwork net;
  ScratchArray<Capacity> unary;
};

class ThresholdSolver {
 public:
  ThresholdSolver(const RepairProblem& p, const RepairCosts& costs, const ExactOptions& o,
                  std::span<const float> dm)
      : p_(p),
        lat_(*p.lattice),
        costs_(costs),
        arcs_(p, costs, o.soft, o.lambda, dm),
        soft_(o.soft),
        high_(lat_.size()),
        spare_threads_(static_cast<int>(o.threads > 0
                                            ? o.threads
                                            : std::max(1u, std::thread::hardware_concurrency())) -
                       1) {}

  std::optional<std::vector<Rank>> solve() {
    if (!soft_ && !fixed_contradictions(lat_, p_.fixed, p_.ranks, 1).empty()) return std::nullopt;
    // Fixed nodes, and the free nodes left at their data rank, keep it.
    for (NodeId u = 0; u < lat_.size(); ++u) high_[u].store(value(p_.ranks[u]));
    std::vector<NodeId> variables;
    if (costs_.data_is_cheapest()) {
      variables = conflicted_free_nodes(p_);
    } else {
      for (NodeId u = 0; u < lat_.size(); ++u) {
        if (!p_.fixed[u]) variables.push_back(u);
      }
    }
    Workspace work(lat_.size());
    if (!refine(variables, 0, kMaxRank, work)) return std::nullopt;
    std::vector<Rank> ranks(lat_.size());
    for (NodeId u = 0; u < lat_.size(); ++u) ranks[u] = Rank(high_[u].load());
    return ranks;
  }

 private:
  // Splits `part` (all with ranks in [lo, hi]) until every node's rank is known, in this
  // thread's workspace.
  bool refine(const std::vector<NodeId>& part, int lo, int hi, Workspace& work) {
    if (part.empty()) return true;
    // A safe point between cuts; thrown in the other thread, the future carries it here.
    stop_if_interrupted();
    if (lo == hi) {
      for (NodeId u : part) high_[u].store(lo, std::memory_order_relaxed);
      return true;
    }
    const int t = (lo + hi + 1) / 2;
    auto split = cut(part, t, work);
    if (!split) return false;
    const std::vector<NodeId>& above = split->first;
    const std::vector<NodeId>& below = split->second;
    for (NodeId u : above) high_[u].store(t, std::memory_order_relaxed);
    for (NodeId u : below) high_[u].store(lo, std::memory_order_relaxed);
    // A node's neighbours in the other half are settled on its side of t, whatever the other
    // half decides later, so an idle core may take one half.
    if (std::min(above.size(), below.size()) >= kParallelPart && claim_thread()) {
      auto upper = std::async(std::launch::async, [&] {
        const ReleaseThread release{spare_threads_};
        Workspace own(lat_.size());
        return refine(above, t, hi, own);
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

  // The part's nodes at or above threshold t (the maximal minimum cut) and those below.
  std::optional<std::pair<std::vector<NodeId>, std::vector<NodeId>>> cut(
      const std::vector<NodeId>& part, int t, Workspace& work) {
    const auto n = static_cast<uint32_t>(part.size());
    std::vector<uint32_t>& local = work.local;
    for (uint32_t i = 0; i < n; ++i) local[part[i]] = i;
    // A node outside the part is fixed, or settled on one side of every threshold still open.
    const auto above = [&](NodeId z, int at) {
      return high_[z].load(std::memory_order_relaxed) >= at;
    };
    CutNetwork& net = work.net;
    net.reset(n);
    const std::span<Capacity> unary = work.unary.take(n);
    bool impossible = false;
    for (uint32_t i = 0; i < n; ++i) {
      unary[i] = arcs_.unary(part[i], t, local, above, impossible);
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
    auto sides = net.solve(CutNetwork::Wanted::Maximal);
    if (!sides) return std::nullopt;
    std::pair<std::vector<NodeId>, std::vector<NodeId>> split;
    for (uint32_t i = 0; i < n; ++i)
      (sides->maximal[i] ? split.first : split.second).push_back(part[i]);
    return split;
  }

  const RepairProblem& p_;
  const Lattice& lat_;
  const RepairCosts& costs_;
  PartArcs arcs_;
  bool soft_;
  // Each node's rank so far: the lowest its part may take, then its own once settled. Read by
  // both cores: a half reads the other's borders.
  std::vector<std::atomic<int>> high_;
  std::atomic<int> spare_threads_;
};

}  // namespace

std::optional<std::vector<Rank>> highest_optimal_ranks(const RepairProblem& problem,
                                                       const RepairCosts& costs,
                                                       const ExactOptions& options,
                                                       std::span<const float> edge_dm) {
  assert(problem.is_ok());
  assert(!options.soft || edge_dm.size() == problem.lattice->edge_count());
  auto ranks = ThresholdSolver(problem, costs, options, edge_dm).solve();
  // The relaxation drops the mirror equality, so its optimum keeps every edge but not the pairs.
  assert(!ranks || repair_is_ok(problem, *ranks, {.consistent = !options.soft}));
  return ranks;
}

}  // namespace egkb
