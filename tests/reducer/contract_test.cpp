// The contracts (docs/development.md, "Contracts"): each is_ok() holds on what egkb builds and
// fails on a broken copy; a debug build stops at a broken one, and a release build, whose asserts
// compile out, goes on as it did before there were contracts.
#include <gtest/gtest.h>

#include <cmath>

#include "base/errors.h"
#include "lattice/material.h"
#include "reducer/exact.h"
#include "reducer/greedy.h"
#include "reducer/repair_contract.h"
#include "tests/support/small_problems.h"
#include "tests/support/xiangqi.h"

namespace egkb {
namespace {

using test::xq;

PreparedRepair prepared(const KnowledgeBase& kb) {
  return PreparedRepair(kb, ReduceWeights::defaults(*kb.pieces));
}

KnowledgeBase random_kb(uint64_t seed) {
  std::mt19937_64 rng(seed);
  return test::noisy_truth_kb(rng, 120, 5, 0.35, 0.1);
}

// Two expert rows that contradict each other (KRRK, a red rook more, cannot be worse for red
// than KRK), their implied mirrors fixed with them.
KnowledgeBase contradicting_kb() {
  KnowledgeBase kb;
  for (const auto& [text, score] : {std::pair{"KRK", 0}, {"KRRK", 9}}) {
    kb.rows.push_back(
        {key_of(parse_material(text, xq), xq), Score(score), Source::Expert, true, {}, 0});
  }
  return kb;
}

// The problem of contradicting_kb() with the mirror of KRK no longer fixed.
RepairProblem unfixed_mirror(const PreparedRepair& p) {
  RepairProblem bad = p.problem();
  const NodeId krk = *p.lattice().find(key_of(parse_material("KRK", xq), xq));
  bad.fixed[p.lattice().mirror(krk)] = 0;
  return bad;
}

TEST(Contracts, HoldOnWhatEgkbBuildsAndOnItsRepairs) {
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    const KnowledgeBase kb = random_kb(seed);
    const PreparedRepair p(kb, ReduceWeights::defaults(xq));
    const RepairProblem& problem = p.problem();
    ASSERT_TRUE(p.lattice().is_ok()) << "seed " << seed;
    ASSERT_TRUE(problem.is_ok()) << "seed " << seed;
    const Reduction ra = reduce_greedy(problem, refined_algorithm(), p.edge_dm(), 9);
    EXPECT_TRUE(repair_is_ok(problem, ra.ranks, {.in_step = true, .consistent = true}));
    const Reduction exact = reduce_exact(problem, {}, {}, p.edge_dm());
    EXPECT_TRUE(repair_is_ok(problem, exact.ranks, {.in_step = true, .consistent = true}));
    EXPECT_TRUE(range_is_ok(problem, exact.low, exact.high, {.consistent = true}, exact.ranks));
  }
}

TEST(Contracts, ABrokenProblemIsNotOk) {
  const KnowledgeBase kb = random_kb(7);
  const PreparedRepair p = prepared(kb);
  const Lattice& lat = p.lattice();
  NodeId fixed = 0;
  while (!p.problem().fixed[fixed] || lat.mirror(fixed) == fixed) ++fixed;
  auto broken = [&](auto&& change) {
    RepairProblem bad = p.problem();
    change(bad);
    return !bad.is_ok();
  };
  EXPECT_TRUE(broken([](RepairProblem& b) { b.lattice = nullptr; }));
  EXPECT_TRUE(broken([](RepairProblem& b) { b.ranks.pop_back(); }));
  EXPECT_TRUE(broken([](RepairProblem& b) { b.weight.push_back(1); }));
  EXPECT_TRUE(broken([](RepairProblem& b) { b.fixed.clear(); }));
  EXPECT_TRUE(broken([](RepairProblem& b) { b.ranks[0] = Rank(9); }));
  EXPECT_TRUE(broken([](RepairProblem& b) { b.weight[0] = -1; }));
  EXPECT_TRUE(broken([](RepairProblem& b) { b.weight[0] = std::nan(""); }));
  EXPECT_TRUE(broken([&](RepairProblem& b) { b.fixed[lat.mirror(fixed)] = 0; }));
  EXPECT_FALSE(broken([](RepairProblem&) {}));
}

TEST(Contracts, ARepairThatBreaksAPromiseIsNotOk) {
  const KnowledgeBase kb = random_kb(8);
  const PreparedRepair p = prepared(kb);
  const RepairProblem& problem = p.problem();
  const Lattice& lat = p.lattice();
  const std::vector<Rank> repair = reduce_exact(problem, {}, {}, p.edge_dm()).ranks;
  ASSERT_TRUE(repair_is_ok(problem, repair, {.in_step = true, .consistent = true}));
  NodeId fixed = 0, pair = 0;
  while (!problem.fixed[fixed]) ++fixed;
  while (problem.fixed[pair] || lat.mirror(pair) == pair || repair[pair] == Rank(0)) ++pair;

  std::vector<Rank> moved = repair;
  moved[fixed] = Rank(value(repair[fixed]) == 0 ? 1 : 0);
  EXPECT_FALSE(repair_is_ok(problem, moved));
  EXPECT_FALSE(repair_is_ok(problem, std::span(repair).first(repair.size() - 1)));
  std::vector<Rank> out_of_step = repair;
  out_of_step[pair] = Rank(value(repair[pair]) - 1);
  EXPECT_TRUE(repair_is_ok(problem, out_of_step));
  EXPECT_FALSE(repair_is_ok(problem, out_of_step, {.in_step = true}));
  // A red piece more that makes red worse off: an edge broken.
  const std::vector<Rank> conflicted = [&] {
    std::vector<Rank> ranks = repair;
    for (NodeId u = 0; u < lat.size(); ++u) {
      for (EdgeIndex e = lat.out_offsets()[u]; e < lat.out_offsets()[u + 1]; ++e) {
        const NodeId v = lat.out_targets()[e];
        if (problem.fixed[u] || problem.fixed[v] || lat.out_labels()[e].side() != Side::Red)
          continue;
        ranks[u] = Rank(0);
        ranks[v] = Rank(kMaxRank);
        return ranks;
      }
    }
    return ranks;
  }();
  ASSERT_NE(conflicted, repair);
  EXPECT_TRUE(repair_is_ok(problem, conflicted));
  EXPECT_FALSE(repair_is_ok(problem, conflicted, {.consistent = true}));
  EXPECT_TRUE(range_is_ok(problem, out_of_step, repair, {}, repair));
  EXPECT_FALSE(range_is_ok(problem, repair, out_of_step));
  EXPECT_FALSE(range_is_ok(problem, out_of_step, repair, {}, moved));
}

// Each build has the test of what it does with a broken contract; neither is a skipped one.
#ifndef NDEBUG
// In a debug build the first broken condition is named and the program stops there.
TEST(ContractsDeathTest, ADebugBuildStopsAtTheBrokenCondition) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  const KnowledgeBase kb = contradicting_kb();
  const PreparedRepair p = prepared(kb);
  const RepairProblem bad = unfixed_mirror(p);
  EXPECT_DEATH(reduce_exact(bad, {}, {}, p.edge_dm()),
               "contract broken: node [0-9]+ is fixed and its mirror [0-9]+ is not.*"
               "Assertion .problem.is_ok\\(\\). failed");
  RepairProblem off_scale = p.problem();
  off_scale.ranks[0] = Rank(9);
  EXPECT_DEATH(reduce_greedy(off_scale, basic_algorithm(), p.edge_dm(), 9),
               "contract broken: node 0 has rank 9");
  EXPECT_DEATH(p.lattice().key(p.lattice().size()), "Assertion .n < size\\(\\). failed");
  ConflictCounter counter(p.lattice());
  EXPECT_DEATH(counter.count(std::span(p.problem().ranks).first(1)), "ranks.size\\(\\) == ");
  EXPECT_DEATH(p.problem().objective(std::span(p.problem().ranks).first(1)),
               "new_ranks.size\\(\\) == ranks.size\\(\\)");
}
#else
// A release build refuses the same problem as it did before there were contracts: the
// contradiction of the two expert rows is named (exit code 2 from egkb).
TEST(Contracts, AReleaseBuildRefusesABadProblemAsBefore) {
  const KnowledgeBase kb = contradicting_kb();
  const PreparedRepair p = prepared(kb);
  try {
    reduce_exact(unfixed_mirror(p), {}, {}, p.edge_dm());
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("invariable nodes contradict each other"),
              std::string::npos)
        << e.what();
  }
}
#endif

}  // namespace
}  // namespace egkb
