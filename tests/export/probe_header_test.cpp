// The header `egkb export --format header` wrote at build time (EGKB_PROBE_HEADER, from the base
// EGKB_PROBE_KB), compiled in: its probe must agree with the base on every node.
#include <gtest/gtest.h>

#include <array>
#include <string_view>

#include "io/csv.h"
#include "lattice/knowledge_base.h"
#include "lattice/material.h"
#include "prose/score_meaning.h"
#include EGKB_PROBE_HEADER

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

using Counts = std::array<int, EGKB_KINDS>;

Counts counts_of(const Material& m, Side side) {
  Counts c{};
  for (int k = 0; k < EGKB_KINDS; ++k) c[static_cast<std::size_t>(k)] = m.count(side, PieceKind(k));
  return c;
}

int probe(const Material& m) {
  return egkb_probe(counts_of(m, Side::Red).data(), counts_of(m, Side::Black).data());
}

TEST(GeneratedHeader, DescribesThePieceSet) {
  const PieceSet& pieces = base().lattice.pieces();
  ASSERT_EQ(EGKB_KINDS, pieces.kind_count());
  EXPECT_STREQ(EGKB_PIECES, pieces.name().c_str());
  for (int k = 0; k < EGKB_KINDS; ++k)
    EXPECT_EQ(EGKB_KIND_LETTERS[k], pieces.kind(PieceKind(k)).letter);
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
    ASSERT_EQ(egkb_probe_material(format_material(m, pieces).c_str()), expected) << n;
    uint64_t key = egkb_key_of_counts(red.data(), black.data());
    ASSERT_EQ(egkb_probe_key(key), expected) << n;
    for (int side = 0; side < 2; ++side) {
      Counts& c = side == 0 ? red : black;
      for (int k = 0; k < EGKB_KINDS; ++k) {
        while (c[static_cast<std::size_t>(k)] > 0) {
          key = egkb_key_remove(key, side, k);
          --c[static_cast<std::size_t>(k)];
          ASSERT_EQ(key, egkb_key_of_counts(red.data(), black.data())) << n;
          ++captures;
        }
      }
    }
    ASSERT_EQ(egkb_key_remove(key, 0, 0), EGKB_NO_KEY);
  }
  EXPECT_GT(captures, scored.lattice.size());
  std::array<int, EGKB_KINDS> dims{};
  EXPECT_EQ(egkb_dimensions(dims.data()), EGKB_KINDS);
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
      const int expected = n ? value(scored.scores[*n]) : EGKB_UNKNOWN;
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
    EXPECT_EQ(egkb_meaning(s), score_meaning(PieceSet::named(EGKB_PROBE_PIECES), Score(s)));
  EXPECT_STREQ(egkb_meaning(EGKB_UNKNOWN), "unknown");
  EXPECT_STREQ(egkb_meaning(10), "unknown");
}

TEST(GeneratedHeader, CountsOutOfRangeAreUnknown) {
  Counts none{};
  Counts negative{};
  negative[0] = -1;
  Counts many{};
  many[EGKB_KINDS - 1] = 99;
  EXPECT_EQ(egkb_probe(negative.data(), none.data()), EGKB_UNKNOWN);
  EXPECT_EQ(egkb_probe(none.data(), many.data()), EGKB_UNKNOWN);
}

}  // namespace
}  // namespace egkb
