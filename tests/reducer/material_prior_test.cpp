// The material prior fitted to a base: on the real chess data it must find what every chess
// player knows about piece values, treat both sides alike, and give mirrors mirrored ranks.
#include "reducer/material_prior.h"

#include <gtest/gtest.h>

#include <cmath>

#include "tests/support/chess.h"

namespace egkb {
namespace {

TEST(MaterialPrior, FitsChessPieceValuesInTheirKnownOrder) {
  const KnowledgeBase kb = test::chess_data();
  const MaterialPrior prior = MaterialPrior::fit(kb);
  const PieceSet& chess = *kb.pieces;
  auto worth = [&](char letter) { return -prior.value(Side::Red, *chess.kind_of(letter)); };
  // White pieces lower the rank (rank 0: white wins); the queen most, then the rook, then the
  // minor pieces and the pawn.
  EXPECT_GT(worth('Q'), worth('R'));
  for (char minor : {'B', 'N', 'P'}) {
    EXPECT_GT(worth('R'), worth(minor)) << minor;
    EXPECT_GT(worth(minor), 0) << minor;
  }
  // Fitted to every row and its mirror: a black piece is worth what a white one is.
  for (PieceKind k : chess.kinds()) {
    EXPECT_NEAR(prior.value(Side::Black, k), -prior.value(Side::Red, k), 1e-6) << kind_index(k);
  }
  // Calibrated: the estimate rises as white's material falls.
  EXPECT_LT(prior.estimate(parse_material("KQvK", chess)),
            prior.estimate(parse_material("KvK", chess)));
  EXPECT_LT(prior.estimate(parse_material("KvK", chess)),
            prior.estimate(parse_material("KvKQ", chess)));
}

TEST(MaterialPrior, GivesMirrorsMirroredRanks) {
  const KnowledgeBase kb = test::chess_data();
  const ScoredLattice scored = ScoredLattice::of(kb);
  const std::vector<double> ranks = MaterialPrior::fit(kb).ranks(scored.lattice);
  std::size_t checked = 0;
  for (NodeId n = 0; n < scored.lattice.size(); ++n) {
    EXPECT_NEAR(ranks[n] + ranks[scored.lattice.mirror(n)], kMaxRank, 1e-9);
    EXPECT_GE(ranks[n], 0);
    EXPECT_LE(ranks[n], kMaxRank);
    ++checked;
  }
  EXPECT_EQ(checked, 1000u) << "the chess data's materials and their mirrors";
}

}  // namespace
}  // namespace egkb
