#include "synth/truth_model.h"

#include <gtest/gtest.h>

#include "lattice/conflicts.h"
#include "lattice/knowledge_base.h"
#include "synth/presets.h"
#include "tests/support/xiangqi.h"

namespace egkb {
namespace {

using test::xq;

const TruthModel& truth() {
  static const TruthModel model;
  return model;
}

TEST(TruthModel, EveryPresetIsConflictFree) {
  int checked = 0;
  for (std::string_view name : preset_names()) {
    if (name == "full") continue;  // the whole lattice: truth_kinds_test.cpp
    KnowledgeBase kb;
    for (const PresetMaterial& m : preset_materials(name))
      kb.rows.push_back({m.key, truth().score(m.key), m.source, false, {}, 0});
    const ScoredLattice scored = ScoredLattice::of(kb);
    ConflictCounter counter(scored.lattice);
    const ConflictSummary s = counter.count(scored.ranks());
    EXPECT_EQ(s.inconsistent_nodes, 0u) << name;
    EXPECT_EQ(s.nodes, kb.rows.size()) << name << " is closed under mirroring";
    ++checked;
  }
  EXPECT_EQ(checked, 7) << "every preset but full";
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
