#include "reducer/greedy.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>

#include "lattice/links.h"
#include "reducer/exact.h"
#include "reducer/repair_contract.h"

namespace egkb {

namespace {

// How many ranks a link is broken by, from the node's rank `a` and the other end's `b`.
int violation(Link link, Side side, Rank a, Rank b) {
  if (link == Link::Mirror) return distance(a, mirror(b));
  return std::max(0, link == Link::More ? rule_excess(a, b, side) : rule_excess(b, a, side));
}

// The most links a node has: a piece edge per kind and side in each direction, and the mirror.
constexpr int kMaxLinks = 2 * 2 * kMaxKinds + 1;

// 2^L for a node with `bad` of `all` links inconsistent, 0 when consistent, as a table: the
// corrected score is asked for nine values of every touched node of every candidate.
class LevelWeights {
 public:
  LevelWeights() {
    for (int all = 1; all <= kMaxLinks; ++all) {
      for (int bad = 1; bad <= all; ++bad)
        table_[at(bad, all)] = static_cast<double>(1u << inconsistency_level(bad, all));
    }
  }

  double operator()(int bad, int all) const { return table_[at(bad, all)]; }

 private:
  static std::size_t at(int bad, int all) {
    return static_cast<std::size_t>(bad * (kMaxLinks + 1) + all);
  }

  std::array<double, (kMaxLinks + 1) * (kMaxLinks + 1)> table_{};
};

const LevelWeights& level_weights() {
  static const LevelWeights table;
  return table;
}

class Greedy {
 public:
  Greedy(const RepairProblem& problem, const GreedyOptions& options, std::span<const float> edge_dm,
         float mirror_dm)
      : p_(problem),
        lat_(*problem.lattice),
        links_(lat_),
        o_(options),
        dm_(edge_dm),
        mirror_dm_(mirror_dm),
        rank_(problem.ranks),
        bad_(lat_.size()),
        wbad_(lat_.size()),
        updated_(lat_.size()),
        settled_(lat_.size()),
        lower_(lat_.size()),
        upper_(lat_.size()),
        scratch_(lat_.size()) {}

  Reduction run() {
    Reduction result;
    ConflictCounter counter(lat_);
    recount();  // from here on apply() keeps every count exact
    for (int pass = 1; pass <= o_.max_iterations; ++pass) {
      if (std::all_of(bad_.begin(), bad_.end(), [](uint8_t b) { return b == 0; })) break;
      run_pass(result);
      result.iterations = pass;
      result.trace.push_back({pass, modified_, counter.count(rank_)});
      if (o_.on_iteration) o_.on_iteration(result.trace.back());
      if (modified_ == 0) break;
    }
    if (o_.finish_exactly && !result.trace.empty() &&
        result.trace.back().after.inconsistent_nodes > 0) {
      finish_exactly(result, counter);
    }
    result.ranks = rank_;
    return result;
  }

 private:
  // One iteration of Alg. 3.2: every inconsistent node once, worst first.
  void run_pass(Reduction& result) {
    std::fill(updated_.begin(), updated_.end(), 0);
    std::fill(settled_.begin(), settled_.end(), 0);
    std::fill(lower_.begin(), lower_.end(), Rank{0});
    std::fill(upper_.begin(), upper_.end(), Rank{kMaxRank});
    queue_.clear();
    for (NodeId u = 0; u < lat_.size(); ++u) {
      if (!p_.fixed[u] && bad_[u] > 0) queue_.push_back({priority(u), u});
    }
    std::make_heap(queue_.begin(), queue_.end());
    modified_ = 0;
    if (o_.diffusing) {
      for (NodeId u = 0; u < lat_.size(); ++u) {
        if (p_.fixed[u]) settle(u);
      }
      diffuse();
    }
    while (!queue_.empty()) {
      std::pop_heap(queue_.begin(), queue_.end());
      const Entry top = queue_.back();
      queue_.pop_back();
      const NodeId x = top.node;
      if (updated_[x] || p_.fixed[x] || bad_[x] == 0) continue;
      // Entries are pushed only when a priority rises (lazy deletion): a lower entry is
      // outdated by a newer one, a higher one goes back with the node's present priority.
      const double now = priority(x);
      if (top.priority < now) continue;
      if (top.priority > now) {
        push(x);
        continue;
      }
      choose_and_apply(x, result);
    }
  }

  struct Entry {
    double priority;
    NodeId node;
    bool operator<(const Entry& o) const {
      return priority != o.priority ? priority < o.priority : node > o.node;
    }
  };

