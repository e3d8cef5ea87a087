#include "reducer/greedy.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <queue>

#include "reducer/exact.h"

namespace egkb {

namespace {

constexpr int kValues = kMaxRank + 1;

enum class LinkKind : uint8_t { Fewer, More, Mirror };

// How many ranks a link is broken by, from the node's rank `a` and the other end's `b`.
int violation(LinkKind kind, Side side, int a, int b) {
  switch (kind) {
    case LinkKind::Fewer:  // this node = other + piece
      return side == Side::Red ? std::max(0, a - b) : std::max(0, b - a);
    case LinkKind::More:  // other = this node + piece
      return side == Side::Red ? std::max(0, b - a) : std::max(0, a - b);
    case LinkKind::Mirror:
      return std::abs(a + b - kMaxRank);
  }
  return 0;
}

// 2^L for a node with `bad` of `all` links inconsistent; 0 when consistent.
uint64_t level_weight(int bad, int all) {
  const int level = inconsistency_level(bad, all);
  return level < 0 ? 0 : uint64_t{1} << level;
}

class Greedy {
 public:
  Greedy(const RepairProblem& problem, const GreedyOptions& options, std::span<const float> edge_dm,
         float mirror_dm)
      : p_(problem),
        lat_(*problem.lattice),
        o_(options),
        dm_(edge_dm),
        mirror_dm_(mirror_dm),
        rank_(problem.ranks),
        bad_(lat_.size()),
        wbad_(lat_.size()),
        updated_(lat_.size()),
        settled_(lat_.size()),
        version_(lat_.size()),
        stamp_(lat_.size()),
        slot_(lat_.size()) {}

