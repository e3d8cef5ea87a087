// PieceSet::for_each_step against the materials themselves: every material one piece away within
// the set's bounds, each once, in the order the lattice's edge labels rely on.
#include <gtest/gtest.h>

#include <set>
#include <tuple>
#include <vector>

#include "lattice/material.h"

namespace egkb {
namespace {

struct Taken {
  Key key;
  Side side;
  PieceKind kind;
  bool more;
  friend bool operator==(const Taken&, const Taken&) = default;
};

template <Toward toward = Toward::Either>
std::vector<Taken> steps_of(Key key, const PieceSet& pieces) {
  std::vector<Taken> steps;
  pieces.for_each_step<toward>(key, [&](Key near, PieceStep s) {
    steps.push_back({near, s.side, s.kind, s.more});
  });
  return steps;
}

// By changing the counts one at a time, in the walk's order.
std::vector<Taken> brute_force(Key key, const PieceSet& pieces, Toward toward) {
  const Material m = material_of(key, pieces);
  std::vector<Taken> steps;
  for (Side side : {Side::Red, Side::Black}) {
    for (PieceKind k : pieces.kinds()) {
      for (int by : {-1, 1}) {
        if ((by < 0 && toward == Toward::More) || (by > 0 && toward == Toward::Fewer)) continue;
        const int count = m.count(side, k) + by;
        if (count < 0 || count > pieces.kind(k).max) continue;
        Material near = m;
        near.count(side, k) = static_cast<uint8_t>(count);
        steps.push_back({key_of(near, pieces), side, k, by > 0});
      }
    }
  }
  return steps;
}

void expect_steps(std::string_view text, const PieceSet& pieces) {
  const Key key = key_of(parse_material(text, pieces), pieces);
  EXPECT_EQ(steps_of(key, pieces), brute_force(key, pieces, Toward::Either)) << text;
  EXPECT_EQ(steps_of<Toward::Fewer>(key, pieces), brute_force(key, pieces, Toward::Fewer)) << text;
  EXPECT_EQ(steps_of<Toward::More>(key, pieces), brute_force(key, pieces, Toward::More)) << text;
}

TEST(PieceStep, EveryMaterialOnePieceAwayInsideTheBounds) {
  const PieceSet& xq = PieceSet::xiangqi();
  for (std::string_view m : {"KK", "KRRNNCCPPPPPGGMMKRRNNCCPPPPPGGMM", "KRPKGGMM", "KPPPPPKRR"})
    expect_steps(m, xq);
  const PieceSet& chess = PieceSet::chess();
  for (std::string_view m : {"KvK", "KQRPvKRB", "KPPPPPPPPvKNN"}) expect_steps(m, chess);
  // Every xiangqi key a thousand apart: each step lands inside the key space, each once.
  for (Key key = 0; key < xq.key_count(); key += 1009) {
    EXPECT_EQ(steps_of(key, xq), brute_force(key, xq, Toward::Either)) << key;
  }
}

TEST(PieceStep, TheBareKingsGainAPieceOfEachKindForEachSide) {
  const PieceSet& xq = PieceSet::xiangqi();
  const std::vector<Taken> steps = steps_of(0, xq);
  ASSERT_EQ(steps.size(), 12u);
  EXPECT_EQ(material_text(steps[0].key, xq), "KRK");
  EXPECT_EQ(material_text(steps[6].key, xq), "KKR");
  EXPECT_EQ(material_text(steps[11].key, xq), "KKM");
  for (const Taken& s : steps) EXPECT_TRUE(s.more);
}

}  // namespace
}  // namespace egkb
