#include "lattice/piece_rule.h"

#include <gtest/gtest.h>

#include "lattice/links.h"

namespace egkb {
namespace {

TEST(PieceRule, RedPieceMoreRanksNoHigherBlackPieceMoreNoLower) {
  EXPECT_FALSE(edge_inconsistent(Rank(4), Rank(0), Side::Red));
  EXPECT_TRUE(edge_inconsistent(Rank(0), Rank(4), Side::Red));
  EXPECT_FALSE(edge_inconsistent(Rank(0), Rank(4), Side::Black));
  EXPECT_TRUE(edge_inconsistent(Rank(4), Rank(0), Side::Black));
  EXPECT_EQ(rule_excess(Rank(1), Rank(3), Side::Red), 2);
  EXPECT_EQ(rule_excess(Rank(3), Rank(1), Side::Black), 2);
  // Seen from either end of the edge the same rule.
  EXPECT_TRUE(neighbour_at_most(Link::More, Side::Red));
  EXPECT_FALSE(neighbour_at_most(Link::Fewer, Side::Red));
  EXPECT_FALSE(neighbour_at_most(Link::More, Side::Black));
  EXPECT_TRUE(neighbour_at_most(Link::Fewer, Side::Black));
  EXPECT_TRUE(neighbour_ranks_at_most(true, Side::Red));
  EXPECT_FALSE(neighbour_ranks_at_most(false, Side::Red));
  EXPECT_FALSE(neighbour_ranks_at_most(true, Side::Black));
  EXPECT_TRUE(neighbour_ranks_at_most(false, Side::Black));
}

}  // namespace
}  // namespace egkb