  // Calls f(other, link, side, dm) for every link of x that counts as a neighbour: its piece
  // edges, and its mirror when the lattice links it (Lattice::mirror_linked).
  template <typename F>
  void for_each_neighbour(NodeId x, F&& f) const {
    links_.for_each_link(x, [&](NodeId y, Link link, EdgeIndex e) {
      if (link != Link::Mirror) {
        f(y, link, lat_.out_labels()[e].side(), dm_of(e));
      } else if (lat_.mirror_linked(x)) {
        f(y, link, Side::Red, mirror_dm_);
      }
    });
  }

  float dm_of(EdgeIndex e) const { return dm_.empty() ? 1.0f : dm_[e]; }

  void recount() {
    for (NodeId x = 0; x < lat_.size(); ++x) {
      int bad = 0;
      float w = 0;
      for_each_neighbour(x, [&](NodeId y, Link link, Side side, float dm) {
        const int v = violation(link, side, rank_[x], rank_[y]);
        bad += v > 0;
        w += dm * static_cast<float>(v);
      });
      bad_[x] = static_cast<uint8_t>(bad);
      wbad_[x] = w;
    }
  }

  double priority(NodeId x) const {
    switch (o_.ranking) {
      case Ranking::Percentage:
        return static_cast<double>(bad_[x]) / lat_.neighbour_count(x);
      case Ranking::Product:
        return static_cast<double>(bad_[x]) * lat_.neighbour_count(x);
      case Ranking::Weighted:
        return wbad_[x];
    }
    return 0;
  }

  void push(NodeId x) {
    if (p_.fixed[x] || updated_[x] || bad_[x] == 0) return;
    queue_.push_back({priority(x), x});
    std::push_heap(queue_.begin(), queue_.end());
  }

  // Index of a touched node in the scratch arrays, adding it on first sight.
  std::size_t touch(NodeId y) {
    Scratch& s = scratch_[y];
    if (s.stamp != stamp_now_) {
      s.stamp = stamp_now_;
      s.slot = static_cast<uint32_t>(touched_.size());
      touched_.push_back(y);
      dbad_.push_back({});
      dw_.push_back({});
    }
    return s.slot;
  }

  // Fills the scratch arrays with each value's change of every touched node's counts (x taking
  // the value, its mirror the mirrored one); `weighted` gets the change of total Dm x Ds.
  void measure(NodeId x, ByRank<double>& weighted) {
    measured_ = x;
    ++stamp_now_;
    touched_.clear();
    dbad_.clear();
    dw_.clear();
    weighted.fill(0);
    const NodeId m = lat_.mirror(x);
    const bool weigh = o_.ranking == Ranking::Weighted || o_.scoring == Scoring::Weighted;
    auto account = [&](NodeId from, bool from_is_x, NodeId y, Link link, Side side, float dm) {
      const int old_v = violation(link, side, rank_[from], rank_[y]);
      const std::size_t sf = touch(from), sy = touch(y);
      // The new violation as a function of x's value v: max(0, k v + c) for a piece link (its
      // sign from link and side, negated when the link hangs off the mirror); a mirror link
      // between x and its mirror always heals; x's own self-mirror link is |v - mirror(v)|.
      ByRank<int> new_v;
      if (link == Link::Mirror) {
        for (Rank v : kAllRanks) new_v[v] = y == x ? distance(v, mirror(v)) : 0;
      } else {
        const int sign = neighbour_at_most(link, side) ? -1 : 1;
        const int k = from_is_x ? sign : -sign;
        const int c = from_is_x ? -sign * value(rank_[y]) : sign * value(mirror(rank_[y]));
        for (Rank v : kAllRanks) new_v[v] = std::max(0, k * value(v) + c);
      }
      auto& bad_from = dbad_[sf];
      auto& bad_y = dbad_[sy];
      for (Rank v : kAllRanks) {
        const int d = (new_v[v] > 0) - (old_v > 0);
        bad_from[v] += d;
        if (y != from) bad_y[v] += d;
      }
      if (!weigh) return;
      for (Rank v : kAllRanks) {
        const float dw = dm * static_cast<float>(new_v[v] - old_v);
        dw_[sf][v] += dw;
        if (y != from) dw_[sy][v] += dw;
        weighted[v] += dw;
      }
    };
    for_each_neighbour(
        x, [&](NodeId y, Link link, Side side, float dm) { account(x, true, y, link, side, dm); });
    if (m != x) {
      for_each_neighbour(m, [&](NodeId y, Link link, Side side, float dm) {
        if (link != Link::Mirror) account(m, false, y, link, side, dm);
      });
    }
  }

