// Properties on random lattices with a known consistent truth: zero conflicts (ra, exact),
// invariable nodes untouched, mirror pairs in step, exact never costlier than the greedy ones.
#include <gtest/gtest.h>

#include "reducer/exact.h"
#include "reducer/greedy.h"
#include "tests/support/small_problems.h"

namespace egkb {
namespace {

// A random base of one seed, prepared for the reducers.
struct Case {
  explicit Case(uint64_t seed, double invariable_share)
      : kb(make_kb(seed, invariable_share)), prepared(kb, ReduceWeights::defaults(*kb.pieces)) {}

  static KnowledgeBase make_kb(uint64_t seed, double invariable_share) {
    std::mt19937_64 rng(seed);
    return test::noisy_truth_kb(rng, 150 + seed % 7 * 40, 5, 0.35, invariable_share);
  }

  KnowledgeBase kb;
  PreparedRepair prepared;
};

void expect_sound(const Case& c, const Reduction& r, const char* method, bool must_be_consistent) {
  test::expect_sound(c.prepared.problem(), r.ranks, method, must_be_consistent);
}

TEST(ReducerProperties, RandomLatticesWithInvariableNodes) {
  int ba_consistent = 0, compared_with_exact = 0;
  for (uint64_t seed = 1; seed <= 25; ++seed) {
    const Case c(seed, 0.1);
    const Reduction ba =
        reduce_greedy(c.prepared.problem(), basic_algorithm(), c.prepared.edge_dm(), 9);
    const Reduction ra =
        reduce_greedy(c.prepared.problem(), refined_algorithm(), c.prepared.edge_dm(), 9);
    const Reduction wba =
        reduce_greedy(c.prepared.problem(), weighted(basic_algorithm()), c.prepared.edge_dm(), 9);
    const Reduction wra =
        reduce_greedy(c.prepared.problem(), weighted(refined_algorithm()), c.prepared.edge_dm(), 9);
    const Reduction exact = reduce_exact(c.prepared.problem(), {}, {}, c.prepared.edge_dm());
    expect_sound(c, ba, "ba", false);
    expect_sound(c, wba, "weighted ba", false);
    expect_sound(c, ra, "ra", true);
    expect_sound(c, wra, "weighted ra", true);
    expect_sound(c, exact, "exact", true);
    const double optimum = c.prepared.problem().objective(exact.ranks);
    for (const Reduction* r : {&ba, &ra, &wba, &wra}) {
      ConflictCounter counter(c.prepared.lattice());
      if (counter.count(r->ranks).inconsistent_nodes == 0) {
        ++compared_with_exact;
        EXPECT_LE(optimum, c.prepared.problem().objective(r->ranks) + 1e-9) << "seed " << seed;
      }
    }
    ConflictCounter counter(c.prepared.lattice());
    ba_consistent += counter.count(ba.ranks).inconsistent_nodes == 0;
  }
  // ra and weighted ra end consistent on every seed, the basic ones on some (75 in all when
  // counted): only the promised 50 are asked for.
  EXPECT_GE(compared_with_exact, 50) << "consistent greedy repairs compared with exact";
  // Not a promise of the basic algorithm, a record of it: see docs/reducers.md.
  RecordProperty("ba_reached_zero_of_25", ba_consistent);
}

TEST(ReducerProperties, GreedyIsDeterministic) {
  const Case c(99, 0.05);
  EXPECT_EQ(
      reduce_greedy(c.prepared.problem(), refined_algorithm(), c.prepared.edge_dm(), 9).ranks,
      reduce_greedy(c.prepared.problem(), refined_algorithm(), c.prepared.edge_dm(), 9).ranks);
}

}  // namespace
}  // namespace egkb
