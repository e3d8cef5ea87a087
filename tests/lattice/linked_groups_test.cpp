#include "lattice/linked_groups.h"

#include <gtest/gtest.h>

#include <vector>

#include "tests/support/xiangqi.h"

namespace egkb {
namespace {

using test::key;
using test::xq;

// KK gains a rook on either side (KRK, KKR); KCKC is its own mirror and has no piece edge here.
struct Small {
  Lattice lat = Lattice::closure(xq, {key("KK"), key("KRK"), key("KCKC")});
  NodeId kk = *lat.find(key("KK")), krk = *lat.find(key("KRK")), kkr = *lat.find(key("KKR")),
         kckc = *lat.find(key("KCKC"));
};

std::vector<NodeId> members(const LinkedGroups& groups, uint32_t g) {
  const auto span = groups.members(g);
  return {span.begin(), span.end()};
}

TEST(LinkedGroups, ComeByTheirLeastNodeTheirMembersInWalkOrder) {
  const Small s;
  const std::vector<uint8_t> all(s.lat.size(), 1);
  const LinkedGroups groups(s.lat, all, GroupLinks::PieceEdges);
  ASSERT_EQ(groups.count(), 2u);
  EXPECT_EQ(groups.group_of(s.kk), 0u) << "KK's key is 0, the least";
  // From KK its links one piece more, red's kinds before black's.
  EXPECT_EQ(members(groups, 0), (std::vector<NodeId>{s.kk, s.krk, s.kkr}));
  EXPECT_EQ(members(groups, 1), std::vector<NodeId>{s.kckc});
}

TEST(LinkedGroups, MirrorLinksJoinOnlyWhenAsked) {
  const Small s;
  std::vector<uint8_t> member(s.lat.size(), 0);
  member[s.krk] = member[s.kkr] = 1;
  const LinkedGroups by_edges(s.lat, member, GroupLinks::PieceEdges);
  EXPECT_EQ(by_edges.count(), 2u);
  EXPECT_EQ(by_edges.group_of(s.kk), LinkedGroups::kNoGroup);
  const LinkedGroups with_mirror(s.lat, member, GroupLinks::PieceEdgesAndMirror);
  ASSERT_EQ(with_mirror.count(), 1u);
  EXPECT_EQ(with_mirror.members(0).size(), 2u);
}

}  // namespace
}  // namespace egkb
