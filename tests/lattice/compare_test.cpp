#include "lattice/compare.h"

#include <gtest/gtest.h>

#include "base/errors.h"
#include "lattice/material.h"
#include "tests/support/xiangqi.h"

namespace egkb {
namespace {

using test::xq;

KnowledgeBase kb_of(std::initializer_list<std::pair<const char*, int>> rows) {
  KnowledgeBase kb;
  std::size_t line = 1;
  for (const auto& [text, score] : rows) {
    kb.rows.push_back(
        {key_of(parse_material(text, xq), xq), Score(score), Source::Generated, false, {}, ++line});
  }
  return kb;
}

TEST(Compare, HandMadeTenNodeCase) {
  const KnowledgeBase truth = kb_of({{"KRK", 0},
                                     {"KNK", 0},
                                     {"KCK", 5},
                                     {"KPK", 1},
                                     {"KRKR", 4},
                                     {"KRKN", 1},
                                     {"KRKC", 1},
                                     {"KNKR", 8},
                                     {"KCKR", 8},
                                     {"KPKR", 9}});
  const KnowledgeBase kb = kb_of({{"KRK", 0},     // right
                                  {"KNK", 1},     // D=1
                                  {"KCK", 4},     // D=0: 4 and 5 are one rank
                                  {"KPK", 3},     // D=2
                                  {"KRKR", 9},    // D=4 from balanced: not inverted
                                  {"KRKN", 6},    // D=4 (rank 1 -> 5), inverted
                                  {"KRKC", 4},    // D=3
                                  {"KNKR", 2},    // D=5, inverted
                                  {"KCKR", 9},    // D=1: rank 7 -> 8
                                  {"KPKR", 9}});  // right
  const ErrorCounts c = compare_to_truth(kb, truth);
  EXPECT_EQ(c.size, 10u);
  EXPECT_EQ(c.errors, 8u);
  EXPECT_EQ(c.d0, 1u);
  EXPECT_EQ(c.d1, 2u);
  EXPECT_EQ(c.d2, 1u);
  EXPECT_EQ(c.d3, 1u);
  EXPECT_EQ(c.d_ge4, 3u);
  EXPECT_EQ(c.inverted, 2u);
}

TEST(Compare, UsesTheMirroredTruthWhenOnlyTheMirrorIsStored) {
  const KnowledgeBase truth = kb_of({{"KRKN", 1}});
  EXPECT_EQ(compare_to_truth(kb_of({{"KNKR", 8}}), truth).errors, 0u);
  EXPECT_EQ(compare_to_truth(kb_of({{"KNKR", 7}}), truth).d1, 1u);
}

TEST(Compare, RowWithoutTruthNamesItsLine) {
  KnowledgeBase kb = kb_of({{"KRK", 0}, {"KNK", 0}});
  kb.origin = "kb.csv";
  try {
    compare_to_truth(kb, kb_of({{"KRK", 0}}));
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(e.line(), 3u);
    EXPECT_NE(std::string(e.what()).find("KNK"), std::string::npos);
  }
}

}  // namespace
}  // namespace egkb
