// The retrograde solver (solve/retrograde.h) against an independent brute force
// (tests/support/xiangqi_brute_force.h) on small materials, one-sided and two-sided: every
// position's result, distance and forced mate; and against facts every xiangqi player knows.
#include "solve/retrograde.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <random>
#include <string>

#include "board/xiangqi_moves.h"
#include "solve/materials.h"
#include "tests/support/xiangqi_brute_force.h"

namespace egkb::solve {
namespace {

namespace bf = xiangqi_brute_force;

using Tables = std::map<std::string, std::unique_ptr<SolvedTable>>;

// Solves `material` and what its captures reach, with distances, on `threads` threads.
Tables solve_with_targets(const std::string& material, int threads = 2) {
  Tables tables;
  for (const Material& m : solving_order({parse_material(material, PieceSet::xiangqi())})) {
    tables[material_text(m)] =
        solve_material(m, [&](const Material& sub) { return tables.at(material_text(sub)).get(); },
                       {.keep_distances = true, .threads = threads});
  }
  return tables;
}

std::vector<PlacedPiece> placed(const bf::Position& p) {
  std::vector<PlacedPiece> out;
  for (const bf::Piece& q : p.pieces) {
    const bool red = q.letter >= 'A' && q.letter <= 'Z';
    const char upper = red ? q.letter : static_cast<char>(q.letter - 'a' + 'A');
    const auto kind = static_cast<xiangqi::Kind>(std::string("KRNCPGM").find(upper));
    out.push_back({red ? Side::Red : Side::Black, kind, xiangqi::point(q.file, q.rank)});
  }
  return out;
}

Outcome outcome_of(bf::Result r) {
  return r == bf::Result::win    ? Outcome::win
         : r == bf::Result::loss ? Outcome::loss
                                 : Outcome::draw;
}

// Every table solved for `material` has the brute force's counts, and every position its
// result, distance and forced mate.
void expect_brute_force_agrees(const bf::Solution& truth, const std::string& material,
                               int threads) {
  SCOPED_TRACE(fmt::format("{} thread(s)", threads));
  const Tables tables = solve_with_targets(material, threads);
  for (const auto& [text, t] : tables) {
    SCOPED_TRACE(text);
    ASSERT_TRUE(truth.counts.contains(text));
    for (int side = 0; side < 2; ++side) {
      EXPECT_EQ(t->counts[side].win, truth.counts.at(text)[side].win) << "side " << side;
      EXPECT_EQ(t->counts[side].draw, truth.counts.at(text)[side].draw) << "side " << side;
      EXPECT_EQ(t->counts[side].loss, truth.counts.at(text)[side].loss) << "side " << side;
    }
    int wrong = 0;
    std::size_t compared = 0;
    for (const bf::Position& p : truth.positions) {
      if (p.material != text) continue;
      ++compared;
      const Side to_move = p.red_to_move ? Side::Red : Side::Black;
      const uint64_t entry = t->index.encode(placed(p));
      const Outcome o = t->probe(to_move, entry);
      const uint16_t d = t->distance[xiangqi::index(to_move)][entry];
      const bool decided = p.result != bf::Result::draw;
      const bool right = o == outcome_of(p.result) && (d & kPlies) == (decided ? p.distance : 0) &&
                         ((d & kForcedMate) != 0) == (decided && p.forced_mate);
      if (!right && ++wrong <= 3) {
        ADD_FAILURE() << "position of " << text << (p.red_to_move ? ", red" : ", black")
                      << " to move: solver " << int(o) << " in " << (d & kPlies)
                      << ((d & kForcedMate) != 0 ? " mate" : "") << "; brute force "
                      << int(outcome_of(p.result)) << " in " << p.distance
                      << (p.forced_mate ? " mate" : "");
      }
    }
    EXPECT_EQ(wrong, 0);
    // Every placement compared once, as the counts count placements.
    EXPECT_EQ(compared, t->counts[0].legal() + t->counts[1].legal()) << "positions compared";
  }
  EXPECT_GT(tables.size(), 1u);
}

class SolverAgainstBruteForce : public testing::TestWithParam<const char*> {};

TEST_P(SolverAgainstBruteForce, EveryPositionOnOneThreadAndOnTwo) {
  const bf::Solution truth = bf::solve(GetParam());
  expect_brute_force_agrees(truth, GetParam(), 1);
  expect_brute_force_agrees(truth, GetParam(), 2);
}

// Each attacker alone; a guard as the cannon's screen, black's guard and minister taken and
// taking, two identical guards (one entry for both orders) that block a horse's legs, and red's
// own guards hemming in its king and horse, where red to move can be stalemated and lose. Then
// both sides armed, under the repetition-draw convention: pawns that meet. A two-sided cannon
// (KCKP, 20 s here) is left to the measured run of docs/solve.md ("Checks"), which compares the
// counts of 42 two-sided materials with this brute force's.
INSTANTIATE_TEST_SUITE_P(SmallMaterials, SolverAgainstBruteForce,
                         testing::Values("KRK", "KNK", "KCK", "KPK", "KCGK", "KRKG", "KPKM",
                                         "KPKGG", "KNKGG", "KNGGK", "KPKP"));

TEST(Solver, LegalPositionsOfKrkAreCountedExhaustively) {
  // Kings on their 9 points, the rook on any other point; legal with red to move when the kings
  // do not face and black is not in check, with black to move when the kings do not face (red
  // cannot be in check). Counted here point by point.
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
  const Tables t = solve_with_targets("KRK");
  EXPECT_EQ(t.at("KRK")->counts[0].legal(), red_to_move);
  EXPECT_EQ(t.at("KRK")->counts[1].legal(), black_to_move);
}

TEST(Solver, TextbookResults) {
  const Tables t = solve_with_targets("KNGGK");
  // Red's king, horse and guards can block one another with red to move: no legal move loses.
  EXPECT_GT(t.at("KNGGK")->counts[0].loss, 0u);
  // A horse alone mates a lone king from most positions.
  const Tables horse = solve_with_targets("KNK");
  EXPECT_GT(static_cast<double>(horse.at("KNK")->counts[0].win),
            0.95 * static_cast<double>(horse.at("KNK")->counts[0].legal()));
  const Tables rook = solve_with_targets("KRK");
  // A chariot beats the lone king from anywhere with red to move.
  EXPECT_EQ(rook.at("KRK")->counts[0].win, rook.at("KRK")->counts[0].legal());
  // A cannon alone has no screen: it never wins, and nothing loses.
  const Tables cannon = solve_with_targets("KCK");
  for (int side = 0; side < 2; ++side) {
    EXPECT_EQ(cannon.at("KCK")->counts[side].draw, cannon.at("KCK")->counts[side].legal());
  }
  // An "old pawn" on black's back rank cannot reach the king's ranks any more: a draw. 432
  // legal positions of KPK have one, red to move, counted as placements.
  const Tables pawn = solve_with_targets("KPK");
  const SolvedTable& kpk = *pawn.at("KPK");
  Placement p;
  uint64_t old_pawns = 0;
  for (uint64_t i = 0; i < kpk.index.size(); ++i) {
    if (!kpk.index.decode(i, p) || kpk.probe(Side::Red, i) == Outcome::illegal) continue;
    if (xiangqi::rank_of(p.point[2]) != 9) continue;
    old_pawns += static_cast<uint64_t>(PositionIndex::weight(p.point[0], p.point[1]));
    EXPECT_EQ(kpk.probe(Side::Red, i), Outcome::draw);
  }
  EXPECT_EQ(old_pawns, 432u);
}

// The solver walks back from decided positions by retro moves; they must be exactly the moves
// without capture, turned round. Checked both ways on random placements of a material with every
// kind of piece: a move's target has the start among its origins, an origin has the position
// among its destinations.
TEST(Solver, RetroMovesAreTheMovesTurnedRound) {
  const PositionIndex index(parse_material("KRNCPGMKGGMM", PieceSet::xiangqi()));
  std::mt19937_64 rng(7);
  std::uniform_int_distribution<uint64_t> pick(0, index.size() - 1);
  Placement p;
  int placements = 0, moves = 0, retro_moves = 0;
  auto contains = [](const std::vector<uint64_t>& v, uint64_t x) {
    return std::find(v.begin(), v.end(), x) != v.end();
  };
  // The entries one move (or one retro move) of a non-king piece of side c away from entry i.
  auto neighbours = [&](uint64_t i, Side c, bool forward) {
    std::vector<uint64_t> out;
    Placement at;
    index.decode(i, at);
    for (int piece = 2; piece < at.pieces; ++piece) {
      if (index.group_of_piece(piece).side != c) continue;
      auto add = [&](int to) {
        if (at.cell[to] == xiangqi::kEmpty) out.push_back(index.after_move(i, at, piece, to));
      };
      if (forward) {
        xiangqi::for_each_destination(at, at.point[piece], add);
      } else {
        xiangqi::for_each_origin(at, at.point[piece], add);
      }
    }
    return out;
  };
  while (placements < 3000) {
    const uint64_t i = pick(rng);
    if (!index.decode(i, p)) continue;
    ++placements;
    for (Side c : {Side::Red, Side::Black}) {
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

}  // namespace
}  // namespace egkb::solve
