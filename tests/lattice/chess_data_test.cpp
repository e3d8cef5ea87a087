// The Syzygy statistics: real ground truth for the piece additive rule (docs/design.md section 8).
#include <gtest/gtest.h>

#include <set>

#include "lattice/conflicts.h"
#include "tests/support/brute_force.h"
#include "tests/support/chess.h"

namespace egkb {
namespace {

using test::chess_data;

std::set<Key> inconsistent_keys(const KnowledgeBase& kb) {
  const ScoredLattice scored = ScoredLattice::of(kb);
  ConflictCounter counter(scored.lattice);
  counter.count(scored.ranks());
  std::set<Key> keys;
  for (NodeId u = 0; u < scored.lattice.size(); ++u) {
    if (counter.inconsistent_neighbours(u) > 0) keys.insert(scored.lattice.key(u));
  }
  return keys;
}

std::set<Key> brute_force_inconsistent_keys(const KnowledgeBase& kb) {
  std::set<Key> keys;
  for (const auto& [k, bad] : test::brute_force_conflicts(kb).inconsistent) {
    if (bad > 0) keys.insert(k);
  }
  return keys;
}

TEST(ChessData, MirrorClosureHasAThousandNodesAndNoConflict) {
  const KnowledgeBase kb = chess_data();
  EXPECT_EQ(kb.rows.size(), 510u);
  const ScoredLattice scored = ScoredLattice::of(kb);
  ConflictCounter counter(scored.lattice);
  const ConflictSummary s = counter.count(scored.ranks());
  EXPECT_EQ(s.nodes, 1000u);
  EXPECT_EQ(s.inconsistent_nodes, 0u);
  EXPECT_EQ(s.mirror_conflicts, 0u);
  EXPECT_EQ(s.edges, test::brute_force_conflicts(kb).edges);
}

TEST(ChessData, EveryCorruptedScoreReportsExactlyTheNodesBruteForceFinds) {
  const KnowledgeBase original = chess_data();
  std::size_t compared = 0;
  std::size_t flipped = 0;
  std::size_t detected = 0;
  for (std::size_t i = 0; i < original.rows.size(); i += 17) {
    KnowledgeBase corrupted = original;
    KbRow& row = corrupted.rows[i];
    row.score = mirror(row.score);  // flips the winner; balanced scores stay balanced
    const std::set<Key> found = inconsistent_keys(corrupted);
    EXPECT_EQ(found, brute_force_inconsistent_keys(corrupted)) << "row " << i;
    ++compared;
    if (rank_of(row.score) == rank_of(original.rows[i].score)) continue;
    ++flipped;
    detected += found.count(row.key);
  }
  // Some flips stay consistent with every neighbour (KBBvKNP 3 -> 6): the errors the lattice
  // cannot see. Most must show.
  EXPECT_EQ(compared, 30u) << "every 17th of the 510 rows";
  EXPECT_GT(flipped, 20u);
  EXPECT_GT(detected * 10, flipped * 8) << detected << " of " << flipped;
}

}  // namespace
}  // namespace egkb
