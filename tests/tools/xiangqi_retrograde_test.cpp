// The xiangqi retrograde tool (tools/xiangqi_retrograde) against an independent brute force
// (xiangqi_brute_force.cpp) on small materials, and against facts every xiangqi player knows.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <random>
#include <string>

#include "tests/tools/xiangqi_brute_force.h"
#include "tools/xiangqi_retrograde/solver.h"
#include "tools/xiangqi_retrograde/statistics.h"

namespace {

namespace xr = xiangqi_retrograde;
namespace bf = xiangqi_brute_force;

// Solves `material` and what its captures reach with the tool; calls check(table) for each.
void for_each_solved(const std::string& material,
                     const std::function<void(const xr::Table&, bool wanted)>& check) {
  xr::solve_all({xr::parse_material(material)}, {},
                [&](const xr::Table& t, double, bool wanted) { check(t, wanted); });
}

void with_table(const std::string& material, const std::function<void(const xr::Table&)>& check) {
  bool seen = false;
  for_each_solved(material, [&](const xr::Table& t, bool wanted) {
    if (!wanted) return;
    seen = true;
    check(t);
  });
  ASSERT_TRUE(seen);
}

std::vector<xr::PlacedPiece> placed(const bf::Position& p) {
  std::vector<xr::PlacedPiece> out;
  for (const bf::Piece& q : p.pieces) {
    const bool red = q.letter >= 'A' && q.letter <= 'Z';
    const char upper = red ? q.letter : static_cast<char>(q.letter - 'a' + 'A');
    const xr::Kind kind = static_cast<xr::Kind>(std::string("KRNCPGM").find(upper));
    out.push_back({red ? xr::Colour::red : xr::Colour::black, kind, q.rank * xr::kFiles + q.file});
  }
  return out;
}

uint8_t value_of(bf::Result r) {
  return r == bf::Result::win ? xr::kWin : r == bf::Result::loss ? xr::kLoss : xr::kDraw;
}

// Every table the tool solves for `material` has the brute force's legal positions, counts and
// value of every position.
void expect_brute_force_agrees(const std::string& material) {
  const bf::Solution truth = bf::solve(material);
  int tables = 0;
  for_each_solved(material, [&](const xr::Table& t, bool) {
    ++tables;
    const std::string text = xr::material_text(t.index.material());
    SCOPED_TRACE(text);
    ASSERT_TRUE(truth.counts.contains(text));
    for (int side = 0; side < 2; ++side) {
      EXPECT_EQ(t.counts[side].win, truth.counts.at(text)[side].win) << "side " << side;
      EXPECT_EQ(t.counts[side].draw, truth.counts.at(text)[side].draw) << "side " << side;
      EXPECT_EQ(t.counts[side].loss, truth.counts.at(text)[side].loss) << "side " << side;
    }
    int wrong = 0;
    std::size_t compared = 0;
    for (const bf::Position& p : truth.positions) {
      if (p.material != text) continue;
      ++compared;
      const auto pieces = placed(p);
      const uint8_t v = t.probe(pieces, p.red_to_move ? xr::Colour::red : xr::Colour::black);
      if (v != value_of(p.result) && ++wrong <= 3) {
        ADD_FAILURE() << "position of " << text << (p.red_to_move ? " red" : " black")
                      << " to move: tool " << int(v) << ", brute force " << int(value_of(p.result));
      }
    }
    EXPECT_EQ(wrong, 0);
    EXPECT_EQ(compared, t.counts[0].legal() + t.counts[1].legal()) << "positions compared";
  });
  EXPECT_GT(tables, 0);
}

class XiangqiRetrogradeBruteForce : public testing::TestWithParam<const char*> {};

TEST_P(XiangqiRetrogradeBruteForce, SolverEqualsValueIteration) {
  expect_brute_force_agrees(GetParam());
}

// Each attacker alone; then a guard as the cannon's screen, black's guard and minister taken and
// taking, two identical guards (one index for both orders) that block a horse's legs, and red's
// own guards hemming in its king and horse, where red to move can be stalemated and lose.
INSTANTIATE_TEST_SUITE_P(SmallMaterials, XiangqiRetrogradeBruteForce,
                         testing::Values("KRK", "KNK", "KCK", "KPK", "KCGK", "KRKG", "KPKM",
                                         "KPKGG", "KNKGG", "KNGGK"));

// The solver walks back from decided positions by retro moves; they must be exactly the moves
// without capture, turned round. Checked both ways on random placements of a material with every
// kind of piece: a move's target has the start among its origins, an origin has the position
// among its destinations.
TEST(XiangqiRetrograde, RetroMovesAreTheMovesTurnedRound) {
  const xr::PositionIndex index(xr::parse_material("KRNCPGMKGGMM"));
  std::mt19937_64 rng(7);
  std::uniform_int_distribution<uint64_t> pick(0, index.size() - 1);
  xr::Position p;
  int placements = 0, moves = 0, retro_moves = 0;
  auto contains = [](const std::vector<uint64_t>& v, uint64_t x) {
    return std::find(v.begin(), v.end(), x) != v.end();
  };
  // The indices one move (or one retro move) of the given piece's colour away from index i.
  auto neighbours = [&](uint64_t i, xr::Colour c, bool forward) {
    std::vector<uint64_t> out;
    xr::Position at;
    index.decode(i, at);
    for (int piece = 0; piece < at.pieces; ++piece) {
      if (index.group_of_piece(piece).colour != c) continue;
      auto add = [&](int sq) {
        if (at.cell[sq] == xr::kEmpty) out.push_back(index.after_move(i, at, piece, sq));
      };
      if (forward) {
        xr::for_each_destination(at, at.square[piece], add);
      } else {
        xr::for_each_origin(at, at.square[piece], add);
      }
    }
    return out;
  };
  while (placements < 3000) {
    const uint64_t i = pick(rng);
    if (!index.decode(i, p)) continue;
    ++placements;
    for (xr::Colour c : {xr::Colour::red, xr::Colour::black}) {
      for (uint64_t j : neighbours(i, c, true)) {
        ++moves;
        EXPECT_TRUE(contains(neighbours(j, c, false), i));
      }
      for (uint64_t j : neighbours(i, c, false)) {
        ++retro_moves;
        EXPECT_TRUE(contains(neighbours(j, c, true), i));
      }
    }
  }
  EXPECT_GT(moves, 10000);
  EXPECT_GT(retro_moves, 10000);
}

TEST(XiangqiRetrograde, LegalPositionsOfKrkAreCountedExhaustively) {
  // Kings on their 9 points, the rook on any other point; legal with red to move when the kings
  // do not face and black is not in check, with black to move when the kings do not face (red
  // cannot be in check). Counted here square by square.
  uint64_t red_to_move = 0, black_to_move = 0;
  for (int rk = 0; rk < 90; ++rk) {
    for (int bk = 0; bk < 90; ++bk) {
      const int rf = rk % 9, rr = rk / 9, bfile = bk % 9, br = bk / 9;
      if (rf < 3 || rf > 5 || rr > 2 || bfile < 3 || bfile > 5 || br < 7) continue;
      for (int rook = 0; rook < 90; ++rook) {
        if (rook == rk || rook == bk) continue;
        const int f = rook % 9, r = rook / 9;
        const bool rook_between = f == rf && r > rr && r < br;
        if (rf == bfile && !rook_between) continue;  // the kings face
        ++black_to_move;
        // Black is in check when the rook shares its file or rank with no piece between.
        bool check = false;
        if (f == bfile) {
          check = !(rf == bfile && rr > std::min(r, br) && rr < std::max(r, br));
        } else if (r == br) {
          check = true;  // the red king never stands on black's ranks
        }
        if (!check) ++red_to_move;
      }
    }
  }
  with_table("KRK", [&](const xr::Table& t) {
    EXPECT_EQ(t.counts[0].legal(), red_to_move);
    EXPECT_EQ(t.counts[1].legal(), black_to_move);
  });
}

TEST(XiangqiRetrograde, TheAttackerCanBeStalemated) {
  // Red's king, horse and guards can block one another with red to move: no legal move loses.
  with_table("KNGGK", [](const xr::Table& t) { EXPECT_GT(t.counts[0].loss, 0u); });
}

TEST(XiangqiRetrograde, TextbookResults) {
  // A chariot beats the lone king from anywhere with red to move; black to move escapes only by
  // taking it.
  with_table("KRK", [](const xr::Table& t) {
    EXPECT_EQ(t.counts[0].win, t.counts[0].legal());
    EXPECT_GT(static_cast<double>(t.counts[1].loss),
              0.97 * static_cast<double>(t.counts[1].legal()));
  });
  // A cannon alone has no screen: it never wins, and nothing loses.
  with_table("KCK", [](const xr::Table& t) {
    for (int side = 0; side < 2; ++side) EXPECT_EQ(t.counts[side].draw, t.counts[side].legal());
  });
  // A lone horse mates a lone king.
  with_table("KNK", [](const xr::Table& t) {
    EXPECT_GT(static_cast<double>(t.counts[0].win),
              0.95 * static_cast<double>(t.counts[0].legal()));
  });
  // An "old pawn" on black's back rank cannot reach the king's ranks any more: a draw.
  with_table("KPK", [](const xr::Table& t) {
    xr::Position p;
    uint64_t old_pawns = 0;
    for (uint64_t i = 0; i < t.index.size(); ++i) {
      if (!t.index.decode(i, p) || t.value[0][i] == xr::kIllegal) continue;
      if (xr::rank_of(p.square[2]) != 9) continue;
      ++old_pawns;
      EXPECT_EQ(t.value[0][i], xr::kDraw);
    }
    EXPECT_EQ(old_pawns, 432u) << "legal positions with an old pawn, red to move";
  });
}

TEST(XiangqiRetrograde, RowsBinLikeTheChessData) {
  // KPvK of datasets/chess-syzygy-6men.csv: 0.672990, score 2.
  const std::array<xr::Counts, 2> kpk = {xr::Counts{62480, 19184, 0}, xr::Counts{0, 35210, 48802}};
  EXPECT_EQ(xr::csv_row(xr::parse_material("KPK"), kpk),
            "KPK,2,0.672990,62480,19184,0,0,35210,48802");
  EXPECT_EQ(xr::score(0.9), 0);
  EXPECT_EQ(xr::score(0.0), 4);
  EXPECT_EQ(xr::score(-0.15), 6);
  EXPECT_EQ(xr::score(-0.95), 9);
}

TEST(XiangqiRetrograde, MaterialsAreWrittenAsEgkbWritesThem) {
  EXPECT_EQ(xr::material_text(xr::parse_material("KMGCKEAA")), "KCGMKGGM");
  EXPECT_EQ(xr::material_text(xr::parse_material("KHPKGG")), "KNPKGG");
  EXPECT_THROW(xr::parse_material("KRBK"), std::invalid_argument);
  EXPECT_THROW(xr::solve(xr::parse_material("KRKR"), [](const xr::Material&) { return nullptr; }),
               std::invalid_argument);
}

}  // namespace
