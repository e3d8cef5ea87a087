// The sampler's square frequencies for small materials against an exhaustive enumeration of
// their legal positions (an independent reading of each FEN, tests/support/board_oracle.h): a
// chi-square test over 12,000 draws a material, labelled statistics (Release only: under the
// sanitizers its many draws cost half a minute and test no code the other tests leave out).
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "board/random_positions.h"
#include "tests/support/board_oracle.h"

namespace egkb {
namespace {

test::FenReading read(const PieceSet& pieces, const std::string& fen) {
  return &pieces == &PieceSet::chess() ? test::read_chess_fen(fen) : test::read_xiangqi_fen(fen);
}

// The chi-square statistic's critical value at p = 1e-4 (Wilson-Hilferty).
double critical(int degrees) {
  const double k = degrees;
  const double z = 3.719;
  return k * std::pow(1 - 2 / (9 * k) + z * std::sqrt(2 / (9 * k)), 3);
}

// Per square, how often each piece letter stands there: over every legal position with `to_move`
// (the enumeration) or over draws of the sampler.
using Frequencies = std::map<char, std::map<int, double>>;

void add(Frequencies& f, const Position& p) {
  for (int r = 0; r < p.ranks(); ++r) {
    for (int file = 0; file < p.files(); ++file) {
      const char c = p.at({file, r});
      if (c != kEmpty) f[c][r * p.files() + file] += 1;
    }
  }
}

// Every legal position of a material of distinct pieces, by placing each on every square of its
// placement, the legality judged by the independent reading.
std::pair<Frequencies, double> enumerate(const PieceSet& pieces, const std::vector<char>& men,
                                         Side to_move) {
  const GameRules& rules = rules_of(pieces);
  Frequencies freq;
  double legal = 0;
  std::vector<Square> at(men.size());
  const auto place = [&](auto&& self, std::size_t i, Position& p) -> void {
    if (i == men.size()) {
      if (read(pieces, rules.fen(p)).problem.empty()) {
        add(freq, p);
        legal += 1;
      }
      return;
    }
    for (const Square s : rules.placement(side_of(men[i]), kind_letter(men[i]))) {
      if (p.at(s) != kEmpty) continue;
      p.put(s, men[i]);
      self(self, i + 1, p);
      p.put(s, kEmpty);
    }
  };
  Position p = rules.empty_position(to_move);
  place(place, 0, p);
  return {freq, legal};
}

// The chi-square statistic of `drawn` (n positions) against the enumeration, for one piece,
// squares with fewer than 5 expected merged into one cell; and its degrees of freedom.
std::pair<double, int> chi_square(const std::map<int, double>& expected_counts, double legal,
                                  const std::map<int, double>& drawn, double n) {
  double statistic = 0, small_expected = 0, small_drawn = 0;
  int cells = 0;
  for (const auto& [square, count] : expected_counts) {
    const double e = n * count / legal;
    const double o = drawn.count(square) ? drawn.at(square) : 0;
    if (e < 5) {
      small_expected += e;
      small_drawn += o;
      continue;
    }
    statistic += (o - e) * (o - e) / e;
    ++cells;
  }
  if (small_expected > 0) {
    statistic += (small_drawn - small_expected) * (small_drawn - small_expected) / small_expected;
    ++cells;
  }
  return {statistic, cells - 1};
}

struct SmallMaterial {
  const char* material;
  const PieceSet& pieces;
  std::vector<char> men;  // its pieces as they stand on the board, all distinct
};

TEST(RandomPositions, SquareFrequenciesMatchAnExhaustiveEnumerationOfSmallMaterials) {
  const std::vector<SmallMaterial> materials = {{"KRK", PieceSet::xiangqi(), {'K', 'k', 'R'}},
                                                {"KNK", PieceSet::xiangqi(), {'K', 'k', 'N'}},
                                                {"KCKG", PieceSet::xiangqi(), {'K', 'k', 'C', 'g'}},
                                                {"KRvK", PieceSet::chess(), {'K', 'k', 'R'}},
                                                {"KNvK", PieceSet::chess(), {'K', 'k', 'N'}}};
  const double n = 6000;
  int tests = 0, detected = 0;
  for (const SmallMaterial& s : materials) {
    const PositionSampler sampler(parse_material(s.material, s.pieces), s.pieces);
    std::map<Side, std::pair<Frequencies, double>> truth;
    std::map<Side, Frequencies> drawn;
    for (Side side : {Side::Red, Side::Black}) truth[side] = enumerate(s.pieces, s.men, side);
    for (uint64_t i = 0; i < 2 * static_cast<uint64_t>(n); ++i) {
      const Position p = sampler.draw(11, i);
      add(drawn[p.to_move()], p);
    }
    for (Side side : {Side::Red, Side::Black}) {
      const auto& [freq, legal] = truth[side];
      ASSERT_GT(legal, 0) << s.material;
      for (char man : s.men) {
        const auto [statistic, degrees] = chi_square(freq.at(man), legal, drawn[side][man], n);
        EXPECT_LT(statistic, critical(degrees))
            << s.material << " " << man << (side == Side::Red ? " red" : " black") << " to move";
        ++tests;
        // The same draws against the other side to move's positions: the test must be able to
        // tell two different distributions apart where the rules make them differ.
        const auto& [other, other_legal] = truth[opposite(side)];
        const double against_other =
            chi_square(other.at(man), other_legal, drawn[side][man], n).first;
        if (against_other > critical(degrees)) ++detected;
      }
    }
  }
  EXPECT_EQ(tests, 32);
  // Xiangqi's chariot with red to move may not check the black king, with black to move it may:
  // both of KRK's chariot tests must tell the two apart.
  EXPECT_GE(detected, 2) << "the chi-square test told no two different distributions apart";
}

}  // namespace
}  // namespace egkb
