// The helpers an engine needs, against egkb's own commands: counts from 1,000 FENs that
// `egkb positions` wrote (500 xiangqi as Fairy-Stockfish reads them, 500 chess), the score from
// the side to move's view and its bonus against `egkb probe`'s answer for the material; FENs of
// another board or with impossible pieces refused.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <random>

#include "lattice/material.h"
#include "synth/synthesise.h"
#include "tests/probe/probe_fixture.h"
#include "tests/support/chess.h"

namespace egkb::test {
namespace {

class ProbeHelpers : public ProbeTest {
 protected:
  // 50 materials of the base, 10 positions each: every FEN read into the material's counts,
  // and probed from the side to move's view as `egkb probe` scores the material.
  void expect_fens_agree(const ScoredLattice& scored, const std::string& table) {
    const PieceSet& pieces = scored.lattice.pieces();
    const Table t = open(table);
    ASSERT_TRUE(t);
    std::mt19937_64 random(3);
    std::vector<Material> materials;
    std::string listed;
    while (materials.size() < 50) {
      const Material m =
          scored.lattice.material(static_cast<NodeId>(random() % scored.lattice.size()));
      if (m.piece_count() < 3) continue;  // bare kings: egkb positions draws any material
      materials.push_back(m);
      listed += ' ';
      listed += format_material(m, pieces);
    }
    const Outcome probed = run("probe " + table + listed + " --json");
    ASSERT_EQ(probed.code, 0) << probed.err;
    const nlohmann::json answers = nlohmann::json::parse(probed.out);
    std::size_t fens = 0, second_to_move = 0;
    for (std::size_t i = 0; i < materials.size(); ++i) {
      const std::string text = format_material(materials[i], pieces);
      std::string args = "positions ";
      args += text;
      args += " --pieces " + pieces.name() + " --json --count 10 --seed ";
      args += std::to_string(i);
      const Outcome drawn = run(args);
      ASSERT_EQ(drawn.code, 0) << drawn.err;
      ASSERT_TRUE(answers[i]["score"].is_number()) << text;
      const int cli = answers[i]["score"];
      const nlohmann::json positions = nlohmann::json::parse(drawn.out)["positions"];
      for (const auto& position : positions) {
        const std::string fen = position["fen"];
        Counts first{}, second{};
        ASSERT_EQ(egkb_counts_from_fen(t.get(), fen.c_str(), first.data(), second.data()), 0)
            << fen;
        ASSERT_EQ(first, counts(materials[i], Side::Red, pieces.kind_count())) << fen;
        ASSERT_EQ(second, counts(materials[i], Side::Black, pieces.kind_count())) << fen;
        const int score = egkb_probe_counts(t.get(), first.data(), second.data());
        ASSERT_EQ(score, cli) << fen;
        const bool first_moves = position["to_move"] == pieces.side_name(Side::Red);
        const egkb_side mover = first_moves ? EGKB_FIRST : EGKB_SECOND;
        ASSERT_EQ(egkb_score_for_side(score, mover), first_moves ? cli : 9 - cli) << fen;
        ASSERT_EQ(egkb_score_bonus(egkb_score_for_side(score, mover), 100),
                  first_moves ? egkb_score_bonus(cli, 100) : -egkb_score_bonus(cli, 100))
            << fen;
        second_to_move += !first_moves;
        ++fens;
      }
    }
    EXPECT_EQ(fens, 500u);
    EXPECT_EQ(second_to_move, 250u);
  }
};

TEST_F(ProbeHelpers, XiangqiFensOfEgkbPositionsGiveTheirMaterial) {
  expect_fens_agree(ScoredLattice::of(synthesise(SynthOptions{}).truth),
                    write_table(ScoredLattice::of(synthesise(SynthOptions{}).truth), "x.egkb"));
}

TEST_F(ProbeHelpers, ChessFensOfEgkbPositionsGiveTheirMaterial) {
  const ScoredLattice scored = ScoredLattice::of(chess_data());
  expect_fens_agree(scored, write_table(scored, "chess.egkb"));
}

TEST_F(ProbeHelpers, FensTheTablesGameCannotReadAreRefused) {
  const Table chess = open(write_table(ScoredLattice::of(chess_data()), "chess.egkb"));
  const Table xiangqi =
      open(write_table(ScoredLattice::of(synthesise(SynthOptions{}).truth), "x.egkb"));
  Counts first{}, second{};
  const auto reads = [&](const Table& t, const char* fen) {
    return egkb_counts_from_fen(t.get(), fen, first.data(), second.data()) == 0;
  };
  const char* xiangqi_fen = "2bak4/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1";
  const char* chess_fen = "8/8/8/8/8/8/3QQ3/K6k b - - 0 1";
  EXPECT_TRUE(reads(xiangqi, xiangqi_fen));
  EXPECT_EQ(first, (Counts{0, 0, 0, 0, 2, 0, 0, 0}));
  EXPECT_EQ(second, (Counts{0, 0, 0, 0, 1, 1, 0, 0}));
  EXPECT_TRUE(reads(chess, chess_fen));
  EXPECT_EQ(first, (Counts{2, 0, 0, 0, 0, 0, 0, 0}));
  EXPECT_TRUE(reads(chess, "8/8/8/8/8/8/8/K6k"));  // the board alone
  for (const char* bad : {
           chess_fen,                                   // a chess board
           "2bak4/9/9/9/9/9/9/9/4A4 w - - 0 1",         // nine ranks
           "2bak4/9/9/9/9/9/9/9/4A4/3AK4/9 w - - 0 1",  // eleven
           "2bak5/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1",    // ten files on a rank
           "2ba5/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1",     // no black king
           "2bakk3/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1",   // two
           "2bQk4/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1",    // a chess queen
           "2bGk4/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1",    // G is material text, not FEN
           "2b0k5/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1",    // a zero
           "2bak4/9/9/9/9/9/9/9/4A4/3AK4/ w - - 0 1",   // a trailing slash
           "AAAak4/9/9/9/9/9/9/9/9/4K4 w - - 0 1",      // three guards
           "",
       }) {
    EXPECT_FALSE(reads(xiangqi, bad)) << bad;
  }
  EXPECT_FALSE(reads(chess, xiangqi_fen));
  EXPECT_FALSE(reads(chess, "QQQQQQQQ/QQ6/8/8/8/8/8/K6k w - - 0 1"));  // ten queens
  EXPECT_TRUE(reads(chess, "QQQQQQQQ/Q7/8/8/8/8/8/K6k w - - 0 1"));    // nine
  EXPECT_FALSE(reads(chess, "8/8/8/8/8/8/8/K6k/8 w - - 0 1"));
}

// The documented bonuses: antisymmetric, falling with the score, scaled by percent, none for an
// unknown score; and the side-to-move view the mirror of the score.
TEST_F(ProbeHelpers, ScoresFromEitherSideAndTheirBonuses) {
  const int documented[10] = {636, 382, 228, 108, 26, -26, -108, -228, -382, -636};
  for (int s = 0; s <= 9; ++s) {
    EXPECT_EQ(egkb_score_bonus(s, 100), documented[s]) << s;
    EXPECT_EQ(egkb_score_bonus(s, 50), documented[s] / 2) << s;
    EXPECT_EQ(egkb_score_bonus(s, 100), -egkb_score_bonus(9 - s, 100)) << s;
    EXPECT_EQ(egkb_score_for_side(s, EGKB_FIRST), s);
    EXPECT_EQ(egkb_score_for_side(s, EGKB_SECOND), 9 - s);
  }
  EXPECT_EQ(egkb_score_bonus(EGKB_UNKNOWN, 100), 0);
  EXPECT_EQ(egkb_score_bonus(10, 100), 0);
  EXPECT_EQ(egkb_score_for_side(EGKB_UNKNOWN, EGKB_FIRST), EGKB_UNKNOWN);
  EXPECT_EQ(egkb_score_for_side(3, static_cast<egkb_side>(2)), EGKB_UNKNOWN);
}

}  // namespace
}  // namespace egkb::test
