#include "lattice/material.h"

#include <gtest/gtest.h>

#include "base/errors.h"
#include "tests/support/xiangqi.h"

namespace egkb {
namespace {

using test::xq;

// The 1-based column a parse error names.
std::size_t error_column(std::string_view text, const PieceSet& pieces = xq) {
  try {
    parse_material(text, pieces);
  } catch (const MaterialParseError& e) {
    return e.column();
  }
  ADD_FAILURE() << text << " parsed";
  return 0;
}

std::string error_message(std::string_view text, const PieceSet& pieces = xq) {
  try {
    parse_material(text, pieces);
  } catch (const MaterialParseError& e) {
    return e.what();
  }
  return "parsed";
}

TEST(Material, ParsesThePapersExampleAndPrintsCanonically) {
  const Material m = parse_material("KCCKHCPGG", xq);
  EXPECT_EQ(m.count(Side::Red, *xq.kind_of('C')), 2);
  EXPECT_EQ(m.count(Side::Black, *xq.kind_of('N')), 1);
  EXPECT_EQ(m.count(Side::Black, *xq.kind_of('G')), 2);
  EXPECT_EQ(m.piece_count(), 9);
  EXPECT_EQ(format_material(m, xq), "KCCKNCPGG");
}

TEST(Material, AcceptsAnyOrderAliasesAndTheSeparator) {
  const Material m = parse_material("KMRKGGMM", xq);
  EXPECT_EQ(parse_material("KRMvKMGMG", xq), m);
  EXPECT_EQ(parse_material("KREKAAEE", xq), m);
  EXPECT_EQ(format_material(m, xq), "KRMKGGMM");
  EXPECT_EQ(parse_material("KHKN", xq), parse_material("KNKH", xq));
}

TEST(Material, ChessPrintsWithTheSyzygySeparator) {
  const PieceSet& chess = PieceSet::chess();
  const Material m = parse_material("KRPvKR", chess);
  EXPECT_EQ(format_material(m, chess), "KRPvKR");
  EXPECT_EQ(parse_material("KPRKR", chess), m);
  EXPECT_EQ(format_material(parse_material("KBvK", chess), chess), "KBvK");
}

TEST(Material, ErrorsNameTheColumnAndWhatWasExpected) {
  EXPECT_EQ(error_column(""), 1u);
  EXPECT_EQ(error_column("RKK"), 1u);
  EXPECT_NE(error_message("RKK").find("expected 'K'"), std::string::npos);
  EXPECT_EQ(error_column("KRKRK"), 5u);
  EXPECT_NE(error_message("KRKRK").find("third 'K'"), std::string::npos);
  EXPECT_EQ(error_column("KRR"), 4u);
  EXPECT_NE(error_message("KRR").find("black's king"), std::string::npos);
  EXPECT_EQ(error_column("KRRRK"), 4u);
  EXPECT_NE(error_message("KRRRK").find("at most 2"), std::string::npos);
  EXPECT_EQ(error_column("KPPPPPPK"), 7u);
  EXPECT_EQ(error_column("KRKX"), 4u);
  EXPECT_NE(error_message("KRKX").find("unknown piece 'X'"), std::string::npos);
  EXPECT_NE(error_message("KRKX").find("K R N C P G M"), std::string::npos);
  EXPECT_EQ(error_column("KrK"), 2u);
  EXPECT_EQ(error_column("KRvR"), 4u);
  EXPECT_EQ(error_column("KRKvK"), 4u);
}

TEST(Material, XiangqiRejectsBAsAmbiguous) {
  EXPECT_EQ(error_column("KBK"), 2u);
  EXPECT_NE(error_message("KBK").find("ambiguous"), std::string::npos);
  EXPECT_NO_THROW(parse_material("KBvK", PieceSet::chess()));
}

TEST(Material, ChessCountsAreBoundedPerKind) {
  EXPECT_NO_THROW(parse_material("KPPPPPPPPvK", PieceSet::chess()));
  EXPECT_EQ(error_column("KPPPPPPPPPvK", PieceSet::chess()), 10u);
  EXPECT_EQ(error_column("KGvK", PieceSet::chess()), 2u);
}

TEST(Material, KeysAreMixedRadixWithRedBlockFirst) {
  EXPECT_EQ(xq.side_key_count(), 1458u);
  EXPECT_EQ(xq.key_count(), 2125764u);
  EXPECT_EQ(key_of(parse_material("KK", xq), xq), 0u);
  // Black's pieces are the low block, red's the high one.
  EXPECT_EQ(key_of(parse_material("KKM", xq), xq), 1u);
  EXPECT_EQ(key_of(parse_material("KMK", xq), xq), 1458u);
  EXPECT_EQ(key_of(parse_material("KRRNNCCPPPPPGGMMKRRNNCCPPPPPGGMM", xq), xq), 2125763u);
}

TEST(Material, KeyStepIsWhatOnePieceMoreAddsToTheKey) {
  const PieceKind rook = *xq.kind_of('R');
  const auto key = [](const char* text) { return key_of(parse_material(text, xq), xq); };
  EXPECT_EQ(key("KRKC") - key("KKC"), xq.key_step(Side::Red, rook));
  EXPECT_EQ(key("KCKR") - key("KCK"), xq.key_step(Side::Black, rook));
}

TEST(Material, MirrorSwapsTheSides) {
  const Material m = parse_material("KRKNMM", xq);
  EXPECT_EQ(format_material(mirror(m), xq), "KNMMKR");
  EXPECT_EQ(mirror_key(key_of(m, xq), xq), key_of(mirror(m), xq));
  EXPECT_EQ(mirror(mirror(m)), m);
}

TEST(Material, RoundTripsEveryXiangqiMaterial) {
  Key checked = 0;
  for (Key k = 0; k < xq.key_count(); ++k) {
    const Material m = material_of(k, xq);
    const std::string text = format_material(m, xq);
    const Material back = parse_material(text, xq);
    ASSERT_EQ(key_of(back, xq), k) << text;
    ASSERT_EQ(format_material(back, xq), text);
    ASSERT_EQ(mirror_key(mirror_key(k, xq), xq), k);
    ++checked;
  }
  EXPECT_EQ(checked, 2125764u) << "1458 side materials squared";
}

TEST(PieceSet, NamedSetsAndUnknownOnes) {
  EXPECT_EQ(&PieceSet::named("chess"), &PieceSet::chess());
  EXPECT_EQ(&PieceSet::named("xiangqi"), &PieceSet::xiangqi());
  EXPECT_THROW(PieceSet::named("shogi"), InputError);
}

TEST(Score, RanksMergeFourAndFiveAndMirror) {
  EXPECT_EQ(rank_of(Score(4)), rank_of(Score(5)));
  EXPECT_EQ(value(rank_of(Score(9))), 8);
  for (int s = 0; s <= 9; ++s) {
    EXPECT_EQ(value(rank_of(mirror(Score(s)))), 8 - value(rank_of(Score(s))));
    EXPECT_EQ(rank_of(score_of(rank_of(Score(s)), Score(s))), rank_of(Score(s)));
  }
  EXPECT_EQ(value(score_of(Rank(4), Score(5))), 5);
  EXPECT_EQ(value(score_of(Rank(4), Score(2))), 4);
  EXPECT_EQ(value(score_of(Rank(4), Score(8))), 5);
  EXPECT_EQ(value(score_of(Rank(6), Score(0))), 7);
}

}  // namespace
}  // namespace egkb
