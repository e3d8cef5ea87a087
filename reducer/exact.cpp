#include "reducer/exact.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <boost/graph/boykov_kolmogorov_max_flow.hpp>
#include <boost/graph/compressed_sparse_row_graph.hpp>
#include <boost/property_map/function_property_map.hpp>
#include <cmath>
#include <future>
#include <iterator>
#include <numeric>
#include <optional>
#include <thread>

#include "lattice/conflicts.h"
#include "lattice/errors.h"
#include "lattice/fixed_ranks.h"
#include "lattice/material.h"

namespace egkb {

namespace {

using Capacity = int64_t;
constexpr Capacity kInfinity = Capacity{1} << 50;
// Weights are real numbers; capacities are integers in units of 1/1024.
constexpr double kScale = 1024;
constexpr uint32_t kNotInPart = UINT32_MAX;
// Parts smaller than this are solved on the core that split them: a thread costs more.
constexpr std::size_t kParallelPart = 4096;

Capacity scaled(double w) {
  return static_cast<Capacity>(std::llround(w * kScale));
}

// The arcs of a CSR layout as (tail, head) pairs in slot order, made one at a time for the
// graph's constructor instead of held in a list as large as the network.
class SlotPairs {
 public:
  using iterator_category = std::input_iterator_tag;
  using value_type = std::pair<uint32_t, uint32_t>;
  using difference_type = std::ptrdiff_t;
  using pointer = const value_type*;
  using reference = const value_type&;

  SlotPairs(std::span<const uint32_t> offset, std::span<const uint32_t> target, uint32_t slot)
      : offset_(offset), target_(target), slot_(slot) {
    settle();
  }
  reference operator*() const { return pair_; }
  pointer operator->() const { return &pair_; }
  SlotPairs& operator++() {
    ++slot_;
    settle();
    return *this;
  }
  bool operator==(const SlotPairs& other) const { return slot_ == other.slot_; }

 private:
  void settle() {
    if (slot_ >= target_.size()) return;
    while (offset_[pair_.first + 1] <= slot_) ++pair_.first;
    pair_.second = target_[slot_];
  }

  std::span<const uint32_t> offset_, target_;
  uint32_t slot_;
  value_type pair_{0, 0};
};

// One threshold's min-cut problem on a part of the nodes: vertex i < n is part node i, then
// the source and the sink. Every arc is counted first, then the slots are laid out and the
// arcs added; each arc takes a forward and a reverse slot.
class CutNetwork {
 public:
  using Graph =
      boost::compressed_sparse_row_graph<boost::directedS, boost::no_property, boost::no_property,
                                         boost::no_property, uint32_t, uint32_t>;

  explicit CutNetwork(uint32_t part_size) : n_(part_size), offset_(part_size + 3, 0) {}

  uint32_t source() const { return n_; }
  uint32_t sink() const { return n_ + 1; }

  void count(uint32_t from, uint32_t to, Capacity cap) {
    if (cap <= 0) return;
    ++offset_[from + 1];
    ++offset_[to + 1];
  }

  void lay_out() {
    std::partial_sum(offset_.begin(), offset_.end(), offset_.begin());
    const uint32_t slots = offset_.back();
    target_.resize(slots);
    reverse_.resize(slots);
    residual_.assign(slots, 0);
    next_.assign(offset_.begin(), offset_.end() - 1);
  }

  void add(uint32_t from, uint32_t to, Capacity cap) {
    if (cap <= 0) return;
    const uint32_t f = next_[from]++, r = next_[to]++;
    target_[f] = to;
    target_[r] = from;
    residual_[f] = cap;
    reverse_[f] = r;
    reverse_[r] = f;
  }

