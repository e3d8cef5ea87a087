// libegkb-probe against egkb's own reader of the same file (what `egkb probe` answers): every
// material of the full xiangqi lattice and of the chess data, keys kept incrementally through
// random captures and promotions, damaged files refused with the field at fault.
#include <egkb/probe.h>
#include <gtest/gtest.h>

#include <fstream>
#include <random>

#include "export/engine_table.h"
#include "lattice/material.h"
#include "synth/synthesise.h"
#include "tests/support/chess.h"
#include "tests/support/temp_dir.h"

namespace egkb {
namespace {

Synthesis full_synthesis() {
  SynthOptions options;
  options.preset = "full";
  return synthesise(options);
}

struct Closer {
  void operator()(egkb_table* t) const { egkb_close(t); }
};
using Table = std::unique_ptr<egkb_table, Closer>;

class ProbeLibrary : public test::TempDirTest {
 protected:
  std::string write_table(const ScoredLattice& scored, const std::string& name) const {
    std::ofstream out(path(name), std::ios::binary);
    EngineTable::of(scored, false).write(out);
    return path(name);
  }
  static Table open(const std::string& file) {
    const char* why = nullptr;
    Table t(egkb_open(file.c_str(), &why));
    EXPECT_TRUE(t) << file << ": " << (why ? why : "");
    return t;
  }
  static std::pair<std::array<int, EGKB_MOST_KINDS>, std::array<int, EGKB_MOST_KINDS>> counts(
      const Material& m, int kinds) {
    std::array<int, EGKB_MOST_KINDS> a{}, b{};
    for (PieceKind k : KindRange(kinds)) {
      a[static_cast<std::size_t>(kind_index(k))] = m.count(Side::Red, k);
      b[static_cast<std::size_t>(kind_index(k))] = m.count(Side::Black, k);
    }
    return {a, b};
  }
  // Every node by counts, by key and by its text, against EngineTable::probe of the same file.
  void expect_every_node_agrees(const ScoredLattice& scored, const std::string& file) const {
    const EngineTable reader = EngineTable::read(file);
    const Table t = open(file);
    ASSERT_TRUE(t);
    const PieceSet& pieces = scored.lattice.pieces();
    std::size_t checked = 0;
    for (NodeId n = 0; n < scored.lattice.size(); ++n) {
      const Material m = scored.lattice.material(n);
      const int expected = value(*reader.probe(m));
      const auto [red, black] = counts(m, pieces.kind_count());
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

TEST_F(ProbeLibrary, EveryMaterialOfTheFullXiangqiLatticeAgreesWithEgkbProbe) {
  const ScoredLattice scored = ScoredLattice::of(full_synthesis().truth);
  ASSERT_GT(scored.lattice.size(), 2'000'000u);
  expect_every_node_agrees(scored, write_table(scored, "full.egkb"));
  const Table t = open(path("full.egkb"));
  EXPECT_STREQ(egkb_pieces(t.get()), "xiangqi");
  EXPECT_STREQ(egkb_kind_letters(t.get()), "RNCPGM");
  std::array<int, EGKB_MOST_KINDS> dims{};
  EXPECT_EQ(egkb_dimensions(t.get(), dims.data()), 6);
  EXPECT_EQ(dims, (std::array<int, EGKB_MOST_KINDS>{3, 3, 3, 6, 3, 3, 0, 0}));
  // The aliases H, A and E read as N, G and M.
  EXPECT_EQ(egkb_probe_material(t.get(), "KHAEKH"), egkb_probe_material(t.get(), "KNGMKN"));
}

TEST_F(ProbeLibrary, EveryMaterialOfTheChessDataAgreesAndOthersAreUnknown) {
  const ScoredLattice scored = ScoredLattice::of(test::chess_data());
  expect_every_node_agrees(scored, write_table(scored, "chess.egkb"));
  const Table t = open(path("chess.egkb"));
  EXPECT_STREQ(egkb_pieces(t.get()), "chess");
  EXPECT_EQ(egkb_probe_material(t.get(), "KRvK"), 0);
  EXPECT_EQ(egkb_probe_material(t.get(), "KvKR"), 9);
  EXPECT_STREQ(egkb_meaning(t.get(), 0), "white wins");
  EXPECT_STREQ(egkb_meaning(t.get(), 10), "unknown");
  for (const char* unknown :
       {"KQQQQQvK", "KQQQQvKQQQQ", "KXvK", "KRK", "KRvKvK", "", "vK", "KRv", "KQQQQQQQQQQvK"}) {
    EXPECT_EQ(egkb_probe_material(t.get(), unknown), EGKB_UNKNOWN) << unknown;
  }
  EXPECT_EQ(egkb_probe_material(t.get(), nullptr), EGKB_UNKNOWN);
  EXPECT_EQ(egkb_probe_key(t.get(), EGKB_NO_KEY), EGKB_UNKNOWN);
  const int far[EGKB_MOST_KINDS] = {50, 0, 0, 0, 0}, none[EGKB_MOST_KINDS] = {};
  const int negative[EGKB_MOST_KINDS] = {-1, 0, 0, 0, 0};
  EXPECT_EQ(egkb_probe_counts(t.get(), far, none), EGKB_UNKNOWN);
  EXPECT_EQ(egkb_probe_counts(t.get(), none, negative), EGKB_UNKNOWN);
  EXPECT_EQ(egkb_key_of_counts(t.get(), far, none), EGKB_NO_KEY);
}

// 10,000 games' worth of captures (a piece removed) and, in chess, promotions (a pawn for a
// piece): the key kept by egkb_key_add/remove equals the key of the counts after every step,
// and is EGKB_NO_KEY exactly when the counts leave the table's box.
TEST_F(ProbeLibrary, IncrementalKeysEqualFreshKeysThroughCapturesAndPromotions) {
  const ScoredLattice scored = ScoredLattice::of(test::chess_data());
  const Table t = open(write_table(scored, "chess.egkb"));
  ASSERT_TRUE(t);
  std::array<int, EGKB_MOST_KINDS> dims{};
  const int kinds = egkb_dimensions(t.get(), dims.data());
  const int pawn = kinds - 1;  // QRBNP
  std::mt19937_64 random(7);
  std::size_t steps = 0, outside = 0;
  for (int game = 0; game < 10'000; ++game) {
    const Material start =
        scored.lattice.material(static_cast<NodeId>(random() % scored.lattice.size()));
    auto [first, second] = counts(start, kinds);
    std::array<std::array<int, EGKB_MOST_KINDS>, 2> c{first, second};
    egkb_key key = egkb_key_of_counts(t.get(), c[0].data(), c[1].data());
    ASSERT_NE(key, EGKB_NO_KEY);
    for (int move = 0; move < 12 && key != EGKB_NO_KEY; ++move) {
      const auto side = static_cast<egkb_side>(random() % 2);
      std::array<int, EGKB_MOST_KINDS>& mine = c[static_cast<std::size_t>(side)];
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
      outside += fresh == EGKB_NO_KEY;
    }
  }
  EXPECT_GT(steps, 20'000u);
  // Queens added one by one until the box has no room: NO_KEY exactly when the counts leave it.
  std::array<int, EGKB_MOST_KINDS> queens{};
  const int none_[EGKB_MOST_KINDS] = {};
  egkb_key key = egkb_key_of_counts(t.get(), queens.data(), none_);
  for (int n = 1; key != EGKB_NO_KEY; ++n) {
    key = egkb_key_add(t.get(), key, EGKB_FIRST, 0);
    queens[0] = n;
    ASSERT_EQ(key, egkb_key_of_counts(t.get(), queens.data(), none_)) << n;
    outside += key == EGKB_NO_KEY;
  }
  EXPECT_EQ(queens[0], dims[0]);
  EXPECT_GT(outside, 0u);
  // A piece the side does not have cannot be removed; the failure value stays one.
  const int none[EGKB_MOST_KINDS] = {};
  const egkb_key bare = egkb_key_of_counts(t.get(), none, none);
  EXPECT_EQ(egkb_key_remove(t.get(), bare, EGKB_FIRST, 0), EGKB_NO_KEY);
  EXPECT_EQ(egkb_key_add(t.get(), EGKB_NO_KEY, EGKB_FIRST, 0), EGKB_NO_KEY);
  EXPECT_EQ(egkb_key_add(t.get(), bare, EGKB_FIRST, kinds), EGKB_NO_KEY);
}

// Each header field changed, a byte of the body flipped, the file cut short: refused, naming
// the field, as egkb probe refuses them.
TEST_F(ProbeLibrary, ADamagedTableIsRefusedWithTheReason) {
  const ScoredLattice scored = ScoredLattice::of(test::chess_data());
  const std::string good = write_table(scored, "good.egkb");
  std::ifstream in(good, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto refused_for = [&](std::string damaged, const std::string& field) {
    const std::string file = path("bad.egkb");
    std::ofstream(file, std::ios::binary | std::ios::trunc) << damaged;
    const char* why = nullptr;
    egkb_table* t = egkb_open(file.c_str(), &why);
    EXPECT_EQ(t, nullptr) << field;
    egkb_close(t);
    ASSERT_NE(why, nullptr) << field;
    EXPECT_EQ(std::string(why).rfind(field + ":", 0), 0u) << field << ": " << why;
  };
  const auto with = [&](std::size_t at, char value) {
    std::string b = bytes;
    b[at] = value;
    return b;
  };
  refused_for(with(0, 'X'), "magic");
  refused_for(with(8, 1), "version");
  refused_for(with(40, static_cast<char>(bytes[40] + 1)), "entries");  // columns
  refused_for(with(48, static_cast<char>(bytes[48] + 1)), "entries");  // box entries
  for (std::size_t at : {10u, 11u, 12u, 24u, 32u, 56u, 60u, 64u, 200u}) {
    refused_for(with(at, static_cast<char>(bytes[at] ^ 0x5A)), "checksum");
  }
  refused_for(bytes.substr(0, bytes.size() - 1), "entries");
  refused_for(bytes.substr(0, 20), "header");
  refused_for(bytes + "x", "entries");
  const char* why = nullptr;
  EXPECT_EQ(egkb_open(path("missing.egkb").c_str(), &why), nullptr);
  EXPECT_STREQ(why, "cannot open the file");
  EXPECT_EQ(egkb_open(path("missing.egkb").c_str(), nullptr), nullptr);
}

}  // namespace
}  // namespace egkb
