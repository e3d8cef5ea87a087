#include "lattice/lattice.h"

#include <gtest/gtest.h>

#include <boost/graph/breadth_first_search.hpp>

#include "lattice/conflicts.h"
#include "lattice/lattice_graph.h"
#include "tests/support/xiangqi.h"

namespace egkb {
namespace {

using test::key;
using test::xq;

TEST(Lattice, ClosureAddsImpliedMirrors) {
  const Lattice lat = Lattice::closure(xq, {key("KRKNMM"), key("KCKC"), key("KPK"), key("KKP")});
  EXPECT_EQ(lat.size(), 5u);
  const NodeId krknmm = *lat.find(key("KRKNMM"));
  const NodeId knmmkr = *lat.find(key("KNMMKR"));
  EXPECT_FALSE(lat.implied(krknmm));
  EXPECT_TRUE(lat.implied(knmmkr));
  EXPECT_EQ(lat.mirror(krknmm), knmmkr);
  EXPECT_FALSE(lat.mirror_linked(krknmm)) << "an implied mirror cannot disagree";
  const NodeId kckc = *lat.find(key("KCKC"));
  EXPECT_EQ(lat.mirror(kckc), kckc);
  EXPECT_TRUE(lat.mirror_linked(kckc));
  EXPECT_TRUE(lat.mirror_linked(*lat.find(key("KPK"))));
  EXPECT_FALSE(lat.find(key("KRK")).has_value());
}

TEST(Lattice, EdgesJoinMaterialsOnePieceApartWithTheirLabel) {
  const Lattice lat = Lattice::closure(xq, {key("KCCKHPGG"), key("KCCKHCPGG"), key("KCCKHCPG")});
  // KCCKHCPGG gains from each of the other two by one black piece; the mirrors repeat that.
  EXPECT_EQ(lat.edge_count(), 4u);
  const NodeId fewer = *lat.find(key("KCCKHPGG"));
  const NodeId more = *lat.find(key("KCCKHCPGG"));
  const auto offsets = lat.out_offsets();
  ASSERT_EQ(offsets[fewer + 1] - offsets[fewer], 1u);
  EXPECT_EQ(lat.out_targets()[offsets[fewer]], more);
  const EdgeLabel label = lat.out_labels()[offsets[fewer]];
  EXPECT_EQ(label.side(), Side::Black);
  EXPECT_EQ(xq.kind(label.kind()).letter, 'C');
  EXPECT_EQ(lat.neighbour_count(more), 2);
  EXPECT_EQ(boost::in_degree(more, lat.graph().csr), 2u);
}

TEST(Lattice, FullXiangqiLatticeHasTheCountedNodesAndEdges) {
  const Lattice lat = Lattice::full(xq);
  EXPECT_EQ(lat.size(), 2125764u);
  // Per side: 1458 materials; a kind with max m can grow in m of its m+1 counts, so
  // 1458 * (5 * 2/3 + 5/6) = 6075 (side material, kind) pairs can gain a piece, and each
  // combines with every one of the other side's 1458 materials, for each side.
  EXPECT_EQ(lat.edge_count(), 2u * 6075u * 1458u);
  EXPECT_EQ(lat.find(12345).value(), 12345u);
  EXPECT_EQ(lat.mirror(*lat.find(key("KRKNMM"))), *lat.find(key("KNMMKR")));

  // Breadth-first search through Boost.Graph from KK reaches every node, level by level:
  // the deepest material (all 32 pieces) is 30 additions away.
  std::vector<uint32_t> distance(lat.size(), 0);
  boost::breadth_first_search(
      lat.graph().csr, NodeId{0},
      boost::visitor(boost::make_bfs_visitor(boost::record_distances(
          boost::make_iterator_property_map(distance.begin(),
                                            boost::get(boost::vertex_index, lat.graph().csr)),
          boost::on_tree_edge()))));
  EXPECT_EQ(distance[lat.size() - 1], 30u);

  std::vector<Rank> ranks(lat.size(), kBalancedRank);
  ConflictCounter counter(lat);
  EXPECT_EQ(counter.count(ranks).inconsistent_nodes, 0u);
}

TEST(Lattice, RefusesToEnumerateTheFullChessLattice) {
  EXPECT_THROW(Lattice::full(PieceSet::chess()), std::invalid_argument);
}

}  // namespace
}  // namespace egkb
