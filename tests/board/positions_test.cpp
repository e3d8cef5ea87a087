// Random positions against an independent reading of their FEN (tests/support/board_oracle.h):
// every position legal and of its material. The square frequencies against an exhaustive
// enumeration are positions_statistics_test.cpp's.
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace egkb
