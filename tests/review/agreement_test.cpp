// Agreement between reviewers against figures computed by hand.
#include "review/agreement.h"

#include <gtest/gtest.h>

#include "tests/review/drafted_batch.h"

namespace egkb {
namespace {

using test::batch_of;
using test::draft;

// Four rows, alice's ranks 0 0 4 8 and bob's 0 1 4 6 (his 5 is rank 4, his ok the drawn 0).
// po = (1 + 7/8 + 1 + 6/8) / 4 = 0.90625. Alice's rank shares 0: 1/2, 4: 1/4, 8: 1/4; bob's
// 1/4 each of 0, 1, 4, 6; pe = 1/2 (1/4 + 7/32 + 1/8 + 1/16) + 1/4 (1/8 + 5/32 + 1/4 + 3/16)
// + 1/4 (0 + 1/32 + 1/8 + 3/16) = 0.328125 + 0.1796875 + 0.0859375 = 0.59375.
// kappa = (0.90625 - 0.59375) / (1 - 0.59375) = 0.3125 / 0.40625 = 10/13.
TEST(Agreement, WeightedKappaMatchesTheHandComputation) {
  const Batch b = batch_of({0, 3, 4, 8});
  const std::vector<Draft> drafts = {draft(0, "alice", "0"), draft(1, "alice", "0"),
                                     draft(2, "alice", "4"), draft(3, "alice", "9"),
                                     draft(0, "bob", "ok"),  draft(1, "bob", "1"),
                                     draft(2, "bob", "5"),   draft(3, "bob", "7")};
  const BatchAgreement a = batch_agreement(b, drafts);
  ASSERT_EQ(a.reviewers, (std::vector<std::string>{"alice", "bob"}));
  ASSERT_EQ(a.pairs.size(), 1u);
  EXPECT_EQ(a.pairs[0].rows, 4u);
  EXPECT_EQ(a.pairs[0].same, 1u);  // only the first row has the same score; 4 and 5 differ
  ASSERT_TRUE(a.pairs[0].kappa);
  EXPECT_NEAR(*a.pairs[0].kappa, 10.0 / 13.0, 1e-12);
  // The rows to settle: every one but the first, where ok stands for the drawn 0.
  ASSERT_EQ(a.disagreements.size(), 3u);
  EXPECT_EQ(a.disagreements[0].item, 1u);
  EXPECT_EQ(a.disagreements[0].answers.at("bob").text(), "1");
}

TEST(Agreement, RankWeightsAreLinearOverTheNineRanks) {
  EXPECT_EQ(rank_weight(Rank(4), Rank(4)), 1.0);
  EXPECT_EQ(rank_weight(Rank(0), Rank(8)), 0.0);
  EXPECT_EQ(rank_weight(Rank(3), Rank(5)), 0.75);
  EXPECT_EQ(rank_weight(rank_of(Score(4)), rank_of(Score(5))), 1.0);
}

TEST(Agreement, PerfectAndChanceAgreement) {
  const std::vector<std::pair<Rank, Rank>> same = {{Rank(0), Rank(0)}, {Rank(8), Rank(8)}};
  EXPECT_NEAR(*weighted_kappa(same), 1.0, 1e-12);
  // Reversed ranks 0/8: po = 0, pe = 1/2: kappa = -1.
  const std::vector<std::pair<Rank, Rank>> reversed = {{Rank(0), Rank(8)}, {Rank(8), Rank(0)}};
  EXPECT_NEAR(*weighted_kappa(reversed), -1.0, 1e-12);
  // Both gave one rank everywhere: chance explains it all, kappa is undefined.
  const std::vector<std::pair<Rank, Rank>> flat = {{Rank(2), Rank(2)}, {Rank(2), Rank(2)}};
  EXPECT_FALSE(weighted_kappa(flat));
  EXPECT_FALSE(weighted_kappa({}));
}

TEST(Agreement, OnlyRowsBothAnsweredCountAndFlagsAreNoAnswers) {
  const Batch b = batch_of({2, 2, 2});
  std::vector<Draft> drafts = {draft(0, "alice", "2"), draft(1, "alice", "3"), draft(0, "bob", "2"),
                               draft(0, "carol", "6")};
  Draft flagged = draft(1, "bob", "2");
  flagged.state = DraftState{std::nullopt, "come back", true};
  drafts.push_back(flagged);
  const BatchAgreement a = batch_agreement(b, drafts);
  ASSERT_EQ(a.pairs.size(), 3u);  // alice-bob, alice-carol, bob-carol
  EXPECT_EQ(a.pairs[0].first, "alice");
  EXPECT_EQ(a.pairs[0].second, "bob");
  EXPECT_EQ(a.pairs[0].rows, 1u);
  EXPECT_EQ(a.pairs[0].same, 1u);
  EXPECT_FALSE(a.pairs[0].kappa);  // one row, one rank: undefined
  ASSERT_EQ(a.disagreements.size(), 1u);
  EXPECT_EQ(a.disagreements[0].item, 0u);
  EXPECT_EQ(disagreements_of(a, "alice").size(), 1u);
  EXPECT_TRUE(disagreements_of(a, "dave").empty());
}

// Fleiss' (1971) worked example as Wikipedia gives it: 14 raters, 5 categories, 10 subjects;
// P = 0.37802, Pe = 0.21331, kappa = 0.20993.
TEST(Agreement, FleissKappaMatchesTheWorkedExample) {
  const std::vector<ScoreCounts> table = {
      {0, 0, 0, 0, 14}, {0, 2, 6, 4, 2}, {0, 0, 3, 5, 6}, {0, 3, 9, 2, 0}, {2, 2, 8, 1, 1},
      {7, 7, 0, 0, 0},  {3, 2, 6, 3, 0}, {2, 5, 3, 2, 2}, {6, 5, 2, 1, 0}, {0, 2, 2, 3, 7}};
  ASSERT_TRUE(fleiss_kappa(table));
  EXPECT_NEAR(*fleiss_kappa(table), 0.20993, 5e-5);
  // Full agreement on two categories is 1; a row of one answer counts for nothing.
  EXPECT_NEAR(*fleiss_kappa(std::vector<ScoreCounts>{{3}, {0, 3}, {1}}), 1.0, 1e-12);
  EXPECT_FALSE(fleiss_kappa(std::vector<ScoreCounts>{{3}, {2}}));  // one category: undefined
  EXPECT_FALSE(fleiss_kappa(std::vector<ScoreCounts>{{0, 1}}));
}

// Three reviewers on four rows, by hand: rows (2,2,2), (2,2,6), (3,3), and one answer only. Row
// shares of agreeing pairs 1, 1/3, 1; answers 8: p2 = 5/8, p6 = 1/8, p3 = 2/8; P = 7/9,
// Pe = (25 + 1 + 4) / 64 = 30/64; kappa = (7/9 − 30/64) / (1 − 30/64) = 0.5818.
TEST(Agreement, ThreeReviewersGiveFleissKappaAndEachPairItsConfusion) {
  const Batch b = batch_of({2, 2, 3, 4});
  const std::vector<Draft> drafts = {
      draft(0, "alice", "2"), draft(0, "bob", "2"),  draft(0, "carol", "ok"),
      draft(1, "alice", "2"), draft(1, "bob", "ok"), draft(1, "carol", "6"),
      draft(2, "alice", "3"), draft(2, "bob", "3"),  draft(3, "alice", "4")};
  const BatchAgreement a = batch_agreement(b, drafts);
  EXPECT_EQ(a.rows_by_several, 3u);
  ASSERT_TRUE(a.fleiss);
  EXPECT_NEAR(*a.fleiss, (7.0 / 9 - 30.0 / 64) / (1 - 30.0 / 64), 1e-12);
  ASSERT_EQ(a.pairs.size(), 3u);
  const PairAgreement& alice_carol = a.pairs[1];
  EXPECT_EQ(alice_carol.second, "carol");
  EXPECT_EQ(alice_carol.confusion[2][2], 1u);
  EXPECT_EQ(alice_carol.confusion[2][6], 1u);
  std::size_t total = 0;
  for (const auto& row : alice_carol.confusion) {
    for (const std::size_t c : row) total += c;
  }
  EXPECT_EQ(total, alice_carol.rows);
}

}  // namespace
}  // namespace egkb