  ByRank<double> objective_changes(NodeId x) {
    ByRank<double> weighted;
    measure(x, weighted);
    if (o_.scoring == Scoring::Weighted) return weighted;
    ByRank<double> change;
    const LevelWeights& weights = level_weights();
    for (std::size_t i = 0; i < touched_.size(); ++i) {
      const NodeId y = touched_[i];
      const int all = lat_.neighbour_count(y);
      const int now = bad_[y];
      for (Rank v : kAllRanks) {
        const int then = now + dbad_[i][v];
        change[v] += o_.scoring == Scoring::InconsistentNodes
                         ? static_cast<double>((then > 0) - (now > 0))
                         : weights(then, all) - weights(now, all);
      }
    }
    return change;
  }

  void choose_and_apply(NodeId x, Reduction& result) {
    const NodeId m = lat_.mirror(x);
    const ByRank<double> change = objective_changes(x);
    const Rank current = rank_[x];
    // A material that is its own mirror may only be balanced.
    const auto allowed = [&](Rank v) { return m != x || v == kBalancedRank; };
    double best = INFINITY;
    for (Rank v : kAllRanks) {
      if (allowed(v)) best = std::min(best, change[v]);
    }
    std::vector<Rank> best_values;
    for (Rank v : kAllRanks) {
      if (allowed(v) && change[v] <= best + 1e-6) best_values.push_back(v);
    }
    const bool keep =
        std::find(best_values.begin(), best_values.end(), current) != best_values.end();
    mark_updated(x);
    if (keep) {
      // The objective counted the mirror taking the mirrored value: an out-of-step pair is
      // brought in line even when x itself keeps its value.
      if (rank_[m] != mirror(current)) apply(x, current);
      return;
    }
    Rank chosen = best_values.front();
    if (best_values.size() > 1) {
      ++result.ties;
      if (o_.ties == Ties::Queue) {
        result.queued.push_back(x);
        return;
      }
      for (Rank v : best_values) {
        if (distance(v, current) < distance(chosen, current)) chosen = v;
      }
    }
    apply(x, chosen);
    if (o_.diffusing) {
      settle(x);
      diffuse();
    }
  }

  void mark_updated(NodeId x) {
    updated_[x] = 1;
    updated_[lat_.mirror(x)] = 1;
  }

  // Sets x (and its mirror) to `value`, updating the counts of every node touched.
  void apply(NodeId x, Rank to) {
    if (measured_ != x) {
      ByRank<double> weighted;
      measure(x, weighted);
    }
    measured_ = kNoNode;
    const NodeId m = lat_.mirror(x);
    modified_ += (rank_[x] != to) + (m != x && rank_[m] != mirror(to));
    rank_[x] = to;
    rank_[m] = mirror(to);
    for (std::size_t i = 0; i < touched_.size(); ++i) {
      const NodeId y = touched_[i];
      const double before = priority(y);
      bad_[y] = static_cast<uint8_t>(bad_[y] + dbad_[i][to]);
      wbad_[y] += dw_[i][to];
      if (priority(y) > before) push(y);
    }
  }

  // Marks x and its mirror settled and tightens their neighbours' bounds; neighbours that may
  // now have one value left go on the stack.
  void settle(NodeId x) {
    for (NodeId z : {x, lat_.mirror(x)}) {
      if (settled_[z]) continue;
      settled_[z] = 1;
      const Rank r = rank_[z];
      for_each_neighbour(z, [&](NodeId y, Link link, Side side, float) {
        if (link == Link::Mirror) return;
        // y's rank relative to z's: red piece to the larger, black piece to the larger.
        // Only a bound that moved can leave y (or its mirror) a single value; a self-mirror
        // node has one value, the balanced rank, whatever its bounds.
        const bool upper = neighbour_at_most(link, side);
        Rank& bound = upper ? upper_[y] : lower_[y];
        const bool moved = upper ? r < bound : r > bound;
        if (moved) bound = r;
        if ((moved || lat_.mirror(y) == y) && !p_.fixed[y] && !updated_[y]) stack_.push_back(y);
      });
    }
  }

  // Alg. 4.1: a node whose settled neighbours (its mirror's included) leave one consistent
  // value is set to it, settles, and diffuses in turn.
  void diffuse() {
    while (!stack_.empty()) {
      const NodeId y = stack_.back();
      stack_.pop_back();
      if (p_.fixed[y] || updated_[y]) continue;
      const NodeId m = lat_.mirror(y);
      const Rank lo = m == y ? kBalancedRank : std::max(lower_[y], mirror(upper_[m]));
      const Rank hi = m == y ? kBalancedRank : std::min(upper_[y], mirror(lower_[m]));
      if (lo != hi) continue;
      if (rank_[y] != lo || rank_[m] != mirror(lo)) apply(y, lo);
      mark_updated(y);
      settle(y);
    }
  }

