// Position counts to a score: the shipped chess expectations from the counts alone, bins given,
// and the almost-draw rule inside rank 4 only.
#include "lattice/position_counts.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <unordered_map>

#include "io/counts_csv.h"
#include "lattice/material.h"
#include "tests/support/cli.h"

namespace egkb {
namespace {

// The `expectation` column by material text, as printed.
std::unordered_map<std::string, std::string> shipped_expectations() {
  std::unordered_map<std::string, std::string> by_material;
  std::ifstream in(test::chess_csv());
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string material, score, expectation;
    std::getline(fields, material, ',');
    std::getline(fields, score, ',');
    std::getline(fields, expectation, ',');
    by_material[material] = expectation;
  }
  return by_material;
}

// Cursed wins and blessed losses are draws: 199 materials have some, and every expectation
// printed comes back to the digit.
TEST(PositionCounts, ReproduceEveryShippedChessExpectation) {
  const CountsFile file = read_counts_csv(ByteSource::file(test::chess_csv()), nullptr);
  const auto shipped = shipped_expectations();
  ASSERT_EQ(file.materials.size(), 510u);
  int with_fifty_move_results = 0;
  for (const PositionCounts& counts : file.materials) {
    std::string printed = fmt::format("{:.6f}", counts.expected());
    if (printed == "-0.000000") printed = "0.000000";
    const std::string material = material_text(counts.key, *file.pieces);
    EXPECT_EQ(printed, shipped.at(material)) << material;
    for (const OutcomeCounts& set : counts.sets) {
      if (set.cursed_win + set.blessed_loss > 0) {
        ++with_fifty_move_results;
        break;
      }
    }
  }
  EXPECT_EQ(with_fifty_move_results, 199);
}

TEST(PositionCounts, EachSideToMoveWeighsHalfFromItsOwnView) {
  const PositionCounts counts{
      .key = 0, .sets = {{ToMove::Red, 3, 0, 1, 0, 0}, {ToMove::Black, 0, 0, 1, 0, 9}}, .line = 0};
  EXPECT_DOUBLE_EQ(counts.expected(), 0.5 * (0.75 + 0.9));
  EXPECT_EQ(counts.sets[1].red_result(), 0.9);
}

// The rule makes a balanced material 5 and leaves every other rank to the bins, whatever bins.
TEST(PositionCounts, AlmostDrawnMaterialsOfRankFourScoreFive) {
  const PositionCounts drawn{.key = 0, .sets = {{ToMove::Either, 4, 0, 96, 0, 0}}, .line = 0};
  EXPECT_EQ(score_of_counts(drawn), Score(5));
  EXPECT_EQ(score_of_counts(drawn, kChessBins, 0.97), Score(4));
  const ScoreBins narrow{{0.9, 0.7, 0.45, 0.03, 0, -0.03, -0.45, -0.7, -0.9}};
  EXPECT_EQ(score_of_counts(drawn, narrow), Score(3)) << "0.04 is rank 3 in these bins";
  const PositionCounts fifty{.key = 0, .sets = {{ToMove::Either, 2, 48, 0, 50, 0}}, .line = 0};
  EXPECT_EQ(score_of_counts(fifty), Score(5)) << "cursed wins and blessed losses are drawn";
}

TEST(ScoreBins, GivenEdgesBinAsTheDefaultOnes) {
  const ScoreBins wide{{0.95, 0.75, 0.5, 0.2, 0.1, -0.1, -0.5, -0.75, -0.95}};
  EXPECT_EQ(score_of_expected(0.1, wide), Score(4));
  EXPECT_EQ(score_of_expected(0.05, wide), Score(5));
  EXPECT_EQ(score_of_expected(-0.1, wide), Score(6));
  EXPECT_EQ(score_of_expected(-0.95, wide), Score(9));
  EXPECT_EQ(score_of_expected(0.95, wide), Score(0));
}

}  // namespace
}  // namespace egkb
