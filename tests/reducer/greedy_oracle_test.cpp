// The incremental greedy reducers against Alg. 3.2 read literally (reducer/literal_basic.h), and
// the mirror promise of every variant: a pair is in step after every pass.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "io/csv.h"
#include "reducer/greedy.h"
#include "reducer/literal_basic.h"
#include "reducer/problem.h"
#include "tests/support/small_problems.h"

namespace egkb {
namespace {

KnowledgeBase random_case(uint64_t seed, double invariable_share) {
  std::mt19937_64 rng(seed);
  return test::noisy_truth_kb(rng, 60 + seed % 5 * 30, 5, 0.35, invariable_share);
}

TEST(GreedyOracle, IncrementalBasicEqualsTheLiteralAlgorithm) {
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    const KnowledgeBase kb = random_case(seed, seed % 2 == 0 ? 0.1 : 0.0);
    const PreparedRepair prepared(kb, ReduceWeights::defaults(*kb.pieces));
    for (int passes : {1, 100}) {
      GreedyOptions ba = basic_algorithm();
      ba.max_iterations = passes;
      const Reduction incremental = reduce_greedy(prepared.problem(), ba, prepared.edge_dm(), 9);
      const std::vector<Rank> literal = literal_basic_algorithm(prepared.problem(), passes);
      ASSERT_EQ(incremental.ranks, literal) << "seed " << seed << ", " << passes << " passes";
      test::expect_sound(prepared.problem(), literal, "literal ba", false);
    }
  }
}

// The case the issue names: the node's own value is among the best, and the mirror still moves.
TEST(GreedyOracle, AnOutOfStepPairIsBroughtInLineWhenTheNodeKeepsItsValue) {
  const KnowledgeBase kb = parse_csv("material,score\nKRK,0\nKKR,7\n", "pair.csv", {});
  const PreparedRepair prepared(kb, ReduceWeights::defaults(*kb.pieces));
  const Reduction ba = reduce_greedy(prepared.problem(), basic_algorithm(), prepared.edge_dm(), 9);
  test::expect_sound(prepared.problem(), ba.ranks, "ba", true);
  EXPECT_EQ(ba.ranks, literal_basic_algorithm(prepared.problem(), 100));
}

TEST(GreedyOracle, EveryVariantKeepsPairsInStepAfterEveryPass) {
  const std::vector<std::pair<std::string, GreedyOptions>> variants = {
      {"ba", basic_algorithm()},
      {"ra", refined_algorithm()},
      {"weighted ba", weighted(basic_algorithm())},
      {"weighted ra", weighted(refined_algorithm())}};
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    const KnowledgeBase kb = random_case(seed, 0.1);
    const PreparedRepair prepared(kb, ReduceWeights::defaults(*kb.pieces));
    for (auto [name, options] : variants) {
      options.finish_exactly = false;
      // Passes are deterministic, so stopping after pass k shows the ranks after pass k.
      for (int passes = 1; passes <= 4; ++passes) {
        options.max_iterations = passes;
        const Reduction r = reduce_greedy(prepared.problem(), options, prepared.edge_dm(), 9);
        test::expect_sound(prepared.problem(), r.ranks,
                           fmt::format("{}, seed {}, after pass {}", name, seed, passes), false);
      }
    }
  }
}

}  // namespace
}  // namespace egkb
