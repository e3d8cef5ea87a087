#include "synth/truth_model.h"

#include <gtest/gtest.h>

#include "lattice/conflicts.h"
#include "lattice/knowledge_base.h"
#include "synth/presets.h"
#include "synth/raw_advantage.h"

namespace egkb {
namespace {

const PieceSet& xq = PieceSet::xiangqi();

const TruthModel& truth() {
  static const TruthModel model;
  return model;
}

Rank rank_in_truth(const char* text) {
  return rank_of(truth().score(key_of(parse_material(text, xq), xq)));
}

TEST(TruthModel, HasNoConflictOnTheWholeLattice) {
  const Lattice lattice = Lattice::full(xq);
  std::vector<Rank> ranks(lattice.size());
  for (NodeId u = 0; u < lattice.size(); ++u) ranks[u] = rank_of(truth().score(lattice.key(u)));
  ConflictCounter counter(lattice);
  const ConflictSummary s = counter.count(ranks);
  EXPECT_EQ(s.nodes, 2125764u);
  EXPECT_EQ(s.inconsistent_edges, 0u);
  EXPECT_EQ(s.inconsistent_nodes, 0u);
}

TEST(TruthModel, IsMirrorSymmetric) {
  for (Key k = 0; k < xq.key_count(); ++k) {
    const Key m = mirror_key(k, xq);
    const Score s = truth().score(k);
    ASSERT_EQ(value(rank_of(truth().score(m))), kMaxRank - value(rank_of(s))) << k;
    if (value(rank_of(s)) == 4) {
      ASSERT_EQ(truth().score(m), s) << "4 or 5 alike for a pair";
    }
    if (m == k) {
      ASSERT_EQ(rank_of(s), kBalancedRank) << format_material(material_of(k, xq), xq);
    }
  }
}

TEST(TruthModel, RawAdvantageIsAntisymmetric) {
  for (Key k = 0; k < xq.key_count(); k += 997) {
    const Material m = material_of(k, xq);
    EXPECT_EQ(additive_advantage(mirror(m)), -additive_advantage(m));
  }
}

// The consistent textbook facts of the seed texts (docs/synthetic-data.md lists them).
TEST(TruthModel, AgreesWithTheSeedFacts) {
  // The KRKNMM report: KRKNGG is won in practically all cases, KRKNMM in most; KRKMM is won.
  EXPECT_EQ(value(rank_in_truth("KRKNGG")), 0);
  EXPECT_EQ(value(rank_in_truth("KRKNMM")), 1);
  EXPECT_EQ(value(rank_in_truth("KRKMM")), 0);
  // The paper, section 2.2: against two pawns a guard with a minister draws, two of a kind lose;
  // against horse and pawn two ministers draw, the other pairs lose.
  EXPECT_LE(value(rank_in_truth("KPPKGG")), 1);
  EXPECT_LE(value(rank_in_truth("KPPKMM")), 1);
  EXPECT_EQ(rank_in_truth("KPPKGM"), kBalancedRank);
  EXPECT_LE(value(rank_in_truth("KHPKGM")), 1);
  EXPECT_LE(value(rank_in_truth("KHPKGG")), 1);
  EXPECT_EQ(rank_in_truth("KHPKMM"), kBalancedRank);
  // The endgame query system: a horse captures a lone guard; cannon, pawn, guard and two
  // ministers beat the full defence.
  EXPECT_LE(value(rank_in_truth("KNKG")), 1);
  EXPECT_LT(value(rank_in_truth("KCPGMMKGGMM")), 4);
  // Cannons need a screen: a lone cannon cannot mate, one with a guard behind it can.
  EXPECT_EQ(rank_in_truth("KCK"), kBalancedRank);
  EXPECT_EQ(value(rank_in_truth("KCGK")), 0);
  EXPECT_EQ(rank_in_truth("KK"), kBalancedRank);
  EXPECT_EQ(value(rank_in_truth("KRK")), 0);
  EXPECT_EQ(value(rank_in_truth("KKR")), 8);
}

TEST(TruthModel, EveryPresetIsConflictFree) {
  for (std::string_view name : preset_names()) {
    if (name == "full") continue;  // the whole lattice is checked above
    KnowledgeBase kb;
    for (const PresetMaterial& m : preset_materials(name))
      kb.rows.push_back({m.key, truth().score(m.key), m.source, false, {}, 0});
    const ScoredLattice scored = ScoredLattice::of(kb);
    ConflictCounter counter(scored.lattice);
    const ConflictSummary s = counter.count(scored.ranks());
    EXPECT_EQ(s.inconsistent_nodes, 0u) << name;
    EXPECT_EQ(s.nodes, kb.rows.size()) << name << " is closed under mirroring";
  }
}

TEST(Presets, AreShapedLikeThePapersBases) {
  EXPECT_EQ(preset_materials("end65").size(), 18225u);  // 135 sides with <= 2 attackers, squared
  EXPECT_EQ(preset_materials("end64").size(), 41310u);  // a side grows to 3 attackers: 2*153*135
  EXPECT_EQ(preset_materials("end60").size(), 486u);
  EXPECT_EQ(preset_materials("full").size(), 2125764u);
  const auto endall = preset_materials("endall");
  EXPECT_GT(endall.size(), 60000u);
  EXPECT_LT(endall.size(), 75000u);
  std::size_t manual = 0;
  for (const PresetMaterial& m : endall) manual += m.source == Source::Manual;
  // END65 already holds the END60 rows with R or RP (2 strong sides x 9 x 9 x 2 orientations
  // = 324) and the END50 rows with NP or CP (324 likewise).
  EXPECT_EQ(manual, 18225u + 486u + 972u - 324u - 324u);
}

}  // namespace
}  // namespace egkb