  // Solves the max-flow; returns which part nodes are on the source side of the maximal
  // minimum cut, or nullopt when every cut is infinite.
  std::optional<std::vector<uint8_t>> maximal_source_side() {
    next_ = {};
    const uint32_t vertices = n_ + 2;
    const auto slots = static_cast<uint32_t>(target_.size());
    const Graph g(boost::edges_are_sorted, SlotPairs(offset_, target_, 0),
                  SlotPairs(offset_, target_, slots), vertices, slots);
    target_ = {};  // the graph holds the heads now
    const std::vector<uint32_t>& head = g.m_forward.m_column;

    using Edge = Graph::edge_descriptor;
    const auto edge_ids = boost::get(boost::edge_index, g);
    const auto reverse_edge = boost::make_function_property_map<Edge>(
        [&](const Edge& e) { return Edge(head[e.idx], reverse_[e.idx]); });
    // The max-flow reads the capacities once, to start the residuals from them: one array
    // serves as both.
    const auto residual = boost::make_iterator_property_map(residual_.begin(), edge_ids);
    std::vector<Edge> predecessor(vertices);
    std::vector<boost::default_color_type> color(vertices);
    std::vector<Capacity> distance(vertices);
    const auto vertex_ids = boost::get(boost::vertex_index, g);
    const Capacity flow = boost::boykov_kolmogorov_max_flow(
        g, residual, residual, reverse_edge,
        boost::make_iterator_property_map(predecessor.begin(), vertex_ids),
        boost::make_iterator_property_map(color.begin(), vertex_ids),
        boost::make_iterator_property_map(distance.begin(), vertex_ids), vertex_ids, source(),
        sink());
    if (flow >= kInfinity) return std::nullopt;

    // The maximal source side is everything that cannot reach the sink in the residual graph.
    std::vector<uint8_t> reaches_sink(vertices, 0);
    std::vector<uint32_t> stack = {sink()};
    reaches_sink[sink()] = 1;
    while (!stack.empty()) {
      const uint32_t w = stack.back();
      stack.pop_back();
      for (uint32_t s = offset_[w]; s < offset_[w + 1]; ++s) {
        const uint32_t u = head[s];
        if (!reaches_sink[u] && residual_[reverse_[s]] > 0) {
          reaches_sink[u] = 1;
          stack.push_back(u);
        }
      }
    }
    std::vector<uint8_t> side(n_);
    for (uint32_t i = 0; i < n_; ++i) side[i] = !reaches_sink[i];
    return side;
  }

 private:
  uint32_t n_;
  std::vector<uint32_t> offset_;  // degrees until lay_out(), then where each vertex's slots begin
  std::vector<uint32_t> next_;    // the next free slot of each vertex while arcs are added
  std::vector<uint32_t> target_;
  std::vector<uint32_t> reverse_;
  std::vector<Capacity> residual_;  // the capacities until the max-flow runs
};

class ExactSolver {
 public:
  ExactSolver(const RepairProblem& p, const ExactOptions& o, std::span<const float> dm)
      : p_(p),
        lat_(*p.lattice),
        in_sources_(lat_.in_sources()),
        in_edge_ids_(lat_.in_edge_ids()),
        o_(o),
        dm_(dm),
        lo_(lat_.size()),
        spare_threads_(static_cast<int>(o.threads > 0
                                            ? o.threads
                                            : std::max(1u, std::thread::hardware_concurrency())) -
                       1) {}

