// The header `egkb export --format header` wrote at build time (EGKB_PROBE_HEADER, from the base
// EGKB_PROBE_KB), compiled in beside libegkb-probe's header: its probe must agree with the base
// on every node, and with the library on a table of the same base, key for key.
#include <egkb/probe.h>
#include <gtest/gtest.h>

#include <array>
#include <string_view>

#include "export/engine_table.h"
#include "io/csv.h"
#include "lattice/knowledge_base.h"
#include "lattice/material.h"
#include "prose/score_meaning.h"
#include EGKB_PROBE_HEADER

#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace egkb {
namespace {

const ScoredLattice& base() {
  static const ScoredLattice scored = [] {
    CsvOptions options;
    options.pieces = &PieceSet::named(EGKB_PROBE_PIECES);
    return ScoredLattice::of(read_csv(EGKB_PROBE_KB, options));
  }();
  return scored;
}

using Counts = std::array<int, KB_KINDS>;

Counts counts_of(const Material& m, Side side) {
  Counts c{};
  for (int k = 0; k < KB_KINDS; ++k) c[static_cast<std::size_t>(k)] = m.count(side, PieceKind(k));
  return c;
}

int probe(const Material& m) {
  return kb_probe(counts_of(m, Side::Red).data(), counts_of(m, Side::Black).data());
}

TEST(GeneratedHeader, DescribesThePieceSet) {
  const PieceSet& pieces = base().lattice.pieces();
  ASSERT_EQ(KB_KINDS, pieces.kind_count());
  EXPECT_STREQ(KB_PIECES, pieces.name().c_str());
  for (int k = 0; k < KB_KINDS; ++k)
    EXPECT_EQ(KB_KIND_LETTERS[k], pieces.kind(PieceKind(k)).letter);
}

TEST(GeneratedHeader, ProbeAgreesWithTheBaseOnEveryNode) {
  const ScoredLattice& scored = base();
  ASSERT_GT(scored.lattice.size(), 999u);
  for (NodeId n = 0; n < scored.lattice.size(); ++n) {
    ASSERT_EQ(probe(scored.lattice.material(n)), value(scored.scores[n])) << n;
  }
}

// By text, by counts and by key, and the key kept as each piece in turn is captured.
TEST(GeneratedHeader, EveryWayInAgreesAndKeysFollowCaptures) {
  const ScoredLattice& scored = base();
  const PieceSet& pieces = scored.lattice.pieces();
  std::size_t captures = 0;
  for (NodeId n = 0; n < scored.lattice.size(); ++n) {
    Material m = scored.lattice.material(n);
    Counts red = counts_of(m, Side::Red), black = counts_of(m, Side::Black);
    const int expected = value(scored.scores[n]);
    ASSERT_EQ(kb_probe_material(format_material(m, pieces).c_str()), expected) << n;
    uint64_t key = kb_key_of_counts(red.data(), black.data());
    ASSERT_EQ(kb_probe_key(key), expected) << n;
    for (int side = 0; side < 2; ++side) {
      Counts& c = side == 0 ? red : black;
      for (int k = 0; k < KB_KINDS; ++k) {
        while (c[static_cast<std::size_t>(k)] > 0) {
          key = kb_key_remove(key, side, k);
          --c[static_cast<std::size_t>(k)];
          ASSERT_EQ(key, kb_key_of_counts(red.data(), black.data())) << n;
          ++captures;
        }
      }
    }
    ASSERT_EQ(kb_key_remove(key, 0, 0), KB_NO_KEY);
  }
  EXPECT_GT(captures, scored.lattice.size());
  std::array<int, KB_KINDS> dims{};
  EXPECT_EQ(kb_dimensions(dims.data()), KB_KINDS);
  EXPECT_GE(dims[0], 1);
}

// Red's side of one node with black's side of another: mostly materials the base lacks.
TEST(GeneratedHeader, MaterialsTheBaseLacksAreUnknown) {
  const ScoredLattice& scored = base();
  const Lattice& lattice = scored.lattice;
  int checked = 0, unknown = 0;
  for (NodeId a = 0; a < lattice.size(); a += 37) {
    for (NodeId b = 0; b < lattice.size(); b += 41) {
      Material m = lattice.material(a);
      m.counts[1] = lattice.material(b).counts[1];
      const auto n = lattice.find(key_of(m, lattice.pieces()));
      const int expected = n ? value(scored.scores[*n]) : KB_UNKNOWN;
      ASSERT_EQ(probe(m), expected) << format_material(m, lattice.pieces());
      unknown += !n;
      ++checked;
    }
  }
  // Every 37th by every 41st of the chess data's 1000 materials or endall's 63423.
  EXPECT_EQ(checked, std::string_view(EGKB_PROBE_PIECES) == "chess" ? 700 : 2'653'105)
      << "materials probed";
  EXPECT_GT(unknown, 0);
}

TEST(GeneratedHeader, MeaningsAreTheLibrarys) {
  for (int s = 0; s <= kMaxScore; ++s)
    EXPECT_EQ(kb_meaning(s), score_meaning(PieceSet::named(EGKB_PROBE_PIECES), Score(s)));
  EXPECT_STREQ(kb_meaning(KB_UNKNOWN), "unknown");
  EXPECT_STREQ(kb_meaning(10), "unknown");
}

// The same keys and scores as libegkb-probe gives for a table of the base, for every node and
// for materials out of the table's box; the same counts of a material's text.
TEST(GeneratedHeader, TheLibraryGivesTheSameKeysAndScores) {
  const ScoredLattice& scored = base();
  const std::string file =
      (std::filesystem::temp_directory_path() / ("egkb_header_" + std::string(EGKB_PROBE_PIECES)))
          .string();
  {
    std::ofstream out(file, std::ios::binary);
    EngineTable::of(scored, false).write(out);
  }
  const char* why = nullptr;
  egkb_table* t = egkb_open(file.c_str(), &why);
  std::filesystem::remove(file);
  ASSERT_NE(t, nullptr) << why;
  const PieceSet& pieces = scored.lattice.pieces();
  std::size_t outside = 0;
  for (NodeId n = 0; n < scored.lattice.size(); ++n) {
    Material m = scored.lattice.material(n);
    // Every third material gains a piece of the first kind: often beyond the box.
    if (n % 3 == 0 && m.count(Side::Red, PieceKind(0)) < pieces.kind(PieceKind(0)).max)
      ++m.count(Side::Red, PieceKind(0));
    const Counts red = counts_of(m, Side::Red), black = counts_of(m, Side::Black);
    const uint64_t key = kb_key_of_counts(red.data(), black.data());
    ASSERT_EQ(key, egkb_key_of_counts(t, red.data(), black.data())) << n;
    ASSERT_EQ(kb_probe_key(key), egkb_probe_key(t, key)) << n;
    const std::string text = format_material(m, pieces);
    Counts header_red{}, header_black{};
    int library[2][EGKB_MOST_KINDS] = {};
    ASSERT_EQ(kb_counts_from_material(text.c_str(), header_red.data(), header_black.data()), 0);
    ASSERT_EQ(egkb_counts_from_material(t, text.c_str(), library[0], library[1]), 0);
    for (int k = 0; k < KB_KINDS; ++k) {
      ASSERT_EQ(header_red[static_cast<std::size_t>(k)], library[0][k]) << text;
      ASSERT_EQ(header_black[static_cast<std::size_t>(k)], library[1][k]) << text;
    }
    outside += kb_probe_key(key) == KB_UNKNOWN;
  }
  EXPECT_GT(outside, 0u);
  EXPECT_EQ(kb_dimensions(nullptr), KB_KINDS);
  for (int s = -1; s <= 10; ++s) {
    EXPECT_EQ(kb_score_bonus(s, 100), egkb_score_bonus(s, 100));
    EXPECT_STREQ(kb_meaning(s), egkb_meaning(t, s));
  }
  egkb_close(t);
}

TEST(GeneratedHeader, CountsOutOfRangeAreUnknown) {
  Counts none{};
  Counts negative{};
  negative[0] = -1;
  Counts many{};
  many[KB_KINDS - 1] = 99;
  EXPECT_EQ(kb_probe(negative.data(), none.data()), KB_UNKNOWN);
  EXPECT_EQ(kb_probe(none.data(), many.data()), KB_UNKNOWN);
}

}  // namespace
}  // namespace egkb
