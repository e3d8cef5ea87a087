// What every synthetic truth must be, the additive one and the interplay one alike: consistent
// on the whole lattice, mirror-symmetric, and true to the seed texts' facts.
#include <gtest/gtest.h>

#include "lattice/conflicts.h"
#include "lattice/knowledge_base.h"
#include "synth/raw_advantage.h"
#include "synth/truth_model.h"
#include "tests/support/xiangqi.h"

namespace egkb {
namespace {

using test::xq;

class TruthKinds : public ::testing::TestWithParam<TruthKind> {
 protected:
  // Each kind's model, evaluated once for every test of the kind.
  static const TruthModel& truth() {
    static const TruthModel additive(TruthKind::Additive);
    static const TruthModel interplay(TruthKind::Interplay);
    return GetParam() == TruthKind::Additive ? additive : interplay;
  }

  static double raw_advantage(const Material& m) {
    return GetParam() == TruthKind::Additive ? additive_advantage(m) : interplay_advantage(m);
  }

  static int rank_in(const char* text) {
    return value(rank_of(truth().score(key_of(parse_material(text, xq), xq))));
  }
};

TEST_P(TruthKinds, HasNoConflictOnTheWholeLattice) {
  const Lattice lattice = Lattice::full(xq);
  std::vector<Rank> ranks(lattice.size());
  for (NodeId u = 0; u < lattice.size(); ++u) ranks[u] = rank_of(truth().score(lattice.key(u)));
  ConflictCounter counter(lattice);
  const ConflictSummary s = counter.count(ranks);
  EXPECT_EQ(s.nodes, 2125764u);
  EXPECT_EQ(s.inconsistent_edges, 0u);
  EXPECT_EQ(s.inconsistent_nodes, 0u);
  EXPECT_EQ(s.mirror_conflicts, 0u);
}

TEST_P(TruthKinds, IsMirrorSymmetric) {
  Key checked = 0, self_mirrors = 0;
  for (Key k = 0; k < xq.key_count(); ++k) {
    const Key m = mirror_key(k, xq);
    const Score s = truth().score(k);
    ASSERT_EQ(value(rank_of(truth().score(m))), kMaxRank - value(rank_of(s))) << k;
    if (rank_of(s) == kBalancedRank) {
      ASSERT_EQ(truth().score(m), s) << "4 or 5 alike for a pair";
    }
    if (m == k) {
      ASSERT_EQ(rank_of(s), kBalancedRank) << format_material(material_of(k, xq), xq);
      ++self_mirrors;
    }
    ++checked;
  }
  EXPECT_EQ(checked, 2125764u) << "every xiangqi material";
  EXPECT_EQ(self_mirrors, 1458u) << "one a side material: both sides alike";
}

TEST_P(TruthKinds, RawAdvantageIsAntisymmetric) {
  int checked = 0;
  for (Key k = 0; k < xq.key_count(); k += 997) {
    const Material m = material_of(k, xq);
    EXPECT_EQ(raw_advantage(mirror(m)), -raw_advantage(m));
    ++checked;
  }
  EXPECT_EQ(checked, 2133) << "every 997th of the 2125764 materials";
}

// The consistent textbook facts of the seed texts (docs/synthetic-data.md lists them).
TEST_P(TruthKinds, AgreesWithTheSeedFacts) {
  // The KRKNMM report: KRKNGG is won in practically all cases, KRKNMM in most; KRKMM is won.
  EXPECT_EQ(rank_in("KRKNGG"), 0);
  EXPECT_EQ(rank_in("KRKNMM"), 1);
  EXPECT_EQ(rank_in("KRKMM"), 0);
  // The paper, section 2.2: against two pawns a guard with a minister draws, two of a kind lose;
  // against horse and pawn two ministers draw, the other pairs lose.
  EXPECT_LE(rank_in("KPPKGG"), 1);
  EXPECT_LE(rank_in("KPPKMM"), 1);
  EXPECT_EQ(rank_in("KPPKGM"), value(kBalancedRank));
  EXPECT_LE(rank_in("KHPKGM"), 1);
  EXPECT_LE(rank_in("KHPKGG"), 1);
  EXPECT_EQ(rank_in("KHPKMM"), value(kBalancedRank));
  // The endgame query system: a horse captures a lone guard; cannon, pawn, guard and two
  // ministers beat the full defence.
  EXPECT_LE(rank_in("KNKG"), 1);
  EXPECT_LT(rank_in("KCPGMMKGGMM"), value(kBalancedRank));
  // Cannons need a screen: a lone cannon cannot mate, one with a guard behind it can.
  EXPECT_EQ(rank_in("KCK"), value(kBalancedRank));
  EXPECT_EQ(rank_in("KCGK"), 0);
  EXPECT_EQ(rank_in("KK"), value(kBalancedRank));
  EXPECT_EQ(rank_in("KRK"), 0);
  EXPECT_EQ(rank_in("KKR"), kMaxRank);
}

INSTANTIATE_TEST_SUITE_P(Synth, TruthKinds,
                         ::testing::Values(TruthKind::Additive, TruthKind::Interplay),
                         [](const ::testing::TestParamInfo<TruthKind>& info) {
                           return std::string(truth_kind_name(info.param));
                         });

}  // namespace
}  // namespace egkb