  Reduction run() {
    Reduction result;
    ConflictCounter counter(lat_);
    for (int pass = 1; pass <= o_.max_iterations; ++pass) {
      recount();
      if (std::all_of(bad_.begin(), bad_.end(), [](uint8_t b) { return b == 0; })) break;
      std::fill(updated_.begin(), updated_.end(), 0);
      std::fill(settled_.begin(), settled_.end(), 0);
      queue_ = {};
      for (NodeId u = 0; u < lat_.size(); ++u) push(u);
      modified_ = 0;
      if (o_.diffusing) {
        for (NodeId u = 0; u < lat_.size(); ++u) {
          if (p_.fixed[u]) diffuse(u);
        }
      }
      while (!queue_.empty()) {
        const Entry top = queue_.top();
        queue_.pop();
        const NodeId x = top.node;
        if (top.version != version_[x] || updated_[x] || p_.fixed[x] || bad_[x] == 0) continue;
        choose_and_apply(x, result);
      }
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
  struct Entry {
    double priority;
    NodeId node;
    uint32_t version;
    bool operator<(const Entry& o) const {
      return priority != o.priority ? priority < o.priority : node > o.node;
    }
  };

  // Calls f(other, kind, side, dm) for every link of x: in-edges, out-edges, the mirror link.
  template <typename F>
  void for_each_link(NodeId x, F&& f) const {
    const auto in = lat_.in_offsets();
    for (EdgeIndex i = in[x]; i < in[x + 1]; ++i) {
      const EdgeIndex e = lat_.in_edge_ids()[i];
      f(lat_.in_sources()[i], LinkKind::Fewer, lat_.out_labels()[e].side(), dm_of(e));
    }
    const auto out = lat_.out_offsets();
    for (EdgeIndex e = out[x]; e < out[x + 1]; ++e) {
      f(lat_.out_targets()[e], LinkKind::More, lat_.out_labels()[e].side(), dm_of(e));
    }
    if (lat_.mirror_linked(x)) f(lat_.mirror(x), LinkKind::Mirror, Side::Red, mirror_dm_);
  }

  float dm_of(EdgeIndex e) const { return dm_.empty() ? 1.0f : dm_[e]; }

  void recount() {
    for (NodeId x = 0; x < lat_.size(); ++x) {
      int bad = 0;
      float w = 0;
      for_each_link(x, [&](NodeId y, LinkKind kind, Side side, float dm) {
        const int v = violation(kind, side, value(rank_[x]), value(rank_[y]));
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
    queue_.push({priority(x), x, ++version_[x]});
  }

  // Index of a touched node in the scratch arrays, adding it on first sight.
  std::size_t touch(NodeId y) {
    if (stamp_[y] != stamp_now_) {
      stamp_[y] = stamp_now_;
      slot_[y] = static_cast<uint32_t>(touched_.size());
      touched_.push_back(y);
      dbad_.push_back({});
      dw_.push_back({});
    }
    return slot_[y];
  }

  // Fills the scratch arrays with each value's change of every touched node's counts (x taking
  // the value, its mirror the mirrored one); `weighted` gets the change of total Dm x Ds.
  void measure(NodeId x, std::array<double, kValues>& weighted) {
    ++stamp_now_;
    touched_.clear();
    dbad_.clear();
    dw_.clear();
    weighted.fill(0);
    const NodeId m = lat_.mirror(x);
    auto account = [&](NodeId from, bool from_is_x, NodeId y, LinkKind kind, Side side, float dm) {
      const int a = value(rank_[from]);
      const int b = value(rank_[y]);
      const int old_v = violation(kind, side, a, b);
      const std::size_t sf = touch(from), sy = touch(y);
      for (int v = 0; v < kValues; ++v) {
        const int na = from_is_x ? v : kMaxRank - v;
        const int nb = y == x ? v : (y == m ? kMaxRank - v : b);
        const int new_v = violation(kind, side, na, nb);
        const int d = (new_v > 0) - (old_v > 0);
        const float dw = dm * static_cast<float>(new_v - old_v);
        dbad_[sf][static_cast<std::size_t>(v)] += d;
        dw_[sf][static_cast<std::size_t>(v)] += dw;
        if (y != from) {
          dbad_[sy][static_cast<std::size_t>(v)] += d;
          dw_[sy][static_cast<std::size_t>(v)] += dw;
        }
        weighted[static_cast<std::size_t>(v)] += dw;
      }
    };
    for_each_link(x, [&](NodeId y, LinkKind kind, Side side, float dm) {
      account(x, true, y, kind, side, dm);
    });
    if (m != x) {
      for_each_link(m, [&](NodeId y, LinkKind kind, Side side, float dm) {
        if (kind != LinkKind::Mirror) account(m, false, y, kind, side, dm);
      });
    }
  }

  std::array<double, kValues> objective_changes(NodeId x) {
    std::array<double, kValues> weighted{};
    measure(x, weighted);
    if (o_.scoring == Scoring::Weighted) return weighted;
    std::array<double, kValues> change{};
    for (std::size_t i = 0; i < touched_.size(); ++i) {
      const NodeId y = touched_[i];
      const int all = lat_.neighbour_count(y);
      for (int v = 0; v < kValues; ++v) {
        const int now = bad_[y];
        const int then = now + dbad_[i][static_cast<std::size_t>(v)];
        change[static_cast<std::size_t>(v)] +=
            o_.scoring == Scoring::InconsistentNodes
                ? static_cast<double>((then > 0) - (now > 0))
                : static_cast<double>(level_weight(then, all)) -
                      static_cast<double>(level_weight(now, all));
      }
    }
    return change;
  }

  void choose_and_apply(NodeId x, Reduction& result) {
    const NodeId m = lat_.mirror(x);
    const std::array<double, kValues> change = objective_changes(x);
    const int current = value(rank_[x]);
    std::array<bool, kValues> allowed{};
    for (int v = 0; v < kValues; ++v) allowed[static_cast<std::size_t>(v)] = m != x || v == 4;
    double best = INFINITY;
    for (int v = 0; v < kValues; ++v) {
      if (allowed[static_cast<std::size_t>(v)])
        best = std::min(best, change[static_cast<std::size_t>(v)]);
    }
    std::vector<int> best_values;
    for (int v = 0; v < kValues; ++v) {
      if (allowed[static_cast<std::size_t>(v)] &&
          change[static_cast<std::size_t>(v)] <= best + 1e-6) {
        best_values.push_back(v);
      }
    }
    const bool keep =
        std::find(best_values.begin(), best_values.end(), current) != best_values.end();
    mark_updated(x);
    if (keep) return;
    int chosen = best_values.front();
    if (best_values.size() > 1) {
      ++result.ties;
      if (o_.ties == Ties::Queue) {
        result.queued.push_back(x);
        return;
      }
      for (int v : best_values) {
        if (std::abs(v - current) < std::abs(chosen - current)) chosen = v;
      }
    }
    apply(x, chosen);
    if (o_.diffusing) diffuse(x);
  }

  void mark_updated(NodeId x) {
    updated_[x] = 1;
    updated_[lat_.mirror(x)] = 1;
  }

  // Sets x (and its mirror) to `value`, updating the counts of every node touched.
  void apply(NodeId x, int to) {
    std::array<double, kValues> weighted{};
    measure(x, weighted);
    const NodeId m = lat_.mirror(x);
    rank_[x] = Rank(to);
    rank_[m] = Rank(kMaxRank - to);
    settled_[x] = settled_[m] = 1;
    modified_ += m == x ? 1 : 2;
    for (std::size_t i = 0; i < touched_.size(); ++i) {
      const NodeId y = touched_[i];
      bad_[y] = static_cast<uint8_t>(bad_[y] + dbad_[i][static_cast<std::size_t>(to)]);
      wbad_[y] += dw_[i][static_cast<std::size_t>(to)];
      push(y);
    }
  }

  // Rank bounds on y from its links to settled nodes, its mirror's links included; lo > hi when
  // they contradict.
  std::pair<int, int> settled_bounds(NodeId y) const {
    int lo = 0, hi = kMaxRank;
    const NodeId m = lat_.mirror(y);
    if (m == y) return {4, 4};
    auto bound = [&](NodeId node, bool mirrored) {
      int l = 0, h = kMaxRank;
      for_each_link(node, [&](NodeId z, LinkKind kind, Side side, float) {
        if (kind == LinkKind::Mirror || !(p_.fixed[z] || settled_[z])) return;
        const int r = value(rank_[z]);
        const bool upper = (kind == LinkKind::Fewer) == (side == Side::Red);
        if (upper) {
          h = std::min(h, r);
        } else {
          l = std::max(l, r);
        }
      });
      if (mirrored) {
        lo = std::max(lo, kMaxRank - h);
        hi = std::min(hi, kMaxRank - l);
      } else {
        lo = std::max(lo, l);
        hi = std::min(hi, h);
      }
    };
    bound(y, false);
    bound(m, true);
    return {lo, hi};
  }

  // Alg. 4.1: a neighbour left with one consistent value is set to it, and diffuses in turn.
  void diffuse(NodeId start) {
    stack_.clear();
    stack_.push_back(start);
    while (!stack_.empty()) {
      const NodeId n = stack_.back();
      stack_.pop_back();
      for (NodeId side_node : {n, lat_.mirror(n)}) {
        for_each_link(side_node, [&](NodeId y, LinkKind, Side, float) {
          if (p_.fixed[y] || updated_[y]) return;
          const auto [lo, hi] = settled_bounds(y);
          if (lo != hi) return;
          if (value(rank_[y]) != lo) apply(y, lo);
          mark_updated(y);
          settled_[y] = settled_[lat_.mirror(y)] = 1;
          stack_.push_back(y);
        });
      }
    }
  }

  // Grows a mirror-closed region around the remaining inconsistent nodes (1, 2, 4, ... link
  // steps) until the exact repair of the region, everything outside held, is feasible.
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
    for (int steps = 1;; steps *= 2) {
      for (int s = 0; s < steps && !frontier.empty(); ++s) {
        std::vector<NodeId> next;
        for (NodeId u : frontier) {
          for_each_link(u, [&](NodeId y, LinkKind, Side, float) {
            for (NodeId v : {y, lat_.mirror(y)}) {
              if (!region[v]) {
                region[v] = 1;
                next.push_back(v);
              }
            }
          });
        }
        frontier = std::move(next);
      }
      RepairProblem local = p_;
      for (NodeId u = 0; u < lat_.size(); ++u) {
        if (region[u]) continue;
        local.ranks[u] = rank_[u];
        local.fixed[u] = 1;
      }
      if (auto ranks = solve_exact(local, {}, dm_)) {
        rank_ = std::move(*ranks);
        result.trace.push_back({result.iterations + 1, 0, counter.count(rank_), true});
        for (NodeId u = 0; u < lat_.size(); ++u) {
          result.trace.back().modified += rank_[u] != local.ranks[u] && region[u];
        }
        if (o_.on_iteration) o_.on_iteration(result.trace.back());
        return;
      }
      if (frontier.empty()) return;  // the whole lattice: invariable nodes forbid a repair
    }
  }

  const RepairProblem& p_;
  const Lattice& lat_;
  GreedyOptions o_;
  std::span<const float> dm_;
  float mirror_dm_;
  std::vector<Rank> rank_;
  std::vector<uint8_t> bad_;
  std::vector<float> wbad_;
  // Updated: chosen or diffused in this pass, so not a candidate again (Alg. 3.2's flag).
  std::vector<uint8_t> updated_;
  // Settled: set in this pass (Modify) or invariable; what diffusing takes as given.
  std::vector<uint8_t> settled_;
  std::vector<uint32_t> version_;
  std::priority_queue<Entry> queue_;
  uint64_t modified_ = 0;
  std::vector<NodeId> stack_;
  // Scratch for measure(): the nodes one change touches and their count changes per value.
  std::vector<uint32_t> stamp_;
  std::vector<uint32_t> slot_;
  uint32_t stamp_now_ = 0;
  std::vector<NodeId> touched_;
  std::vector<std::array<int, kValues>> dbad_;
  std::vector<std::array<float, kValues>> dw_;
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
  return Greedy(problem, options, edge_dm, mirror_dm).run();
}

}  // namespace egkb
