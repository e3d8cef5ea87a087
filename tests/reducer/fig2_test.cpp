// The paper's Fig. 2 neighbourhood, worked by hand: KCCKHCPGG = 3 with five neighbours, four
// of them inconsistent with it, every row of weight 1.
#include <gtest/gtest.h>

#include "reducer/exact.h"
#include "reducer/greedy.h"
#include "tests/support/xiangqi.h"

namespace egkb {
namespace {

using test::xq;

class Fig2 : public ::testing::Test {
 protected:
  void SetUp() override {
    for (const auto& [text, score] : {std::pair{"KCCKHCPGG", 3},
                                      {"KCCKHPGG", 6},
                                      {"KCCKCPGG", 5},
                                      {"KCCKHCGG", 4},
                                      {"KCKHCPGG", 2},
                                      {"KCCKHCPG", 3}}) {
      kb_.rows.push_back(
          {key_of(parse_material(text, xq), xq), Score(score), Source::Generated, false, {}, 0});
    }
    prepared_ = std::make_unique<PreparedRepair>(kb_, ReduceWeights::defaults(xq));
  }

  RepairProblem& problem() { return prepared_->problem(); }
  const Lattice& lattice() const { return prepared_->lattice(); }

  int rank_of_node(const Reduction& r, const char* text) const {
    return value(r.ranks[*lattice().find(key_of(parse_material(text, xq), xq))]);
  }

  int conflicts(const Reduction& r) const {
    ConflictCounter counter(lattice());
    return static_cast<int>(counter.count(r.ranks).inconsistent_nodes);
  }

  KnowledgeBase kb_;
  std::unique_ptr<PreparedRepair> prepared_;
};

// Centre c must be >= KCCKHPGG (5), KCCKCPGG (4), KCCKHCGG (4), KCCKHCPG (3) and <= KCKHCPGG
// (2). c = 4 costs 1 + |5-4| + |2-4| = 4; c = 3 costs 5, c = 5 costs 5, c = 2 costs 9.
TEST_F(Fig2, ExactFindsTheUniqueOptimumOfCostFour) {
  const Reduction r = reduce_exact(problem(), {}, {}, {});
  EXPECT_EQ(rank_of_node(r, "KCCKHCPGG"), 4);
  EXPECT_EQ(rank_of_node(r, "KCCKHPGG"), 4);
  EXPECT_EQ(rank_of_node(r, "KCKHCPGG"), 4);
  EXPECT_EQ(rank_of_node(r, "KCCKCPGG"), 4);
  EXPECT_EQ(rank_of_node(r, "KCCKHCPG"), 3);
  EXPECT_DOUBLE_EQ(problem().objective(r.ranks), 4.0);
  EXPECT_EQ(conflicts(r), 0);
}

// Each neighbour has one neighbour, so 100% outranks the centre's 80%: BA settles the four
// neighbours on the consistent value nearest their own (3) and never needs the centre.
TEST_F(Fig2, BasicAlgorithmFixesTheFullyInconsistentNeighboursFirst) {
  const Reduction r = reduce_greedy(problem(), basic_algorithm(), {}, 9);
  EXPECT_EQ(rank_of_node(r, "KCCKHCPGG"), 3);
  for (const char* n : {"KCCKHPGG", "KCCKCPGG", "KCCKHCGG", "KCKHCPGG", "KCCKHCPG"}) {
    EXPECT_EQ(rank_of_node(r, n), 3) << n;
  }
  EXPECT_EQ(r.ties, 4u) << "each neighbour had several equally good values";
  EXPECT_EQ(conflicts(r), 0);
  EXPECT_GE(problem().objective(r.ranks),
            problem().objective(reduce_exact(problem(), {}, {}, {}).ranks));
}

// V = Ni x Nn ranks the centre (4 x 5) first; rank 5 minimises Vc (only the red-cannon edge
// stays broken, a 20% node and a 100% one), then KCKHCPGG follows to 5. The paper's point:
// the centre is the one to modify.
TEST_F(Fig2, RefinedAlgorithmModifiesTheCentre) {
  const Reduction r = reduce_greedy(problem(), refined_algorithm(), {}, 9);
  EXPECT_EQ(rank_of_node(r, "KCCKHCPGG"), 5);
  EXPECT_EQ(rank_of_node(r, "KCKHCPGG"), 5);
  EXPECT_EQ(rank_of_node(r, "KCCKHPGG"), 5);
  EXPECT_EQ(conflicts(r), 0);
}

TEST_F(Fig2, QueueingTiesLeavesEveryScoreForTheExpert) {
  GreedyOptions options = basic_algorithm();
  options.ties = Ties::Queue;
  const Reduction r = reduce_greedy(problem(), options, {}, 9);
  EXPECT_EQ(r.ranks, problem().ranks);
  EXPECT_EQ(r.queued.size(), 5u) << "the four neighbours, then the centre (5..8 tie)";
}

TEST_F(Fig2, InvariableCentreIsNeverChanged) {
  problem().fixed[*lattice().find(key_of(parse_material("KCCKHCPGG", xq), xq))] = 1;
  problem().fixed[*lattice().find(key_of(parse_material("KHCPGGKCC", xq), xq))] = 1;
  for (const Reduction& r : {reduce_greedy(problem(), basic_algorithm(), {}, 9),
                             reduce_greedy(problem(), refined_algorithm(), {}, 9),
                             reduce_exact(problem(), {}, {}, {})}) {
    EXPECT_EQ(rank_of_node(r, "KCCKHCPGG"), 3);
    EXPECT_EQ(conflicts(r), 0);
  }
}

}  // namespace
}  // namespace egkb
