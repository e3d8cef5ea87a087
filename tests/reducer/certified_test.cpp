// The certified solver for every cost shape against exhaustive search: whenever it says optimal
// its objective is the least there is, its bound never exceeds that least, its repair holds every
// constraint, and its ranges hold the repair.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>

#include "lattice/links.h"
#include "lattice/piece_rule.h"
#include "reducer/exact.h"
#include "reducer/layered_solver.h"
#include "synth/synthesise.h"
#include "tests/support/small_problems.h"
#include "tests/support/xiangqi.h"

namespace egkb {
namespace {

using test::xq;

TEST(Certified, EveryShapeMeetsExhaustiveSearch) {
  std::mt19937_64 rng(41);
  for (CostShape shape : kCostShapes) {
    const std::string name(cost_shape_name(shape));
    int checked = 0, optimal = 0;
    for (int trial = 0; trial < 400 && checked < 25; ++trial) {
      const KnowledgeBase kb = test::noisy_truth_kb(rng, 7, 3, 0.6, 0.15);
      const PreparedRepair prepared(kb, ReduceWeights::defaults(xq));
      const RepairProblem& p = prepared.problem();
      const Lattice& lat = prepared.lattice();
      if (!test::searchable(p, 5)) continue;
      ++checked;
      // Every other problem with a prior in quarter ranks, mirror-symmetric; every third with
      // evidence too, whole ranks on some nodes only (NaN on the others), as evidence has.
      CostModel model;
      model.shape = shape;
      if (checked % 2 == 0) {
        model.pulls.push_back(
            {test::symmetric_prior(lat, [&] { return static_cast<double>(rng() % 33) / 4; }), 0.5});
      }
      if (checked % 3 == 0) {
        model.pulls.push_back(
            {test::symmetric_prior(
                 lat,
                 [&] { return rng() % 3 == 0 ? std::nan("") : static_cast<double>(rng() % 9); }),
             1.5});
      }
      const Reduction r = reduce_exact(p, model, {}, prepared.edge_dm());
      const std::string what =
          fmt::format("{}, trial {}, {} pulls", name, trial, model.pulls.size());
      test::expect_sound(p, r.ranks, what, true);
      const auto objective = [&](const RepairProblem& problem, std::span<const Rank> ranks) {
        double sum = test::shaped_objective(problem, ranks, name);
        for (const Pull& pull : model.pulls) {
          sum += test::objective_with_prior(problem, ranks, pull.ranks, pull.weight) -
                 problem.objective(ranks);
        }
        return sum;
      };
      const test::BruteForce truth = test::brute_force(kb, objective);
      ASSERT_TRUE(r.certificate) << what;
      const Certificate& c = *r.certificate;
      EXPECT_NEAR(c.objective, objective(p, r.ranks), 1e-6) << what;
      EXPECT_GE(c.objective, truth.best - 1e-6) << what;
      // Capacities round each step to 1/1024 of a weight: the bound may sit that far above.
      EXPECT_LE(c.bound, truth.best + 0.01) << what;
      if (c.optimal) {
        ++optimal;
        EXPECT_NEAR(c.objective, truth.best, 0.01) << what;
      }
      for (NodeId u = 0; u < lat.size(); ++u) {
        EXPECT_LE(r.low[u], r.ranks[u]) << what;
        EXPECT_GE(r.high[u], r.ranks[u]) << what;
      }
    }
    EXPECT_GE(checked, 20) << name;
    EXPECT_EQ(optimal, checked) << name << ": certified optimal";
    RecordProperty(name + "_optimal", optimal);
  }
}

// The layered cut lays out only the layers between the bounds two convex solves give every
// optimum (reducer/layered_solver.h, Topkis); the range it returns must still be the
// relaxation's lowest and highest optimum. Here against every assignment of the relaxation as
// docs/reducers.md states it: no mirror equality, each node paying its own data's shaped cost at
// its rank and its mirror's at the mirrored rank, every piece edge held. The shapes whose costs
// are exact in the solver's 1/1024 units (sqrt's are rounded).
TEST(Certified, TheLayeredRangeIsTheRelaxationsLowestAndHighestOptimum) {
  std::mt19937_64 rng(43);
  const auto shaped = [](CostShape shape, int d) -> double {
    switch (shape) {
      case CostShape::Trunc2:
        return std::min(d, 2) + d / 64.0;
      case CostShape::Trunc3:
        return std::min(d, 3) + d / 64.0;
      default:
        return (d != 0) + d / 64.0;
    }
  };
  for (CostShape shape : {CostShape::Trunc2, CostShape::Trunc3, CostShape::L0}) {
    int checked = 0, narrowed = 0;
    for (int trial = 0; trial < 1000 && checked < 25; ++trial) {
      const KnowledgeBase kb = test::noisy_truth_kb(rng, 7, 3, 0.6, 0.15);
      const PreparedRepair prepared(kb, ReduceWeights::defaults(xq));
      const RepairProblem& p = prepared.problem();
      const Lattice& lat = prepared.lattice();
      std::vector<NodeId> free_nodes;
      for (NodeId u = 0; u < lat.size(); ++u) {
        if (!p.fixed[u]) free_nodes.push_back(u);
      }
      if (free_nodes.size() < 3 || free_nodes.size() > 6 || lat.edge_count() < 4) continue;
      ++checked;
      CostModel model;
      model.shape = shape;
      const RepairCosts costs(p, model);
      CutSpaces spaces;
      const auto range = layered_optimal_ranks(p, costs, {}, {}, free_nodes, p.ranks, spaces);
      // Every assignment of the free nodes, the others at their ranks.
      const Links links(lat);
      std::vector<Rank> r = p.ranks;
      double best = INFINITY;
      std::vector<Rank> lowest(lat.size(), Rank(kMaxRank)), highest(lat.size(), Rank(0));
      const auto total = static_cast<std::size_t>(std::pow(9, free_nodes.size()));
      for (std::size_t code = 0; code < total; ++code) {
        std::size_t rest = code;
        for (NodeId u : free_nodes) {
          r[u] = Rank(static_cast<int>(rest % 9));
          rest /= 9;
        }
        bool held = true;
        for (NodeId u = 0; u < lat.size() && held; ++u) {
          links.for_each_more(u, [&](NodeId v, Link, EdgeIndex e) {
            held = held && !edge_inconsistent(r[u], r[v], lat.out_labels()[e].side());
          });
        }
        if (!held) continue;
        double cost = 0;
        for (NodeId x : free_nodes) {
          const NodeId m = lat.mirror(x);
          cost += p.weight[x] * shaped(shape, std::abs(value(r[x]) - value(p.ranks[x])));
          cost += p.weight[m] * shaped(shape, std::abs(kMaxRank - value(r[x]) - value(p.ranks[m])));
        }
        if (cost < best - 1e-9) {
          best = cost;
          lowest = highest = r;
        } else if (cost < best + 1e-9) {
          for (NodeId u : free_nodes) {
            lowest[u] = std::min(lowest[u], r[u]);
            highest[u] = std::max(highest[u], r[u]);
          }
        }
      }
      const std::string what = fmt::format("{}, trial {}", cost_shape_name(shape), trial);
      ASSERT_EQ(range.has_value(), best < INFINITY) << what;
      if (!range) continue;
      for (NodeId u : free_nodes) {
        EXPECT_EQ(range->low[u], lowest[u]) << what << ", node " << u;
        EXPECT_EQ(range->high[u], highest[u]) << what << ", node " << u;
        narrowed += range->low[u] == range->high[u];
      }
    }
    EXPECT_GE(checked, 20) << cost_shape_name(shape);
    EXPECT_GT(narrowed, 0) << "some nodes settled";
  }
}

// L1 is convex: the middle of the relaxation's range is optimal, so every repair is certified.
TEST(Certified, L1IsAlwaysOptimalAndItsRangeIsTheMiddles) {
  std::size_t nodes = 0;
  for (const uint64_t seed : {1, 2, 3}) {
    const Synthesis synth = synthesise({.preset = "end59", .seed = seed, .rate = 0.35});
    const PreparedRepair prepared(synth.noisy, ReduceWeights::defaults(xq));
    const Reduction r = reduce_exact(prepared.problem(), {}, {}, prepared.edge_dm());
    ASSERT_TRUE(r.certificate);
    EXPECT_TRUE(r.certificate->optimal) << "seed " << seed;
    EXPECT_DOUBLE_EQ(r.certificate->objective, prepared.problem().objective(r.ranks));
    EXPECT_EQ(r.certificate->probes, 0u);
    const Lattice& lat = prepared.lattice();
    for (NodeId u = 0; u < lat.size(); ++u) {
      const int twice = value(r.low[u]) + value(r.high[u]);
      EXPECT_LE(std::abs(2 * value(r.ranks[u]) - twice), 1) << "seed " << seed;
      EXPECT_EQ(value(r.low[u]), kMaxRank - value(r.high[lat.mirror(u)])) << "mirrored ranges";
      ++nodes;
    }
  }
  EXPECT_EQ(nodes, 3u * 3888u) << "ranges checked, three end59 lattices";
}

// On a synthetic base the layered cut, its completion and probing close the gap for every
// shape, and the repair holds every constraint.
TEST(Certified, NonConvexShapesCloseTheirGapOnASyntheticBase) {
  const Synthesis synth = synthesise({.preset = "end59", .seed = 7, .rate = 0.35});
  const PreparedRepair prepared(synth.noisy, ReduceWeights::defaults(xq));
  for (CostShape shape : kCostShapes) {
    CostModel model;
    model.shape = shape;
    const Reduction r = reduce_exact(prepared.problem(), model, {}, prepared.edge_dm());
    const std::string name(cost_shape_name(shape));
    test::expect_sound(prepared.problem(), r.ranks, name, true);
    ASSERT_TRUE(r.certificate);
    EXPECT_TRUE(r.certificate->optimal) << name << ": gap " << r.certificate->gap() << ", "
                                        << r.certificate->open_pairs << " open pairs";
    EXPECT_LE(r.certificate->bound, r.certificate->objective + 1e-9) << name;
  }
}

}  // namespace
}  // namespace egkb