  // Adds the link neighbours of the frontier (and their mirrors) to the region; returns them.
  std::vector<NodeId> grow(std::vector<uint8_t>& region,
                           const std::vector<NodeId>& frontier) const {
    std::vector<NodeId> next;
    for (NodeId u : frontier) {
      for_each_neighbour(u, [&](NodeId y, Link, Side, float) {
        for (NodeId v : {y, lat_.mirror(y)}) {
          if (!region[v]) {
            region[v] = 1;
            next.push_back(v);
          }
        }
      });
    }
    return next;
  }

  // Grows a mirror-closed region around the remaining inconsistent nodes one link step at a
  // time until the exact repair of the region, everything outside held, is feasible.
  void finish_exactly(Reduction& result, ConflictCounter& counter) {
    recount();
    std::vector<uint8_t> region(lat_.size());
    std::vector<NodeId> frontier;
    for (NodeId u = 0; u < lat_.size(); ++u) {
      if (bad_[u] > 0 && !region[u]) {
        for (NodeId v : {u, lat_.mirror(u)}) {
          region[v] = 1;
          frontier.push_back(v);
        }
      }
    }
    CutSpaces spaces;
    while (true) {
      frontier = grow(region, frontier);
      // The greedy result is the data: the finish, L1 without a pull, moves it as little as it
      // can.
      RepairProblem local = p_;
      local.ranks = rank_;
      for (NodeId u = 0; u < lat_.size(); ++u) {
        if (!region[u]) local.fixed[u] = 1;
      }
      if (auto repair = solve_certified(local, {}, {}, dm_, spaces)) {
        rank_ = std::move(repair->ranks);
        result.trace.push_back({result.iterations + 1, 0, counter.count(rank_), true});
        for (NodeId u = 0; u < lat_.size(); ++u)
          result.trace.back().modified += rank_[u] != local.ranks[u];
        if (o_.on_iteration) o_.on_iteration(result.trace.back());
        return;
      }
      if (frontier.empty()) return;  // the whole lattice: invariable nodes forbid a repair
    }
  }

  const RepairProblem& p_;
  const Lattice& lat_;
  Links links_;
  GreedyOptions o_;
  std::span<const float> dm_;
  float mirror_dm_;
  std::vector<Rank> rank_;
  std::vector<uint8_t> bad_;
  std::vector<float> wbad_;
  // Updated: chosen or diffused in this pass, so not a candidate again (Alg. 3.2's flag).
  std::vector<uint8_t> updated_;
  // Settled: set in this pass (Modify) or invariable; what diffusing takes as given. A settled
  // node keeps its rank for the rest of the pass, so the bounds it puts on its neighbours'
  // own ranks only tighten, and are kept as they come.
  std::vector<uint8_t> settled_;
  std::vector<Rank> lower_;
  std::vector<Rank> upper_;
  NodeId measured_ = kNoNode;  // whose effects the scratch arrays hold
  std::vector<Entry> queue_;   // a max-heap
  uint64_t modified_ = 0;
  std::vector<NodeId> stack_;
  // Scratch for measure(): the nodes one change touches and their count changes per value.
  struct Scratch {
    uint32_t stamp = 0;  // the measurement that last touched the node
    uint32_t slot = 0;   // its index in touched_ then
  };
  std::vector<Scratch> scratch_;  // together, so a touch costs one cache miss
  uint32_t stamp_now_ = 0;
  std::vector<NodeId> touched_;
  std::vector<ByRank<int>> dbad_;
  std::vector<ByRank<float>> dw_;
};

}  // namespace

GreedyOptions basic_algorithm() {
  return {};
}

GreedyOptions refined_algorithm() {
  GreedyOptions o;
  o.ranking = Ranking::Product;
  o.scoring = Scoring::CorrectedScore;
  o.diffusing = true;
  o.finish_exactly = true;
  return o;
}

GreedyOptions weighted(GreedyOptions options) {
  options.ranking = Ranking::Weighted;
  options.scoring = Scoring::Weighted;
  return options;
}

Reduction reduce_greedy(const RepairProblem& problem, const GreedyOptions& options,
                        std::span<const float> edge_dm, float mirror_dm) {
  assert(problem.is_ok());
  assert(edge_dm.empty() || edge_dm.size() == problem.lattice->edge_count());
  Reduction r = Greedy(problem, options, edge_dm, mirror_dm).run();
  // Neither in step nor consistent: --ties queue leaves pairs as they were, and ba may stall.
  assert(repair_is_ok(problem, r.ranks));
  return r;
}

}  // namespace egkb