  std::optional<std::vector<Rank>> solve() {
    if (!o_.soft && !fixed_contradictions(lat_, p_.fixed, p_.ranks, 1).empty()) return std::nullopt;
    std::vector<NodeId> variables;
    for (NodeId u = 0; u < lat_.size(); ++u) {
      if (!p_.fixed[u]) variables.push_back(u);
    }
    // A component with no conflict keeps its ranks: they cost nothing and any change costs its
    // weight, so they are the one optimum and need no cut (DESIGN.md section 3). Not with a
    // prior, which may draw a consistent node away from its data.
    if (o_.prior.empty()) variables = without_settled_components(variables);
    // The mirror constraint is left out of the cuts: each node carries its mirror's cost,
    // mirrored, so the problem is symmetric and its optimal set is closed under the mirror image.
    // lo_ ends as the highest optimal ranks; the lowest are their mirror image.
    std::vector<uint32_t> local(lat_.size(), kNotInPart);
    if (!refine(variables, 0, kMaxRank, local)) return std::nullopt;
    std::vector<Rank> ranks = p_.ranks;
    for (NodeId u = 0; u < lat_.size(); ++u) {
      if (p_.fixed[u]) continue;
      const int twice_middle = lo_[u].load() + (kMaxRank - lo_[lat_.mirror(u)].load());
      const int toward_balance = twice_middle > kMaxRank ? twice_middle - 1 : twice_middle + 1;
      ranks[u] = Rank(twice_middle % 2 == 0 ? twice_middle / 2 : toward_balance / 2);
    }
    return ranks;
  }

 private:
  // The free nodes of the components (joined by the lattice's edges and the mirror links between
  // free nodes) that hold a conflict; the others are settled at their data ranks in lo_.
  std::vector<NodeId> without_settled_components(const std::vector<NodeId>& variables) {
    std::vector<NodeId> parent(lat_.size());
    std::iota(parent.begin(), parent.end(), NodeId{0});
    auto root = [&](NodeId x) {
      while (parent[x] != x) x = parent[x] = parent[parent[x]];
      return x;
    };
    auto join = [&](NodeId a, NodeId b) { parent[root(a)] = root(b); };
    std::vector<uint8_t> conflicted(lat_.size(), 0);
    const auto out = lat_.out_offsets();
    const auto in = lat_.in_offsets();
    const auto rank = [&](NodeId x) { return p_.ranks[x]; };
    for (NodeId u : variables) {
      for (EdgeIndex e = out[u]; e < out[u + 1]; ++e) {
        const NodeId v = lat_.out_targets()[e];
        conflicted[u] |= edge_inconsistent(rank(u), rank(v), lat_.out_labels()[e].side());
        if (!p_.fixed[v]) join(u, v);
      }
      for (EdgeIndex k = in[u]; k < in[u + 1]; ++k) {
        const NodeId w = in_sources_[k];
        if (p_.fixed[w])
          conflicted[u] |=
              edge_inconsistent(rank(w), rank(u), lat_.out_labels()[in_edge_ids_[k]].side());
      }
      const NodeId m = lat_.mirror(u);
      if (m == kNoNode) continue;
      conflicted[u] |= mirror_inconsistent(rank(u), rank(m));
      if (!p_.fixed[m]) join(u, m);
    }
    for (NodeId u : variables) conflicted[root(u)] |= conflicted[u];
    std::vector<NodeId> open;
    for (NodeId u : variables) {
      if (conflicted[root(u)]) {
        open.push_back(u);
      } else {
        lo_[u].store(value(p_.ranks[u]));
      }
    }
    return open;
  }

