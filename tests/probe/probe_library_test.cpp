// libegkb-probe against the base the table was exported from (each node's score, not egkb's
// reader, which runs the same lookups): every material of the full xiangqi lattice and of the
// chess data, keys kept incrementally through random captures and promotions, the grammar of
// material text against egkb's parser, the game check and the version.
#include <gtest/gtest.h>

#include <random>

#include "base/errors.h"
#include "lattice/material.h"
#include "synth/synthesise.h"
#include "tests/probe/probe_fixture.h"
#include "tests/support/chess.h"

namespace egkb::test {
namespace {

Synthesis full_synthesis() {
  SynthOptions options;
  options.preset = "full";
  return synthesise(options);
}

class ProbeLibrary : public ProbeTest {
 protected:
  // Every node by counts, by key and by its text, against the node's score in the base.
  void expect_every_node_agrees(const ScoredLattice& scored, const std::string& file) const {
    const Table t = open(file);
    ASSERT_TRUE(t);
    const PieceSet& pieces = scored.lattice.pieces();
    std::size_t checked = 0;
    for (NodeId n = 0; n < scored.lattice.size(); ++n) {
      const Material m = scored.lattice.material(n);
      const int expected = value(scored.scores[n]);
      const Counts red = counts(m, Side::Red, pieces.kind_count());
      const Counts black = counts(m, Side::Black, pieces.kind_count());
      ASSERT_EQ(egkb_probe_counts(t.get(), red.data(), black.data()), expected) << n;
      ASSERT_EQ(egkb_probe_key(t.get(), egkb_key_of_counts(t.get(), red.data(), black.data())),
                expected)
          << n;
      ASSERT_EQ(egkb_probe_material(t.get(), format_material(m, pieces).c_str()), expected) << n;
      ++checked;
    }
    EXPECT_EQ(checked, scored.lattice.size());
  }
};

TEST_F(ProbeLibrary, EveryMaterialOfTheFullXiangqiLatticeAgreesWithTheBase) {
  const ScoredLattice scored = ScoredLattice::of(full_synthesis().truth);
  ASSERT_GT(scored.lattice.size(), 2'000'000u);
  expect_every_node_agrees(scored, write_table(scored, "full.egkb"));
  const Table t = open(path("full.egkb"));
  EXPECT_STREQ(egkb_pieces(t.get()), "xiangqi");
  EXPECT_EQ(egkb_game_of(t.get()), EGKB_GAME_XIANGQI);
  EXPECT_STREQ(egkb_kind_letters(t.get()), "RNCPGM");
  Counts dims{};
  EXPECT_EQ(egkb_dimensions(t.get(), dims.data()), 6);
  EXPECT_EQ(dims, (Counts{3, 3, 3, 6, 3, 3, 0, 0}));
  EXPECT_EQ(egkb_has_conflicts(t.get()), 0);
  // The aliases H, A and E read as N, G and M; a 'v' may part the sides in xiangqi too.
  EXPECT_EQ(egkb_probe_material(t.get(), "KHAEKH"), egkb_probe_material(t.get(), "KNGMKN"));
  EXPECT_EQ(egkb_probe_material(t.get(), "KRvKNMM"), egkb_probe_material(t.get(), "KRKNMM"));
  EXPECT_NE(egkb_probe_material(t.get(), "KRvKNMM"), EGKB_UNKNOWN);
}

TEST_F(ProbeLibrary, EveryMaterialOfTheChessDataAgreesAndOthersAreUnknown) {
  const ScoredLattice scored = ScoredLattice::of(chess_data());
  expect_every_node_agrees(scored, write_table(scored, "chess.egkb"));
  const Table t = open(path("chess.egkb"));
  EXPECT_STREQ(egkb_pieces(t.get()), "chess");
  EXPECT_EQ(egkb_game_of(t.get()), EGKB_GAME_CHESS);
  EXPECT_EQ(egkb_probe_material(t.get(), "KRvK"), 0);
  EXPECT_EQ(egkb_probe_material(t.get(), "KvKR"), 9);
  EXPECT_EQ(egkb_probe_material(t.get(), "KRPKR"), egkb_probe_material(t.get(), "KRPvKR"));
  EXPECT_STREQ(egkb_meaning(t.get(), 0), "white wins");
  EXPECT_STREQ(egkb_meaning(t.get(), 10), "unknown");
  for (const char* unknown : {"KQQQQQvK", "KQQQQvKQQQQ", "KXvK", "KRvKvK", "", "vK", "KRv",
                              "KQQQQQQQQQQvK", "KvvK", "KRKvK", "Kv", "K"}) {
    EXPECT_EQ(egkb_probe_material(t.get(), unknown), EGKB_UNKNOWN) << unknown;
  }
  EXPECT_EQ(egkb_probe_key(t.get(), EGKB_NO_KEY), EGKB_UNKNOWN);
  const int far[EGKB_MOST_KINDS] = {50, 0, 0, 0, 0}, none[EGKB_MOST_KINDS] = {};
  const int negative[EGKB_MOST_KINDS] = {-1, 0, 0, 0, 0};
  EXPECT_EQ(egkb_probe_counts(t.get(), far, none), EGKB_UNKNOWN);
  EXPECT_EQ(egkb_probe_counts(t.get(), none, negative), EGKB_UNKNOWN);
  EXPECT_EQ(egkb_key_of_counts(t.get(), far, none), EGKB_NO_KEY);
  EXPECT_EQ(egkb_key_of_counts(t.get(), negative, none), EGKB_NO_KEY);
}

// 10,000 games' worth of captures (a piece removed) and, in chess, promotions (a pawn for a
// piece): the key kept by egkb_key_add/remove equals the key of the counts after every step,
// inside the table's box and out of it, and probes as they do.
TEST_F(ProbeLibrary, IncrementalKeysEqualFreshKeysThroughCapturesAndPromotions) {
  const ScoredLattice scored = ScoredLattice::of(chess_data());
  const Table t = open(write_table(scored, "chess.egkb"));
  ASSERT_TRUE(t);
  Counts dims{};
  const int kinds = egkb_dimensions(t.get(), dims.data());
  const int pawn = kinds - 1;  // QRBNP
  std::mt19937_64 random(7);
  std::size_t steps = 0, outside = 0;
  for (int game = 0; game < 10'000; ++game) {
    const Material start =
        scored.lattice.material(static_cast<NodeId>(random() % scored.lattice.size()));
    std::array<Counts, 2> c{counts(start, Side::Red, kinds), counts(start, Side::Black, kinds)};
    egkb_key key = egkb_key_of_counts(t.get(), c[0].data(), c[1].data());
    for (int move = 0; move < 12; ++move) {
      const auto side = static_cast<egkb_side>(random() % 2);
      Counts& mine = c[static_cast<std::size_t>(side)];
      const int kind = static_cast<int>(random() % static_cast<uint64_t>(kinds));
      if (random() % 3 == 0 && mine[static_cast<std::size_t>(pawn)] > 0 && kind != pawn) {
        key = egkb_key_remove(t.get(), key, side, pawn);
        --mine[static_cast<std::size_t>(pawn)];
        key = egkb_key_add(t.get(), key, side, kind);
        ++mine[static_cast<std::size_t>(kind)];
      } else if (mine[static_cast<std::size_t>(kind)] > 0) {
        key = egkb_key_remove(t.get(), key, side, kind);
        --mine[static_cast<std::size_t>(kind)];
      } else {
        continue;
      }
      ++steps;
      const egkb_key fresh = egkb_key_of_counts(t.get(), c[0].data(), c[1].data());
      ASSERT_EQ(key, fresh) << "game " << game << " move " << move;
      ASSERT_NE(key, EGKB_NO_KEY);
      ASSERT_EQ(egkb_probe_key(t.get(), key), egkb_probe_counts(t.get(), c[0].data(), c[1].data()));
      outside += egkb_probe_counts(t.get(), c[0].data(), c[1].data()) == EGKB_UNKNOWN;
    }
  }
  EXPECT_GT(steps, 20'000u);
  EXPECT_GT(outside, 0u);
  // Queens added one by one: past the box and on to the game's nine, then no tenth.
  Counts queens{};
  const Counts none{};
  egkb_key key = egkb_key_of_counts(t.get(), queens.data(), none.data());
  for (int n = 1; n <= 9; ++n) {
    key = egkb_key_add(t.get(), key, EGKB_FIRST, 0);
    queens[0] = n;
    ASSERT_EQ(key, egkb_key_of_counts(t.get(), queens.data(), none.data())) << n;
    ASSERT_NE(key, EGKB_NO_KEY) << n;
  }
  EXPECT_GT(9, dims[0] - 1) << "the box holds fewer queens than a game can have";
  EXPECT_EQ(egkb_key_add(t.get(), key, EGKB_FIRST, 0), EGKB_NO_KEY);
  for (int n = 8; n >= 0; --n) {
    key = egkb_key_remove(t.get(), key, EGKB_FIRST, 0);
    queens[0] = n;
    ASSERT_EQ(key, egkb_key_of_counts(t.get(), queens.data(), none.data())) << n;
  }
  EXPECT_EQ(egkb_key_remove(t.get(), key, EGKB_FIRST, 0), EGKB_NO_KEY);
  EXPECT_EQ(egkb_key_add(t.get(), EGKB_NO_KEY, EGKB_FIRST, 0), EGKB_NO_KEY);
  EXPECT_EQ(egkb_key_add(t.get(), key, EGKB_FIRST, kinds), EGKB_NO_KEY);
  EXPECT_EQ(egkb_key_add(t.get(), key, static_cast<egkb_side>(2), 0), EGKB_NO_KEY);
}

// The case: KQQQQPvK promotes to a fifth queen (out of the table's box), then loses a
// queen: the key is KQQQQvK's again, and probes as the table holds it.
TEST_F(ProbeLibrary, AFifthQueenLeavesTheTableAndItsCaptureComesBack) {
  const ScoredLattice scored = ScoredLattice::of(chess_data());
  const Table t = open(write_table(scored, "chess.egkb"));
  ASSERT_TRUE(t);
  const int none[EGKB_MOST_KINDS] = {};
  const int four_and_pawn[EGKB_MOST_KINDS] = {4, 0, 0, 0, 1}, five[EGKB_MOST_KINDS] = {5};
  const int four[EGKB_MOST_KINDS] = {4};
  egkb_key key = egkb_key_of_counts(t.get(), four_and_pawn, none);
  key = egkb_key_remove(t.get(), key, EGKB_FIRST, 4);
  key = egkb_key_add(t.get(), key, EGKB_FIRST, 0);
  EXPECT_EQ(key, egkb_key_of_counts(t.get(), five, none));
  EXPECT_NE(key, EGKB_NO_KEY);
  EXPECT_EQ(egkb_probe_key(t.get(), key), EGKB_UNKNOWN);
  key = egkb_key_remove(t.get(), key, EGKB_FIRST, 0);
  EXPECT_EQ(key, egkb_key_of_counts(t.get(), four, none));
  EXPECT_EQ(egkb_probe_key(t.get(), key), egkb_probe_material(t.get(), "KQQQQvK"));
  EXPECT_EQ(egkb_probe_key(t.get(), key), 0);
}

// The library reads exactly the texts egkb's parser reads (lattice/material.cpp), on every
// material of the chess data and thousands of mutations of them and of random strings.
TEST_F(ProbeLibrary, MaterialTextIsReadAsEgkbReadsIt) {
  for (const PieceSet* pieces : {&PieceSet::xiangqi(), &PieceSet::chess()}) {
    const ScoredLattice scored = pieces == &PieceSet::chess()
                                     ? ScoredLattice::of(chess_data())
                                     : ScoredLattice::of(synthesise(SynthOptions{}).truth);
    const Table t = open(write_table(scored, "t.egkb"));
    ASSERT_TRUE(t);
    const std::string alphabet = "KvRNCPGMHAEQBXk ";
    std::mt19937_64 random(11);
    std::size_t accepted = 0, refused = 0;
    for (int i = 0; i < 20'000; ++i) {
      std::string text = format_material(
          scored.lattice.material(static_cast<NodeId>(random() % scored.lattice.size())), *pieces);
      for (int edits = static_cast<int>(random() % 3); edits > 0; --edits) {
        const std::size_t at = random() % (text.size() + 1);
        const char c = alphabet[random() % alphabet.size()];
        if (random() % 2 == 0 && at < text.size())
          text.erase(at, 1);
        else
          text.insert(at, 1, c);
      }
      bool parses = true;
      Material m;
      try {
        m = parse_material(text, *pieces);
      } catch (const MaterialParseError&) {
        parses = false;
      }
      const int probed = egkb_probe_material(t.get(), text.c_str());
      Counts first{}, second{};
      const int read =
          egkb_counts_from_material(t.get(), text.c_str(), first.data(), second.data());
      if (!parses) {
        ASSERT_EQ(probed, EGKB_UNKNOWN) << text;
        ASSERT_EQ(read, -1) << text;
        ++refused;
        continue;
      }
      ASSERT_EQ(read, 0) << text;
      ASSERT_EQ(first, counts(m, Side::Red, pieces->kind_count())) << text;
      ASSERT_EQ(second, counts(m, Side::Black, pieces->kind_count())) << text;
      const auto node = scored.lattice.find(key_of(m, *pieces));
      ASSERT_EQ(probed, node ? value(scored.scores[*node]) : EGKB_UNKNOWN) << text;
      ++accepted;
    }
    EXPECT_GT(accepted, 5'000u) << pieces->name();
    EXPECT_GT(refused, 5'000u) << pieces->name();
  }
}

// `egkb probe` and the library give the same answer to the texts the issue found apart.
TEST_F(ProbeLibrary, TheCliAndTheLibraryAnswerKRPKRAndKRvKNMMAlike) {
  const std::string chess = write_table(ScoredLattice::of(chess_data()), "chess.egkb");
  synth("endall", 1);
  ASSERT_EQ(run("export " + path("t.csv") + " --format table --out " + path("x.egkb")).code, 0);
  for (const auto& [file, text] :
       {std::pair{chess, "KRPKR"}, std::pair{path("x.egkb"), "KRvKNMM"}}) {
    const Outcome cli = run("probe " + file + " " + text + " --json");
    ASSERT_EQ(cli.code, 0) << cli.err;
    const Table t = open(file);
    const int library = egkb_probe_material(t.get(), text);
    EXPECT_NE(library, EGKB_UNKNOWN) << text;
    EXPECT_NE(cli.out.find("\"score\": " + std::to_string(library)), std::string::npos)
        << text << ": " << cli.out;
  }
}

TEST_F(ProbeLibrary, ATableOfAnotherGameIsRefusedWhenTheGameIsAsked) {
  const std::string chess = write_table(ScoredLattice::of(chess_data()), "chess.egkb");
  const char* why = nullptr;
  EXPECT_EQ(egkb_open_game(chess.c_str(), EGKB_GAME_XIANGQI, &why), nullptr);
  EXPECT_STREQ(why, "pieces: a chess table, not a xiangqi one");
  EXPECT_EQ(egkb_open_game(chess.c_str(), static_cast<egkb_game>(7), &why), nullptr);
  EXPECT_STREQ(why, "pieces: no game numbered 7; 1 is xiangqi, 2 chess");
  Table t(egkb_open_game(chess.c_str(), EGKB_GAME_CHESS, &why));
  ASSERT_TRUE(t) << why;
  EXPECT_EQ(egkb_probe_material(t.get(), "KRvK"), 0);
}

TEST_F(ProbeLibrary, TheVersionIsEgkbsAndTheHeadersAlike) {
  EXPECT_STREQ(egkb_probe_version(), EGKB_PROBE_VERSION);
  EXPECT_STREQ(EGKB_PROBE_VERSION, EGKB_VERSION);
  EXPECT_EQ(std::to_string(EGKB_PROBE_VERSION_MAJOR) + "." +
                std::to_string(EGKB_PROBE_VERSION_MINOR) + "." +
                std::to_string(EGKB_PROBE_VERSION_PATCH),
            EGKB_VERSION);
}

}  // namespace
}  // namespace egkb::test
