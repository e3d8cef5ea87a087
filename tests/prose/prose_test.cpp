// The words egkb writes about the lattice's data: what reviewers read on the sheets and in the
// review app, and what the messages of reduce and review import say.
#include <gtest/gtest.h>

#include "prose/contradiction_text.h"
#include "prose/link_text.h"
#include "prose/material_words.h"
#include "prose/piece_symbols.h"
#include "prose/score_meaning.h"
#include "tests/support/xiangqi.h"

namespace egkb {
namespace {

using test::xq;

// The closure of the materials, and each of them by name.
struct Named {
  Lattice lattice;
  NodeId operator[](const char* text) const {
    return *lattice.find(key_of(parse_material(text, xq), xq));
  }
};

Named closure_of(std::initializer_list<const char*> texts) {
  std::vector<Key> keys;
  for (const char* text : texts) keys.push_back(key_of(parse_material(text, xq), xq));
  return {Lattice::closure(xq, keys)};
}

TEST(Prose, DescribesMaterialsForReviewers) {
  EXPECT_EQ(describe_material(parse_material("KRNKGGM", xq), xq), "Red: K R N · Black: K G G M");
  const PieceSet& chess = PieceSet::chess();
  EXPECT_EQ(describe_material(parse_material("KRPvKR", chess), chess), "White: K R P · Black: K R");
}

TEST(Prose, ShowsMaterialsInThePiecesSymbols) {
  using Sides = std::array<std::string, 2>;
  EXPECT_EQ(material_symbols(parse_material("KRPKGGM", xq), xq), (Sides{"帥俥兵", "將士士象"}));
  EXPECT_EQ(material_symbols(parse_material("KNCKHA", xq), xq), (Sides{"帥傌炮", "將馬士"}));
  const PieceSet& chess = PieceSet::chess();
  EXPECT_EQ(material_symbols(parse_material("KQBvKN", chess), chess), (Sides{"♔♕♗", "♚♞"}));
  EXPECT_EQ(piece_symbol(xq, Side::Black, std::nullopt), "將");
  EXPECT_EQ(piece_symbol(chess, Side::Black, chess.kind_of('P')), "♟");
}

TEST(Prose, ScoresMeanTheSameFromEitherSide) {
  EXPECT_EQ(score_meaning(xq, Score(0)), "red wins");
  EXPECT_EQ(score_meaning(xq, Score(3)), "red has a slight advantage");
  EXPECT_EQ(score_meaning(xq, Score(4)), "either side can win");
  EXPECT_EQ(score_meaning(xq, Score(5)), "almost a draw");
  EXPECT_EQ(score_meaning(xq, Score(8)), "black wins in most cases");
  EXPECT_EQ(score_meaning(PieceSet::chess(), Score(2)), "white has a clear advantage");
}

TEST(Prose, NamesLinksByThePieceTheyAdd) {
  const Named n = closure_of({"KRKC", "KRRKC"});
  const EdgeLabel rook = EdgeLabel::of(Side::Red, *xq.kind_of('R'));
  EXPECT_EQ(link_text(xq, {n["KRRKC"], Link::More, rook, false}), "+R red");
  EXPECT_EQ(link_text(xq, {n["KRKC"], Link::Fewer, rook, false}), "-R red");
  EXPECT_EQ(link_text(xq, {n["KCKR"], Link::Mirror, rook, false}), "mirror");
}

TEST(Prose, ExplainsWhichFixedRowForcesWhich) {
  const Named n = closure_of({"KRKC", "KRRKC", "KCKC"});
  const Lattice& lat = n.lattice;
  const auto name = [&](NodeId u) { return format_material(lat.material(u), xq) + " (fixed)"; };
  const NodeId krkc = n["KRKC"], kckc = n["KCKC"];
  EXPECT_EQ(explain(lat, {n["KRRKC"], krkc, krkc, Rank(6), Rank(3)}, name),
            "KRRKC (fixed) forces KRKC (fixed) to rank 6 or above");
  EXPECT_EQ(explain(lat, {kckc, kckc, kckc, Rank(2), Rank(2)}, name),
            "KCKC is its own mirror: it must score 4 or 5, which KCKC (fixed) does not");
}

}  // namespace
}  // namespace egkb
