// Random positions against an independent reading of their FEN (tests/support/board_oracle.h):
// every position legal and of its material, and, for small materials, the sampler's square
// frequencies against an exhaustive enumeration of the legal positions.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "base/errors.h"
#include "board/random_positions.h"
#include "tests/support/board_oracle.h"

namespace egkb {
namespace {

using test::FenReading;

FenReading read(const PieceSet& pieces, const std::string& fen) {
  return &pieces == &PieceSet::chess() ? test::read_chess_fen(fen) : test::read_xiangqi_fen(fen);
}

// The FEN letters a material puts on the board, by how many.
std::map<char, int> expected_pieces(const Material& m, const PieceSet& pieces) {
  std::map<char, int> out{{'K', 1}, {'k', 1}};
  for (Side side : {Side::Red, Side::Black}) {
    for (PieceKind k : pieces.kinds()) {
      if (m.count(side, k) == 0) continue;
      char letter = pieces.kind(k).letter;
      if (&pieces == &PieceSet::xiangqi() && letter == 'G') letter = 'A';
      if (&pieces == &PieceSet::xiangqi() && letter == 'M') letter = 'B';
      out[piece_letter(side, letter)] = m.count(side, k);
    }
  }
  return out;
}

struct Case {
  const char* material;
  const PieceSet& pieces;
};

// A mirrored position's move turns each square's rank over: xiangqi's 10 ranks, chess's 8.
TEST(MirroredMove, TurnsEachSquaresRankOverAndKeepsFilesAndPromotions) {
  EXPECT_EQ(mirrored_move("e1e2", 10), "e10e9");
  EXPECT_EQ(mirrored_move("a10a9", 10), "a1a2");
  EXPECT_EQ(mirrored_move("d9d10", 10), "d2d1");
  EXPECT_EQ(mirrored_move("e2e4", 8), "e7e5");
  EXPECT_EQ(mirrored_move("b7b8q", 8), "b2b1q");
  EXPECT_EQ(mirrored_move(mirrored_move("h3g5", 8), 8), "h3g5");
  EXPECT_EQ(mirrored_move("a99999999999a1", 8), "a99999999999a8");
}

TEST(RandomPositions, EveryPositionIsLegalAndOfItsMaterialByAnIndependentReading) {
  const std::vector<Case> cases = {
      {"KRKNMM", PieceSet::xiangqi()},      {"KCCKHCPGG", PieceSet::xiangqi()},
      {"KPPPPPKGGMM", PieceSet::xiangqi()}, {"KRNCPGMKRNCPGM", PieceSet::xiangqi()},
      {"KNKGG", PieceSet::xiangqi()},       {"KRPvKR", PieceSet::chess()},
      {"KQvK", PieceSet::chess()},          {"KBNvK", PieceSet::chess()},
      {"KPPPvKPP", PieceSet::chess()},      {"KQRBNPvKQRBNP", PieceSet::chess()}};
  int checked = 0;
  for (const Case& c : cases) {
    const Material m = parse_material(c.material, c.pieces);
    const PositionSampler sampler(m, c.pieces);
    int red_to_move = 0;
    for (uint64_t i = 0; i < 200; ++i) {
      const std::string fen = sampler.rules().fen(sampler.draw(7, i));
      const FenReading r = read(c.pieces, fen);
      ASSERT_EQ(r.problem, "") << c.material << ": " << fen;
      EXPECT_EQ(r.pieces, expected_pieces(m, c.pieces)) << fen;
      red_to_move += r.to_move == 'w';
      ++checked;
    }
    EXPECT_EQ(red_to_move, 100) << c.material;
  }
  EXPECT_EQ(checked, 2000);
}

TEST(RandomPositions, APositionDependsOnlyOnTheSeedTheMaterialAndItsNumber) {
  const PieceSet& x = PieceSet::xiangqi();
  const PositionSampler a(parse_material("KRKNMM", x), x);
  const PositionSampler b(parse_material("KRKNGG", x), x);
  EXPECT_EQ(a.draw(3, 17), a.draw(3, 17));
  EXPECT_NE(a.rules().fen(a.draw(3, 17)), a.rules().fen(a.draw(4, 17)));
  EXPECT_NE(a.rules().fen(a.draw(3, 17)), a.rules().fen(a.draw(3, 19)));
  EXPECT_NE(a.rules().fen(a.draw(3, 17)), b.rules().fen(b.draw(3, 17)));
  EXPECT_EQ(a.draw(3, 0).to_move(), Side::Red);
  EXPECT_EQ(a.draw(3, 1).to_move(), Side::Black);
}

TEST(RandomPositions, AMaterialThatCannotStandOnTheBoardIsRefusedNamingIt) {
  const PieceSet& chess = PieceSet::chess();
  try {
    PositionSampler(parse_material("KQQQQQQQQQRRRRRRRRRRBBBBBBBBBBvKNNNNNNNNNNRRRRRRRRRRBBBBBBBBBB"
                                   "PPPP",
                                   chess),
                    chess);
    FAIL() << "a material of 63 pieces and two kings was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("has no legal position: 65 pieces"), std::string::npos)
        << e.what();
  }
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
