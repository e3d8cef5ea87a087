// A FEN read back (GameRules::parse_fen): every position `egkb positions` writes reads back as
// it was, in both games, egkb's own letters are read as the engines' are, and what is no
// position is refused saying why.
#include <gtest/gtest.h>

#include "base/errors.h"
#include "board/random_positions.h"

namespace egkb {
namespace {

TEST(Fen, EveryPositionWrittenReadsBackAsItWas) {
  struct Case {
    const char* material;
    const PieceSet& pieces;
  };
  const std::vector<Case> cases = {{"KRNCPGMKRNCPGM", PieceSet::xiangqi()},
                                   {"KPPPPPKGGMM", PieceSet::xiangqi()},
                                   {"KQRBNPvKQRBNP", PieceSet::chess()}};
  int read = 0;
  for (const Case& c : cases) {
    const PositionSampler sampler(parse_material(c.material, c.pieces), c.pieces);
    for (uint64_t i = 0; i < 100; ++i) {
      const Position p = sampler.draw(5, i);
      const std::string fen = sampler.rules().fen(p);
      EXPECT_EQ(sampler.rules().parse_fen(fen), p) << fen;
      ++read;
    }
  }
  EXPECT_EQ(read, 300);
}

TEST(Fen, EgkbsOwnLettersAreReadAsTheEnginesAre) {
  const GameRules& x = xiangqi_rules();
  EXPECT_EQ(x.parse_fen("2mgk4/9/9/9/9/9/9/9/4H4/4K4 b"),
            x.parse_fen("2bak4/9/9/9/9/9/9/9/4N4/4K4 b - - 0 1"));
  EXPECT_EQ(x.parse_fen("2eak4/9/9/9/9/9/9/9/9/4K4 r").to_move(), Side::Red);
}

TEST(Fen, WhatIsNoPositionIsRefusedSayingWhy) {
  const GameRules& x = xiangqi_rules();
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"4k4/9/9/9/9/9/9/9/9/4K4", "no side to move"},
      {"4k4/9/9/9/9/9/9/9/9/4K4 x", "no side to move"},
      {"4k4/9/9/9/9/9/9/9/4K4 w", "the board has 9 ranks"},
      {"4k4/9/9/9/9/9/9/9/9/9/4K4 w", "more than 10 ranks"},
      {"4k3/9/9/9/9/9/9/9/9/4K4 w", "rank 10 has 8 files"},
      {"4k5/9/9/9/9/9/9/9/9/4K4 w", "rank 10 has 10 files"},
      {"4k4/9/9/9/9/9/9/9/9/4KQ3 w", "is no piece of this game"},
      {"4kk3/9/9/9/9/9/9/9/9/4K4 w", "exactly one king"},
      {"4k4/9/9/9/9/9/9/9/9/9 w", "exactly one king"},
      {"a3k4/9/9/9/9/9/9/9/9/4K4 w", "may not stand on a10"},
      {"4k4/9/9/9/9/9/9/9/9/3PK4 w", "may not stand on d1"}};
  for (const auto& [fen, says] : cases) {
    try {
      x.parse_fen(fen);
      ADD_FAILURE() << fen << " was read";
    } catch (const InputError& e) {
      EXPECT_EQ(e.field(), "FEN");
      EXPECT_NE(std::string(e.what()).find(says), std::string::npos) << fen << ": " << e.what();
    }
  }
  EXPECT_THROW(chess_rules().parse_fen("4k3/8/8/8/8/8/8/P3K3 w"), InputError);  // a first-rank pawn
}

}  // namespace
}  // namespace egkb