namespace egkb {
namespace {

// The bootstrap's interval against the exact bootstrap distribution: with 5 rows every one of
// the 5^5 resamples can be enumerated, each as likely as the others. The 2000 drawn give
// percentiles whose exact cumulative shares lie near 2.5% and 97.5%.
TEST(Agreement, KappaIntervalMatchesTheExactBootstrapDistribution) {
  const std::vector<std::pair<Rank, Rank>> rows = {{Rank(0), Rank(0)},
                                                   {Rank(0), Rank(1)},
                                                   {Rank(4), Rank(4)},
                                                   {Rank(8), Rank(6)},
                                                   {Rank(2), Rank(5)}};
  std::vector<double> exact;
  std::vector<std::pair<Rank, Rank>> resample(rows.size());
  for (std::size_t code = 0; code < 3125; ++code) {
    for (std::size_t i = 0, c = code; i < rows.size(); ++i, c /= 5) resample[i] = rows[c % 5];
    if (const auto k = weighted_kappa(resample)) exact.push_back(*k);
  }
  const auto share_below = [&](double x, bool inclusive) {
    const auto n = std::count_if(exact.begin(), exact.end(), [&](double v) {
      return inclusive ? v <= x + 1e-12 : v < x - 1e-12;
    });
    return static_cast<double>(n) / static_cast<double>(exact.size());
  };
  const auto interval = weighted_kappa_interval(rows);
  ASSERT_TRUE(interval);
  EXPECT_LT(interval->low, *weighted_kappa(rows));
  EXPECT_GT(interval->high, *weighted_kappa(rows));
  EXPECT_LE(share_below(interval->low, false), 0.025 + 0.015);
  EXPECT_GE(share_below(interval->low, true), 0.025 - 0.015);
  EXPECT_LE(share_below(interval->high, false), 0.975 + 0.015);
  EXPECT_GE(share_below(interval->high, true), 0.975 - 0.015);
  // The same rows give the same interval; perfect agreement on every resample gives [1, 1].
  EXPECT_EQ(weighted_kappa_interval(rows)->low, interval->low);
  const std::vector<std::pair<Rank, Rank>> same = {
      {Rank(0), Rank(0)}, {Rank(8), Rank(8)}, {Rank(4), Rank(4)}};
  EXPECT_NEAR(weighted_kappa_interval(same)->low, 1.0, 1e-12);
  EXPECT_NEAR(weighted_kappa_interval(same)->high, 1.0, 1e-12);
  EXPECT_FALSE(weighted_kappa_interval(std::span(rows).first(1))) << "one row";
  // Fleiss' interval leaves out rows of one answer, and holds its kappa.
  const std::vector<ScoreCounts> counts = {{2, 0}, {1, 1}, {0, 2}, {0, 0, 1}, {0, 1, 1}};
  const auto fleiss = fleiss_kappa_interval(counts);
  ASSERT_TRUE(fleiss);
  EXPECT_LE(fleiss->low, *fleiss_kappa(counts));
  EXPECT_GE(fleiss->high, *fleiss_kappa(counts));
}

}  // namespace
}  // namespace egkb
