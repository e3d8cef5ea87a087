// Results, counts and intervals: the bins against the shipped chess data, the outcome of a score
// for each side to move, and the interval's coverage by simulation.
#include "engine/result_counts.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "engine/score_bias.h"
#include "lattice/expected_result.h"
#include "lattice/material.h"
#include "lattice/random.h"
#include "tests/support/cli.h"

namespace egkb {
namespace {

TEST(ExpectedResult, BinsEveryShippedChessExpectationToItsShippedScore) {
  std::ifstream in(test::chess_csv());
  std::string line;
  std::getline(in, line);
  int rows = 0;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string material, score, expected;
    std::getline(fields, material, ',');
    std::getline(fields, score, ',');
    std::getline(fields, expected, ',');
    EXPECT_EQ(value(score_of_expected(std::stod(expected))), std::stoi(score)) << line;
    ++rows;
  }
  EXPECT_EQ(rows, 510);
}

TEST(ExpectedResult, BinEdgesBelongToTheSideFurtherFromADrawAndMirror) {
  EXPECT_EQ(value(score_of_expected(0.9)), 0);
  EXPECT_EQ(value(score_of_expected(-0.9)), 9);
  EXPECT_EQ(value(score_of_expected(0.15)), 3);
  EXPECT_EQ(value(score_of_expected(-0.15)), 6);
  EXPECT_EQ(value(score_of_expected(0.0)), 4);
  EXPECT_EQ(value(score_of_expected(-0.01)), 5);
  for (double e = -1; e <= 1; e += 0.01) {
    EXPECT_EQ(rank_of(score_of_expected(-e)), mirror(rank_of(score_of_expected(e)))) << e;
  }
  EXPECT_TRUE(one_rank(-0.1, 0.1));
  EXPECT_FALSE(one_rank(0.1, 0.2));
}

TEST(Outcome, AScoreIsTheSideToMovesAndAMateZeroIsALoss) {
  const EngineScore up{EngineScore::Kind::Centipawns, 250};
  const EngineScore level{EngineScore::Kind::Centipawns, 150};
  const EngineScore mated{EngineScore::Kind::Mate, 0};
  const ScoreReading at200{200, 0};
  EXPECT_EQ(outcome_for_red(up, Side::Red, at200), Outcome::RedWins);
  EXPECT_EQ(outcome_for_red(up, Side::Black, at200), Outcome::BlackWins);
  EXPECT_EQ(outcome_for_red(level, Side::Black, at200), Outcome::Draw);
  EXPECT_EQ(outcome_for_red(mated, Side::Red, at200), Outcome::BlackWins);
  EXPECT_EQ(outcome_for_red({EngineScore::Kind::Mate, -4}, Side::Black, at200), Outcome::RedWins);
}

// Red's bias moves the draw band, [bias - threshold, bias + threshold] from red's side, whichever
// side is to move; a mate stays a mate.
TEST(Outcome, ABiasMovesTheDrawBandOnRedsSide) {
  const auto cp = [](int v) { return EngineScore{EngineScore::Kind::Centipawns, v}; };
  const ScoreReading red_over{400, 150};  // a cannon with guards and ministers against ministers
  EXPECT_EQ(outcome_for_red(cp(500), Side::Red, red_over), Outcome::Draw);         // 350 from it
  EXPECT_EQ(outcome_for_red(cp(551), Side::Red, red_over), Outcome::RedWins);      // 401
  EXPECT_EQ(outcome_for_red(cp(-500), Side::Black, red_over), Outcome::Draw);      // red's +500
  EXPECT_EQ(outcome_for_red(cp(-200), Side::Red, red_over), Outcome::Draw);        // -350
  EXPECT_EQ(outcome_for_red(cp(251), Side::Black, red_over), Outcome::BlackWins);  // -401
  const ScoreReading red_under{400, -350};  // two pawns against two guards
  EXPECT_EQ(outcome_for_red(cp(51), Side::Red, red_under), Outcome::RedWins);  // 401
  EXPECT_EQ(outcome_for_red(cp(50), Side::Red, red_under), Outcome::Draw);     // 400
  EXPECT_EQ(outcome_for_red(cp(-749), Side::Red, red_under), Outcome::Draw);   // -399
  EXPECT_EQ(outcome_for_red(cp(751), Side::Black, red_under), Outcome::BlackWins);
  EXPECT_EQ(outcome_for_red({EngineScore::Kind::Mate, 3}, Side::Red, red_over), Outcome::RedWins);
  EXPECT_EQ(outcome_for_red({EngineScore::Kind::Mate, 3}, Side::Black, red_under),
            Outcome::BlackWins);
}

// Hand-counted: guards 75, ministers 50, pawns -100 each, red's minus black's; mirrored, negated;
// chess has none.
TEST(ScoreBias, CountsTheDefendersAndPawnsOfEachSide) {
  const auto bias = [](const char* text, const PieceSet& pieces) {
    return score_bias(parse_material(text, pieces), pieces);
  };
  const PieceSet& x = PieceSet::xiangqi();
  EXPECT_EQ(bias("KCGGMMKMM", x), 150);
  EXPECT_EQ(bias("KMMKCGGMM", x), -150);
  EXPECT_EQ(bias("KPPKGG", x), -350);
  EXPECT_EQ(bias("KRKGGMM", x), -250);
  EXPECT_EQ(bias("KRPGKGM", x), -150);
  EXPECT_EQ(bias("KNKN", x), 0);
  EXPECT_EQ(bias("KRPvKR", PieceSet::chess()), 0);
  const ScoreReading r = score_reading(parse_material("KCGGMMKMM", x), x, 400);
  EXPECT_EQ(r.threshold, 400);
  EXPECT_EQ(r.bias, 150);
}

TEST(ExpectedResult, AllWinsSettlesOnlyOnceEnoughPositionsAgree) {
  EXPECT_FALSE(settled({16, 0, 0}));
  EXPECT_FALSE(settled({32, 0, 0}));
  EXPECT_TRUE(settled({64, 0, 0}));
  EXPECT_TRUE(settled({0, 64, 0}));
  EXPECT_FALSE(settled({20, 24, 20}));
  EXPECT_TRUE(is_look(16) && is_look(64) && !is_look(48) && !is_look(8));
}

TEST(ExpectedResult, TheIntervalCoversTheTrueMeanAbout95PercentOfTheTime) {
  Random random(5);
  int covered = 0, trials = 0;
  for (const auto& [win, draw] : std::vector<std::pair<double, double>>{
           {0.5, 0.3}, {0.9, 0.1}, {0.2, 0.6}, {0.05, 0.9}, {0.7, 0.0}}) {
    const double truth = win - (1 - win - draw);
    for (int t = 0; t < 2000; ++t) {
      ResultCounts c;
      for (int i = 0; i < 64; ++i) {
        const double u = random.unit();
        c.add(u < win ? Outcome::RedWins : u < win + draw ? Outcome::Draw : Outcome::BlackWins);
      }
      const ExpectedResult e = expected_result(c);
      covered += e.low <= truth && truth <= e.high;
      ++trials;
    }
  }
  EXPECT_EQ(trials, 10000);
  EXPECT_GE(covered, 9300);
}

}  // namespace
}  // namespace egkb
