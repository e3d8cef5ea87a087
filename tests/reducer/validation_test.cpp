// Validation chooses the prior's weight and the cost by rows held out of the base: the prior
// where the base is close to additive piece values, none where it is not, and the same choice
// for the same seed.
#include "reducer/validation.h"

#include <gtest/gtest.h>

#include <cmath>
#include <unordered_map>

#include "io/csv.h"
#include "lattice/material.h"
#include "lattice/random.h"
#include "present/json_forms.h"
#include "reducer/reduce.h"
#include "reducer/validation_json.h"
#include "synth/synthesise.h"

namespace egkb {
namespace {

TEST(Validation, APriorThatDescribesTheBaseIsChosen) {
  const Synthesis synth = synthesise({.preset = "endall", .seed = 3, .rate = 0.35});
  const Validation v = validate(synth.noisy, {});
  EXPECT_GT(v.chosen.prior_weight, 0) << "the additive truth's base";
  ASSERT_EQ(v.scores.size(), 4u);
  EXPECT_FALSE(v.expert_rows);
  EXPECT_EQ(v.folds, 2u);
  EXPECT_GT(v.held_out, synth.noisy.rows.size() / 3) << "two folds of five, mirror pairs whole";
}

TEST(Validation, APriorThatDoesNotDescribeTheBaseIsNotChosen) {
  const Synthesis synth = synthesise(
      {.preset = "endall", .seed = 3, .rate = 0.35, .truth_model = TruthKind::Interplay});
  const Validation v = validate(synth.noisy, {});
  EXPECT_EQ(v.chosen.prior_weight, 0) << "a truth far from additive piece values";
}

TEST(Validation, TheSameSeedChoosesAlike) {
  const Synthesis synth = synthesise({.preset = "end59", .seed = 2, .rate = 0.35});
  const Validation a = validate(synth.noisy, {});
  const Validation b = validate(synth.noisy, {});
  EXPECT_EQ(a.chosen, b.chosen);
  ASSERT_EQ(a.scores.size(), b.scores.size());
  for (std::size_t i = 0; i < a.scores.size(); ++i)
    EXPECT_DOUBLE_EQ(a.scores[i].error, b.scores[i].error);
}

// Where a base holds enough expert rows, they are the ones held out: they are the truth.
TEST(Validation, ExpertRowsAreHeldOutFirst) {
  Synthesis synth = synthesise({.preset = "end59", .seed = 4, .rate = 0.35});
  std::size_t experts = 0;
  for (std::size_t i = 0; i < synth.noisy.rows.size(); i += 10, ++experts) {
    KbRow& row = synth.noisy.rows[i];
    row.source = Source::Expert;
    row.invariable = true;
  }
  ASSERT_GE(experts, 50u);
  const Validation v = validate(synth.noisy, {});
  EXPECT_TRUE(v.expert_rows);
  EXPECT_LE(v.held_out, 2 * experts);  // an expert row and its stored mirror, at most
}

// A base too large for the layered graph: the costs that need it are left out, and said to be,
// with the figures `reduce` prints; the validation read back from the store keeps them.
TEST(Validation, CostsWhoseLayeredGraphWouldNotFitAreLeftOutAndNamed) {
  const Synthesis synth = synthesise({.preset = "end59", .seed = 2, .rate = 0.35});
  ValidationOptions small;
  small.most_layered_nodes = 10;
  const Validation v = validate(synth.noisy, small);
  ASSERT_EQ(v.scores.size(), 2u) << "l1 with and without the prior";
  for (const HeldOutScore& h : v.scores) EXPECT_EQ(h.setting.cost, CostShape::L1);
  EXPECT_EQ(v.chosen.cost, CostShape::L1);
  ASSERT_EQ(v.too_large.size(), 2u);
  for (const TooLarge& t : v.too_large) {
    EXPECT_EQ(t.setting.cost, CostShape::Trunc2);
    EXPECT_GT(t.nodes, 10u);
    EXPECT_EQ(t.most, 10u);
  }
  EXPECT_TRUE(validate(synth.noisy, {}).too_large.empty()) << "end59 fits the default bound";

  const nlohmann::ordered_json json = validation_json(v);
  ASSERT_EQ(json["too_large"].size(), 2u);
  EXPECT_EQ(json["too_large"][0]["cost"], "trunc2");
  EXPECT_EQ(json["too_large"][0]["most"], 10);
  const auto back = validation_from_json(nlohmann::json::parse(json.dump()));
  ASSERT_TRUE(back);
  ASSERT_EQ(back->too_large.size(), 2u);
  EXPECT_EQ(back->too_large[1].setting, v.too_large[1].setting);
  EXPECT_EQ(back->too_large[1].nodes, v.too_large[1].nodes);
  // A validation stored before too_large was recorded reads back with none.
  nlohmann::ordered_json older = json;
  older.erase("too_large");
  ASSERT_TRUE(validation_from_json(nlohmann::json::parse(older.dump())));
  EXPECT_TRUE(validation_from_json(nlohmann::json::parse(older.dump()))->too_large.empty());
}

// The folds run on the cores there are: the same scores on one core as on two.
TEST(Validation, TheSameChoiceOnOneCoreAsOnTwo) {
  const Synthesis synth = synthesise({.preset = "end59", .seed = 5, .rate = 0.35});
  ValidationOptions one, two;
  one.threads = 1;
  two.threads = 2;
  const Validation a = validate(synth.noisy, one), b = validate(synth.noisy, two);
  EXPECT_EQ(a.chosen, b.chosen);
  EXPECT_EQ(a.held_out, b.held_out);
  ASSERT_EQ(a.scores.size(), b.scores.size());
  for (std::size_t i = 0; i < a.scores.size(); ++i) EXPECT_EQ(a.scores[i].error, b.scores[i].error);
}

// A base of more rows than the bound is validated on its part: the rows whose materials hold at
// most the caps' pieces of each kind a side, caps lowered one piece at a time, as many rows as fit
// the bound. Counted here from the materials themselves.
TEST(Validation, ALargeBaseIsValidatedOnAPartThatHoldsEveryKindOfPiece) {
  const Synthesis synth = synthesise({.preset = "endall", .seed = 2, .rate = 0.35});
  ValidationOptions o;
  o.most_rows = 20'000;
  const Validation v = validate(synth.noisy, o);
  ASSERT_TRUE(v.part_caps);
  std::size_t within = 0;
  const PieceSet& pieces = *synth.noisy.pieces;
  for (const KbRow& row : synth.noisy.rows) {
    const Material m = material_of(row.key, pieces);
    bool in = true;
    for (PieceKind k : pieces.kinds()) {
      const int most = std::max(m.count(Side::Red, k), m.count(Side::Black, k));
      in = in && most <= (*v.part_caps)[static_cast<std::size_t>(kind_index(k))];
    }
    within += in;
  }
  EXPECT_EQ(v.part_rows, within);
  EXPECT_LE(v.part_rows, o.most_rows);
  EXPECT_GT(v.part_rows, o.most_rows / 2) << "caps lowered only while the part is too large";
  for (PieceKind k : pieces.kinds()) {
    EXPECT_GE((*v.part_caps)[static_cast<std::size_t>(kind_index(k))], 1)
        << "every kind of piece in the part: " << pieces.kind(k).letter;
  }
  EXPECT_LE(v.held_out, v.part_rows);
  EXPECT_GT(v.held_out, v.part_rows / 3) << "two folds of five of the part's rows";
  // Read back from the store's form, caps and all.
  const auto back = validation_from_json(nlohmann::json::parse(validation_json(v).dump()));
  ASSERT_TRUE(back);
  EXPECT_EQ(back->part_rows, v.part_rows);
  EXPECT_EQ(back->part_caps, v.part_caps);
  EXPECT_FALSE(validate(synth.noisy, {}).part_caps) << "63,423 rows: the whole base";
}

// The part would fit a layered graph that the whole base's repair would not: the settings that
// need one are left out with the whole base's figures, since the repair validation chooses for
// is the whole base's.
TEST(Validation, APartLeavesOutWhatTheWholeBasesRepairCouldNotLayOut) {
  const Synthesis synth = synthesise({.preset = "endall", .seed = 2, .rate = 0.35});
  ValidationOptions o;
  o.most_rows = 20'000;
  o.most_layered_nodes = 40'000;
  const Validation v = validate(synth.noisy, o);
  ASSERT_TRUE(v.part_caps);
  ASSERT_EQ(v.too_large.size(), 2u);
  for (const TooLarge& t : v.too_large) {
    EXPECT_EQ(t.setting.cost, CostShape::Trunc2);
    EXPECT_EQ(t.nodes, 63423u) << "the whole base's linked nodes";
    EXPECT_EQ(t.most, 40'000u);
  }
  EXPECT_EQ(v.chosen.cost, CostShape::L1);
}

}  // namespace
}  // namespace egkb

namespace egkb {
namespace {

// A base with `experts` of its rows scored by an expert (the truth, invariable), and evidence
// for every row: the truth's rank where `right`, else a rank drawn at random.
struct EvidenceCase {
  KnowledgeBase kb;
  std::vector<double> evidence;
};

EvidenceCase evidence_case(std::size_t experts, bool right) {
  const Synthesis synth = synthesise({.preset = "end59", .seed = 4, .rate = 0.35});
  EvidenceCase c{synth.noisy, {}};
  std::unordered_map<Key, Score> truth;
  for (const KbRow& row : synth.truth.rows) truth.emplace(row.key, row.score);
  Random random(8);
  for (std::size_t i = 0; i < c.kb.rows.size(); ++i) {
    KbRow& row = c.kb.rows[i];
    const Score t = truth.at(row.key);
    // Every 40th row an expert's, while they last (a mirror pair's other row is rarely stored).
    if (i % 40 == 0 && i / 40 < experts) {
      row.score = t;
      row.source = Source::Expert;
      row.invariable = true;
    }
    c.evidence.push_back(right ? value(rank_of(t)) : static_cast<double>(random.below(9)));
  }
  return c;
}

TEST(Validation, EvidenceThatPredictsTheExpertRowsIsWeighedAndOtherEvidenceIsNot) {
  ValidationOptions o;
  EvidenceCase good = evidence_case(60, true);
  o.evidence = good.evidence;
  const Validation with_good = validate(good.kb, o);
  EXPECT_TRUE(with_good.expert_rows);
  EXPECT_GT(with_good.chosen.evidence_weight, 0) << "evidence that is the truth";
  EXPECT_EQ(with_good.scores.size(), 8u) << "two costs, two prior weights, two evidence weights";
  EvidenceCase bad = evidence_case(60, false);
  o.evidence = bad.evidence;
  EXPECT_EQ(validate(bad.kb, o).chosen.evidence_weight, 0) << "evidence at random";
}

TEST(Validation, EvidenceIsNotWeighedWithoutEnoughExpertRows) {
  ValidationOptions o;
  EvidenceCase good = evidence_case(20, true);
  o.evidence = good.evidence;
  const Validation v = validate(good.kb, o);
  EXPECT_FALSE(v.expert_rows);
  EXPECT_EQ(v.chosen.evidence_weight, 0);
  EXPECT_EQ(v.scores.size(), 4u) << "the evidence weight is not tried on rows it may contradict";
}

}  // namespace
}  // namespace egkb

namespace egkb {
namespace {

TEST(NodeRanks, APullIsMirrorSymmetricHoweverItsRowsWereGivenRanks) {
  // KRK and its stored mirror KKR given ranks out of step, KNK alone (its mirror implied), KCK
  // none.
  const KnowledgeBase kb = parse_csv("material,score\nKRK,0\nKKR,8\nKNK,1\nKCK,4\n", "kb.csv", {});
  const ScoredLattice scored = ScoredLattice::of(kb);
  const Lattice& lat = scored.lattice;
  const std::vector<double> ranks = node_ranks(lat, kb, std::vector<double>{1, 6, 2, std::nan("")});
  const auto at = [&](const char* m) {
    return ranks[*lat.find(key_of(parse_material(m, PieceSet::xiangqi()), PieceSet::xiangqi()))];
  };
  EXPECT_DOUBLE_EQ(at("KRK"), 1.5);
  EXPECT_DOUBLE_EQ(at("KKR"), 6.5);
  EXPECT_DOUBLE_EQ(at("KNK"), 2);
  EXPECT_DOUBLE_EQ(at("KKN"), 6);
  EXPECT_TRUE(std::isnan(at("KCK")) && std::isnan(at("KKC")));
}

}  // namespace
}  // namespace egkb
