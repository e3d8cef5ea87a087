#include "lattice/conflicts.h"

#include <gtest/gtest.h>

#include "lattice/knowledge_base.h"
#include "tests/support/brute_force.h"
#include "tests/support/random_kb.h"
#include "tests/support/xiangqi.h"

namespace egkb {
namespace {

using test::xq;

KnowledgeBase manual_kb_of(std::initializer_list<std::pair<const char*, int>> rows) {
  KnowledgeBase kb;
  for (const auto& [text, score] : rows) {
    kb.rows.push_back(
        {key_of(parse_material(text, xq), xq), Score(score), Source::Manual, false, {}, 0});
  }
  return kb;
}

// The counter refers to the lattice, so both live here and are built in place.
struct Counted {
  explicit Counted(const KnowledgeBase& kb)
      : scored(ScoredLattice::of(kb)),
        counter(scored.lattice),
        summary(counter.count(scored.ranks())) {}

  ScoredLattice scored;
  ConflictCounter counter;
  ConflictSummary summary;
};

Counted count(const KnowledgeBase& kb) {
  return Counted(kb);
}

NodeId node(const Counted& c, const char* text) {
  return *c.scored.lattice.find(key_of(parse_material(text, xq), xq));
}

TEST(Conflicts, PapersFig2EdgeIsInconsistent) {
  // Taking a black cannon away (KCCKHCPGG = 3 -> KCCKHPGG = 6) cannot make black better.
  const Counted c = count(manual_kb_of({{"KCCKHCPGG", 3}, {"KCCKHPGG", 6}}));
  EXPECT_EQ(c.summary.edges, 2u);
  EXPECT_EQ(c.summary.inconsistent_edges, 2u) << "the edge and its implied mirror edge";
  EXPECT_EQ(c.summary.inconsistent_nodes, 4u);
  EXPECT_EQ(c.counter.inconsistent_neighbours(node(c, "KCCKHCPGG")), 1);
}

TEST(Conflicts, PapersMinisterEdgeIsInconsistentAndTheFixedOneIsNot) {
  EXPECT_EQ(count(manual_kb_of({{"KRPKGGMM", 0}, {"KRPKGGM", 9}})).summary.inconsistent_edges, 2u);
  // Still a conflict at 0 and 1, as the paper notes: a black minister more helped red.
  EXPECT_EQ(count(manual_kb_of({{"KRPKGGMM", 0}, {"KRPKGGM", 1}})).summary.inconsistent_edges, 2u);
  EXPECT_EQ(count(manual_kb_of({{"KRPKGGMM", 1}, {"KRPKGGM", 0}})).summary.inconsistent_nodes, 0u);
  EXPECT_EQ(count(manual_kb_of({{"KRPKGGMM", 4}, {"KRPKGGM", 5}})).summary.inconsistent_nodes, 0u)
      << "4 and 5 are one rank";
}

TEST(Conflicts, PapersFig2PercentagesGiveTheirLevels) {
  // 4 of 5 neighbours inconsistent = 80% -> level 7; 1 of 11 = 9.09% -> level 0.
  EXPECT_EQ(inconsistency_level(4, 5), 7);
  EXPECT_EQ(inconsistency_level(1, 11), 0);
  EXPECT_EQ(inconsistency_level(1, 10), 0);
  EXPECT_EQ(inconsistency_level(2, 10), 1);
  EXPECT_EQ(inconsistency_level(5, 5), 9);
  EXPECT_EQ(inconsistency_level(0, 5), -1);
}

TEST(Conflicts, Fig2NeighbourhoodReachesLevelSeven) {
  // KCCKHCPGG = 3 with five neighbours, four of them inconsistent as in the paper's figure.
  const Counted c = count(manual_kb_of({{"KCCKHCPGG", 3},
                                        {"KCCKHPGG", 6},     // -C black: black better without it
                                        {"KCCKCPGG", 5},     // -H black
                                        {"KCCKHCGG", 4},     // -P black
                                        {"KCKHCPGG", 2},     // -C red: red better without it
                                        {"KCCKHCPG", 3}}));  // -G black: consistent
  const NodeId centre = node(c, "KCCKHCPGG");
  EXPECT_EQ(c.scored.lattice.neighbour_count(centre), 5);
  EXPECT_EQ(c.counter.inconsistent_neighbours(centre), 4);
  EXPECT_EQ(c.counter.level(centre), 7);
}

TEST(Conflicts, MirrorPairsAndSelfMirrors) {
  EXPECT_EQ(count(manual_kb_of({{"KRK", 0}, {"KKR", 9}})).summary.mirror_conflicts, 0u);
  const Counted pair = count(manual_kb_of({{"KRK", 0}, {"KKR", 7}}));
  EXPECT_EQ(pair.summary.mirror_conflicts, 1u);
  EXPECT_EQ(pair.summary.inconsistent_nodes, 2u);
  EXPECT_EQ(pair.summary.levels[9], 2u) << "each node's only neighbour is its mirror";
  EXPECT_EQ(count(manual_kb_of({{"KCKC", 5}})).summary.mirror_conflicts, 0u);
  const Counted self = count(manual_kb_of({{"KCKC", 3}}));
  EXPECT_EQ(self.summary.mirror_conflicts, 1u);
  EXPECT_EQ(self.summary.inconsistent_nodes, 1u);
}

TEST(Conflicts, CorrectedScoreWeighsLevelsByPowersOfTwo) {
  const Counted c = count(manual_kb_of({{"KRK", 0}, {"KKR", 7}}));
  EXPECT_EQ(c.summary.corrected_score, 2u * 512u);
}

TEST(Conflicts, MatchesBruteForceOnRandomSmallLattices) {
  std::mt19937_64 rng(20101);
  std::size_t nodes = 0;
  for (int trial = 0; trial < 40; ++trial) {
    const KnowledgeBase kb =
        test::random_kb(rng, 100 + static_cast<std::size_t>(trial) * 10, 4, 0.2);
    const Counted c = count(kb);
    const test::BruteForceResult truth = test::brute_force_conflicts(kb);
    ASSERT_EQ(c.summary.nodes, truth.inconsistent.size());
    EXPECT_EQ(c.summary.edges, truth.edges);
    EXPECT_EQ(c.summary.inconsistent_edges, truth.inconsistent_edges);
    EXPECT_EQ(c.summary.mirror_conflicts, truth.mirror_conflicts);
    EXPECT_EQ(c.summary.levels, truth.levels);
    EXPECT_EQ(c.summary.corrected_score, truth.corrected_score);
    ASSERT_GT(truth.inconsistent_edges, 0u) << "random scores should conflict";
    for (NodeId u = 0; u < c.scored.lattice.size(); ++u) {
      const Key k = c.scored.lattice.key(u);
      ASSERT_EQ(c.counter.inconsistent_neighbours(u), truth.inconsistent.at(k));
      ASSERT_EQ(c.scored.lattice.neighbour_count(u), truth.neighbours.at(k));
      ++nodes;
    }
  }
  EXPECT_GE(nodes, 16000u) << "nodes compared with brute force";  // 16946 when counted
}

TEST(Conflicts, RepeatedCountsReuseTheirBuffersAndAgree) {
  std::mt19937_64 rng(7);
  const KnowledgeBase kb = test::random_kb(rng, 300, 5, 0.1);
  ScoredLattice scored = ScoredLattice::of(kb);
  ConflictCounter counter(scored.lattice);
  const ConflictSummary first = counter.count(scored.ranks());
  std::vector<Rank> all_balanced(scored.lattice.size(), kBalancedRank);
  EXPECT_EQ(counter.count(all_balanced).inconsistent_nodes, 0u);
  EXPECT_EQ(counter.count(scored.ranks()), first);
}

}  // namespace
}  // namespace egkb
