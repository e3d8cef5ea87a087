// The nearest-neighbour search of the spread design against brute force over the distance's
// definition:
// the same units, ties included, whether it walks shells through its key map (large xiangqi
// bases) or scans (chess, small bases), as units are removed.
#include "sampling/lattice_neighbours.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

#include "lattice/material.h"
#include "lattice/random.h"
#include "sampling/distance_k.h"
#include "synth/presets.h"
#include "tests/support/chess.h"
#include "tests/support/xiangqi.h"

namespace egkb {
namespace {

// Pieces to add or take away to turn one material into the other or into its mirror, from the
// definition: the count differences of both, the nearer kept.
int distance(const Material& a, const Material& b, const PieceSet& pieces) {
  int same = 0, mirrored = 0;
  const Material m = mirror(a);
  for (Side s : {Side::Red, Side::Black}) {
    for (PieceKind k : pieces.kinds()) {
      same += std::abs(a.count(s, k) - b.count(s, k));
      mirrored += std::abs(m.count(s, k) - b.count(s, k));
    }
  }
  return std::min(same, mirrored);
}

// Every live unit other than `unit` within the least distance holding `want` of them.
std::vector<uint32_t> brute_nearest(const std::vector<Material>& materials,
                                    const std::vector<uint8_t>& live, uint32_t unit,
                                    std::size_t want, const PieceSet& pieces) {
  std::vector<std::pair<int, uint32_t>> by_distance;
  for (uint32_t u = 0; u < materials.size(); ++u) {
    if (u != unit && live[u])
      by_distance.emplace_back(distance(materials[unit], materials[u], pieces), u);
  }
  std::sort(by_distance.begin(), by_distance.end());
  std::vector<uint32_t> out;
  if (by_distance.empty()) return out;
  const int bound = by_distance[std::min(want, by_distance.size()) - 1].first;
  for (const auto& [d, u] : by_distance) {
    if (d <= bound) out.push_back(u);
  }
  std::sort(out.begin(), out.end(), [&](uint32_t a, uint32_t b) {
    return key_of(materials[a], pieces) < key_of(materials[b], pieces);
  });
  return out;
}

// `checked` counts the queries answered as brute force answers them.
void expect_brute_force_answers(const std::vector<Key>& keys, const PieceSet& pieces,
                                std::size_t queries_per_round, std::size_t& checked) {
  LatticeNeighbours neighbours(pieces, keys);
  std::vector<Material> materials;
  for (Key key : keys) materials.push_back(material_of(key, pieces));
  std::vector<uint8_t> live(keys.size(), 1);
  Random random(17);
  std::vector<uint32_t> found;
  // Remove units until a handful are left, checking queries at every density on the way.
  while (neighbours.live_count() > 2) {
    for (std::size_t q = 0; q < queries_per_round; ++q) {
      const uint32_t unit = neighbours.live_unit(random.below(neighbours.live_count()));
      for (std::size_t want : {1u, 3u}) {
        const int d = neighbours.nearest(unit, want, found);
        const std::vector<uint32_t> expected = brute_nearest(materials, live, unit, want, pieces);
        ASSERT_EQ(found, expected)
            << "unit " << unit << " want " << want << " live " << neighbours.live_count();
        int farthest = -1;
        for (uint32_t u : found)
          farthest = std::max(farthest, distance(materials[unit], materials[u], pieces));
        ASSERT_EQ(d, farthest);
        ++checked;
      }
    }
    const std::size_t drop = neighbours.live_count() / 3 + 1;
    for (std::size_t i = 0; i < drop && neighbours.live_count() > 2; ++i) {
      const uint32_t unit = neighbours.live_unit(random.below(neighbours.live_count()));
      neighbours.remove(unit);
      live[unit] = 0;
    }
  }
}

TEST(LatticeNeighbours, ShellsThroughTheKeyMapFindWhatBruteForceFinds) {
  // end65 has enough rows for the key map; its rows come in mirror pairs, at distance 0.
  std::vector<Key> keys;
  for (const PresetMaterial& m : preset_materials("end65")) keys.push_back(m.key);
  ASSERT_GT(keys.size(), 4000u);
  std::size_t checked = 0;
  expect_brute_force_answers(keys, PieceSet::xiangqi(), 12, checked);
  EXPECT_EQ(checked, 21u * 12u * 2u) << "queries checked: rounds x queries x sizes";
}

TEST(LatticeNeighbours, ScansOfChessFindWhatBruteForceFinds) {
  std::vector<Key> keys;
  for (const KbRow& row : test::chess_data().rows) keys.push_back(row.key);
  std::size_t checked = 0;
  expect_brute_force_answers(keys, PieceSet::chess(), 25, checked);
  EXPECT_EQ(checked, 12u * 25u * 2u) << "queries checked: rounds x queries x sizes";
}

TEST(LatticeNeighbours, AMirrorPairIsOnePlace) {
  using test::xq;
  const std::vector<Key> keys = {
      key_of(parse_material("KRKNMM", xq), xq), key_of(parse_material("KNMMKR", xq), xq),
      key_of(parse_material("KRKNM", xq), xq), key_of(parse_material("KCKC", xq), xq)};
  LatticeNeighbours neighbours(xq, keys);
  std::vector<uint32_t> found;
  auto units = [&] {
    std::sort(found.begin(), found.end());
    return found;
  };
  EXPECT_EQ(neighbours.nearest(0, 1, found), 0);
  EXPECT_EQ(units(), std::vector<uint32_t>{1}) << "the stored mirror is at distance 0";
  EXPECT_EQ(neighbours.nearest(2, 1, found), 1);
  EXPECT_EQ(units(), (std::vector<uint32_t>{0, 1})) << "one minister off either orientation";
  neighbours.remove(1);
  EXPECT_EQ(neighbours.nearest(0, 1, found), 1);
  EXPECT_EQ(units(), std::vector<uint32_t>{2});
  EXPECT_EQ(neighbours.nearest(0, 2, found), 6) << "the second nearest is KCKC";
  EXPECT_EQ(units(), (std::vector<uint32_t>{2, 3}));
  EXPECT_EQ(neighbours.nearest(3, 1, found), 5) << "KCKC to KRKNM: R, N, M on, both C off";
  EXPECT_EQ(units(), std::vector<uint32_t>{2});
}

}  // namespace
}  // namespace egkb