  // Splits `part` (all with ranks in [lo, hi]) until every node's rank is known; `local` is
  // this thread's map from nodes to their index in a part, kNotInPart between cuts.
  bool refine(const std::vector<NodeId>& part, int lo, int hi, std::vector<uint32_t>& local) {
    if (part.empty() || lo == hi) return true;
    const int t = (lo + hi + 1) / 2;
    auto split = cut(part, t, local);
    if (!split) return false;
    const std::vector<NodeId>& above = split->first;
    const std::vector<NodeId>& below = split->second;
    for (NodeId u : above) lo_[u].store(t, std::memory_order_relaxed);
    // A node's neighbours in the other half are settled on its side of t, whatever the other
    // half decides later, so an idle core may take one half.
    if (std::min(above.size(), below.size()) >= kParallelPart && claim_thread()) {
      auto upper = std::async(std::launch::async, [&] {
        const ReleaseThread release{spare_threads_};
        std::vector<uint32_t> own(lat_.size(), kNotInPart);
        return refine(above, t, hi, own);
      });
      const bool lower = refine(below, lo, t - 1, local);
      return upper.get() && lower;
    }
    return refine(above, t, hi, local) && refine(below, lo, t - 1, local);
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

  // b_t of a node outside the part: known from its fixed rank or from its settled interval.
  bool known_above(NodeId z, int t) const {
    return p_.fixed[z] ? value(p_.ranks[z]) >= t : lo_[z].load(std::memory_order_relaxed) >= t;
  }

  Capacity edge_capacity(EdgeIndex e) const {
    return o_.soft ? scaled(o_.lambda * dm_[e]) : kInfinity;
  }

  // Calls f(from, to, capacity) for each lattice edge between two nodes of the part: the arc of
  // the cut network its order constraint becomes.
  template <typename F>
  void for_each_inner_arc(const std::vector<NodeId>& part, const std::vector<uint32_t>& local,
                          F&& f) const {
    const auto out = lat_.out_offsets();
    for (uint32_t i = 0; i < part.size(); ++i) {
      for (EdgeIndex e = out[part[i]]; e < out[part[i] + 1]; ++e) {
        const uint32_t j = local[lat_.out_targets()[e]];
        if (j == kNotInPart) continue;
        // Red piece added: the bigger material above t forces x above t; black: the reverse.
        if (lat_.out_labels()[e].side() == Side::Red) {
          f(j, i, edge_capacity(e));
        } else {
          f(i, j, edge_capacity(e));
        }
      }
    }
  }

  // The part's nodes at or above threshold t (the maximal minimum cut) and those below.
  std::optional<std::pair<std::vector<NodeId>, std::vector<NodeId>>> cut(
      const std::vector<NodeId>& part, int t, std::vector<uint32_t>& local) {
    const auto n = static_cast<uint32_t>(part.size());
    for (uint32_t i = 0; i < n; ++i) local[part[i]] = i;
    CutNetwork net(n);
    std::vector<Capacity> cost_above(n, 0), cost_below(n, 0);
    // An L1 term weight x |r - rank| costs `weight` more at r >= t than at t - 1 when
    // rank < t, and that much less otherwise.
    auto datum = [&](uint32_t i, int rank, double weight) {
      if (weight <= 0) return;
      (rank >= t ? cost_below : cost_above)[i] += scaled(weight);
    };
    // The prior's term lambda x |r - p| for a real p: its change from t - 1 to t is lambda x
    // (2 (t - p) - 1) clamped to [-1, 1].
    const double prior_weight = o_.prior.empty() ? 0 : o_.prior_weight;
    auto prior_term = [&](uint32_t i, double p) {
      const double change = prior_weight * std::clamp(2 * (t - p) - 1, -1.0, 1.0);
      (change > 0 ? cost_above : cost_below)[i] += scaled(std::abs(change));
    };
    for (uint32_t i = 0; i < n; ++i) {
      const NodeId x = part[i];
      const NodeId m = lat_.mirror(x);
      // Each node counts its own data and its mirror's, mirrored: the symmetric objective.
      datum(i, value(p_.ranks[x]), p_.weight[x]);
      datum(i, kMaxRank - value(p_.ranks[m]), p_.weight[m]);
      // Once per node, its mirror's being the mirror image: once per pair in the objective.
      if (prior_weight > 0) prior_term(i, o_.prior[x]);
      const auto out = lat_.out_offsets();
      for (EdgeIndex e = out[x]; e < out[x + 1]; ++e) {
        const NodeId v = lat_.out_targets()[e];
        if (local[v] != kNotInPart) continue;  // an arc of the network, below
        const bool red = lat_.out_labels()[e].side() == Side::Red;
        const Capacity c = edge_capacity(e);
        if (red && known_above(v, t)) {
          cost_below[i] += c;
        } else if (!red && !known_above(v, t)) {
          cost_above[i] += c;
        }
      }
      const auto in = lat_.in_offsets();
      for (EdgeIndex k = in[x]; k < in[x + 1]; ++k) {
        const NodeId u = in_sources_[k];
        if (local[u] != kNotInPart) continue;  // added from u's side
        const EdgeIndex e = in_edge_ids_[k];
        const bool red = lat_.out_labels()[e].side() == Side::Red;
        const Capacity c = edge_capacity(e);
        if (red && !known_above(u, t)) {
          cost_above[i] += c;
        } else if (!red && known_above(u, t)) {
          cost_below[i] += c;
        }
      }
    }
    bool forced_both_ways = false;
    for (uint32_t i = 0; i < n; ++i) {
      const Capacity a = std::min(cost_above[i], kInfinity), b = std::min(cost_below[i], kInfinity);
      forced_both_ways |= a == kInfinity && b == kInfinity;
      cost_below[i] = b - a;  // the source arc when positive, the sink arc when negative
      net.count(net.source(), i, cost_below[i]);
      net.count(i, net.sink(), -cost_below[i]);
    }
    for_each_inner_arc(part, local,
                       [&](uint32_t from, uint32_t to, Capacity c) { net.count(from, to, c); });
    net.lay_out();
    for_each_inner_arc(part, local,
                       [&](uint32_t from, uint32_t to, Capacity c) { net.add(from, to, c); });
    for (uint32_t i = 0; i < n; ++i) {
      net.add(net.source(), i, cost_below[i]);
      net.add(i, net.sink(), -cost_below[i]);
    }
    for (NodeId u : part) local[u] = kNotInPart;
    if (forced_both_ways) return std::nullopt;
    auto side = net.maximal_source_side();
    if (!side) return std::nullopt;
    std::pair<std::vector<NodeId>, std::vector<NodeId>> split;
    for (uint32_t i = 0; i < n; ++i) ((*side)[i] ? split.first : split.second).push_back(part[i]);
    return split;
  }

  const RepairProblem& p_;
  const Lattice& lat_;
  // The in-edge arrays, looked up once: the lattice fills them on first use.
  std::span<const NodeId> in_sources_;
  std::span<const EdgeIndex> in_edge_ids_;
  ExactOptions o_;
  std::span<const float> dm_;
  std::vector<std::atomic<int>> lo_;  // read by both cores: a half reads the other's borders
  std::atomic<int> spare_threads_;
};

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
void check_capacities(const RepairProblem& p, const ExactOptions& o,
                      std::span<const float> edge_dm) {
  double total = 0;
  for (double w : p.weight) total += 2 * w;
  if (!o.prior.empty()) total += 2 * o.prior_weight * static_cast<double>(o.prior.size());
  if (o.soft) {
    for (float dm : edge_dm) total += 2 * o.lambda * dm;
  }
  const double limit = static_cast<double>(kInfinity / 4) / kScale;
  if (!(total < limit)) {
    throw InputError("", 0, o.soft ? "weights and lambda" : "weights",
                     fmt::format("the weights{} sum to {:.3g}, more than the exact repair's "
                                 "integer capacities hold exactly ({:.3g}); scale them down",
                                 o.soft ? " and the soft penalties" : "", total, limit));
  }
}

}  // namespace

std::optional<std::vector<Rank>> solve_exact(const RepairProblem& problem,
                                             const ExactOptions& options,
                                             std::span<const float> edge_dm) {
  check_capacities(problem, options, edge_dm);
  return ExactSolver(problem, options, edge_dm).solve();
}

Reduction reduce_exact(const RepairProblem& problem, const ExactOptions& options,
                       std::span<const float> edge_dm) {
  auto ranks = solve_exact(problem, options, edge_dm);
  if (!ranks) report_contradiction(problem);
  Reduction r;
  r.ranks = std::move(*ranks);
  r.iterations = 1;
  return r;
}

}  // namespace egkb
