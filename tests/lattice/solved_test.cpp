// Solved materials: their rules, their mirror, and the edges solved rows break between them
// (settled by fact), against hand-made cases and a brute force over every rank assignment.
#include "lattice/solved.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "io/csv.h"
#include "lattice/fixed_ranks.h"
#include "lattice/links.h"
#include "lattice/piece_rule.h"
#include "lattice/solved_bounds.h"
#include "tests/support/random_kb.h"
#include "tests/support/xiangqi.h"

namespace egkb {
namespace {

using test::xq;

SolveRules rules(const char* text, const PieceSet& pieces = xq) {
  return rules_of(parse_material(text, pieces), pieces);
}

TEST(SolvedMaterial, ExactUnlessBothSidesOfAXiangqiMaterialAttack) {
  for (const char* one_sided : {"KK", "KRK", "KRKGGMM", "KCPKGG", "KGGMMKR", "KNNMKGM", "KGKM"})
    EXPECT_EQ(rules(one_sided), SolveRules::Exact) << one_sided;
  for (const char* two_sided : {"KRKR", "KNKP", "KCGKRMM", "KPKP"})
    EXPECT_EQ(rules(two_sided), SolveRules::RepetitionDraw) << two_sided;
  EXPECT_EQ(rules("KRvKR", PieceSet::chess()), SolveRules::Exact) << "chess has no chase rule";
  for (const SolveRules r : {SolveRules::Exact, SolveRules::RepetitionDraw})
    EXPECT_EQ(rules_named(rules_name(r)), r);
  EXPECT_EQ(rules_named("exactly"), std::nullopt);
}

// The mirror counts red to move where the material counts black to move, and back.
TEST(SolvedMaterial, TheMirrorSwapsTheSidesToMove) {
  SolvedMaterial m;
  m.counts.key = key_of(parse_material("KNKM", xq), xq);
  m.counts.sets = {{ToMove::Red, 302, 0, 698, 0, 0}, {ToMove::Black, 0, 0, 990, 0, 10}};
  const SolvedMaterial mirrored = m.mirrored(xq);
  EXPECT_EQ(mirrored.counts.key, key_of(parse_material("KMKN", xq), xq));
  ASSERT_TRUE(counts_per_side_to_move(mirrored.counts));
  EXPECT_EQ(mirrored.counts.sets[0].draw, 990u);
  EXPECT_EQ(mirrored.counts.sets[0].loss, 10u);
  EXPECT_EQ(mirrored.counts.sets[1].win, 302u);
  EXPECT_DOUBLE_EQ(mirrored.counts.expected(), -m.counts.expected());
  EXPECT_EQ(mirrored.mirrored(xq), m);
  EXPECT_FALSE(counts_per_side_to_move({m.counts.key, {{ToMove::Either, 1, 0, 0, 0, 0}}, 0}));
}

KnowledgeBase base(const std::string& rows, const std::string& solved) {
  KnowledgeBase kb = parse_csv("material,score\n" + rows, "test", {});
  for (KbRow& row : kb.rows) {
    const std::string m = format_material(material_of(row.key, xq), xq);
    if (("," + solved + ",").find("," + m + ",") != std::string::npos) {
      row.source = Source::Solved;
      row.invariable = true;
    }
  }
  return kb;
}

std::vector<std::string> settled_materials(const KnowledgeBase& kb) {
  const ScoredLattice scored = ScoredLattice::of(kb);
  const Lattice& lat = scored.lattice;
  const SolvedNodes facts = solved_nodes(kb, scored);
  std::vector<std::string> edges;
  for (const EdgeIndex e : settled_edges(lat, facts.facts, facts.ranks)) {
    for (NodeId u = 0; u < lat.size(); ++u) {
      if (lat.out_offsets()[u] <= e && e < lat.out_offsets()[u + 1]) {
        edges.push_back(format_material(lat.material(u), xq) + ">" +
                        format_material(lat.material(lat.out_targets()[e]), xq));
      }
    }
  }
  std::sort(edges.begin(), edges.end());
  return edges;
}

// The real statistics' pair: KNKM's expected result 0.151 bins to 3, KNMKM's 0.142 to 4, and a
// red minister more may not make red worse off. The edge and its mirror image are settled; the
// rows around keep their bounds.
TEST(SettledEdges, TwoSolvedRowsThatBinAcrossAnEdge) {
  const KnowledgeBase kb = base("KNKM,3\nKNMKM,4\nKNMMKM,2\nKNK,0\n", "KNKM,KNMKM");
  EXPECT_EQ(settled_materials(kb), (std::vector<std::string>{"KMKN>KMKNM", "KNKM>KNMKM"}));
  const SolvedBounds b = solved_bounds(kb, ScoredLattice::of(kb));
  EXPECT_EQ(b.nodes.rows, 2u);
  EXPECT_EQ(b.bounded_rows, 2u) << "KNMMKM at most 4 (from KNMKM), KNK at most 3 (from KNKM)";
  EXPECT_EQ(b.outside_rows, 0u);
}

// A row between two contradicting solved rows is bound by neither along that chain; a chain
// that does not contradict keeps its edges.
TEST(SettledEdges, AChainThroughAnUnsolvedRow) {
  const KnowledgeBase kb = base("KNK,3\nKNMK,2\nKNMMK,4\nKNKG,4\n", "KNK,KNMMK,KNKG");
  EXPECT_EQ(settled_materials(kb),
            (std::vector<std::string>{"KKN>KKNM", "KKNM>KKNMM", "KNK>KNMK", "KNMK>KNMMK"}));
  EXPECT_TRUE(settled_materials(base("KNK,3\nKNMK,2\nKNMMK,1\n", "KNK,KNMMK")).empty());
}

// For every node the bounds each solved row puts on it alone, through unsolved rows only, by
// trying every rank assignment; an edge is settled when its ends' bounds, from any solved rows,
// break the rule whatever ranks they take. Written apart from lattice/fixed_ranks.cpp.
std::vector<EdgeIndex> brute_force_settled(const Lattice& lat, const SolvedNodes& s,
                                           bool& feasible) {
  const NodeId n = lat.size();
  std::vector<NodeId> pairs;  // the lower node of each unsolved mirror pair
  for (NodeId u = 0; u < n; ++u) {
    if (!s.facts[u] && lat.mirror(u) >= u) pairs.push_back(u);
  }
  std::vector<NodeId> facts;
  for (NodeId u = 0; u < n; ++u) {
    if (s.facts[u]) facts.push_back(u);
  }
  // lo[f][x], hi[f][x]: x's extremes over the assignments fact f alone admits.
  std::vector<std::vector<int>> lo(facts.size(), std::vector<int>(n, kRankCount));
  std::vector<std::vector<int>> hi(facts.size(), std::vector<int>(n, -1));
  std::vector<int> rank(n, 0);
  for (NodeId f : facts) rank[f] = value(s.ranks[f]);
  const auto keeps = [&](NodeId u, EdgeIndex e) {
    const NodeId v = lat.out_targets()[e];
    return !edge_inconsistent(Rank(rank[u]), Rank(rank[v]), lat.out_labels()[e].side());
  };
  std::vector<int> digits(pairs.size(), 0);
  for (bool more = true; more;) {
    bool ok = true;
    for (std::size_t i = 0; i < pairs.size(); ++i) {
      const NodeId u = pairs[i], m = lat.mirror(u);
      if (u == m && digits[i] != 4) ok = false;
      rank[u] = digits[i];
      rank[m] = kMaxRank - digits[i];
    }
    for (NodeId u = 0; u < n && ok; ++u) {
      for (EdgeIndex e = lat.out_offsets()[u]; e < lat.out_offsets()[u + 1] && ok; ++e) {
        if (!s.facts[u] && !s.facts[lat.out_targets()[e]]) ok = keeps(u, e);
      }
    }
    for (std::size_t k = 0; k < facts.size() && ok; ++k) {
      const NodeId f = facts[k];
      bool admits = true;
      for (NodeId u = 0; u < n && admits; ++u) {
        for (EdgeIndex e = lat.out_offsets()[u]; e < lat.out_offsets()[u + 1]; ++e) {
          const NodeId v = lat.out_targets()[e];
          if ((u == f && !s.facts[v]) || (v == f && !s.facts[u])) admits = admits && keeps(u, e);
        }
      }
      if (!admits) continue;
      for (NodeId x = 0; x < n; ++x) {
        lo[k][x] = std::min(lo[k][x], rank[x]);
        hi[k][x] = std::max(hi[k][x], rank[x]);
      }
    }
    more = false;
    for (std::size_t i = 0; i < digits.size() && !more; ++i) {
      if (++digits[i] < kRankCount) {
        more = true;
      } else {
        digits[i] = 0;
      }
    }
  }
  feasible = true;
  std::vector<int> low(n, 0), high(n, kMaxRank);
  for (NodeId x = 0; x < n; ++x) {
    if (s.facts[x]) {
      low[x] = high[x] = value(s.ranks[x]);
      continue;
    }
    for (std::size_t k = 0; k < facts.size(); ++k) {
      if (hi[k][x] < 0) {
        feasible = false;  // fact k admits no assignment alone: no bound to compare
        continue;
      }
      low[x] = std::max(low[x], lo[k][x]);
      high[x] = std::min(high[x], hi[k][x]);
    }
  }
  std::vector<EdgeIndex> settled;
  for (NodeId u = 0; u < n; ++u) {
    for (EdgeIndex e = lat.out_offsets()[u]; e < lat.out_offsets()[u + 1]; ++e) {
      const NodeId v = lat.out_targets()[e];
      const int least =
          more_ranks_at_most(lat.out_labels()[e].side()) ? low[v] - high[u] : low[u] - high[v];
      if (least > 0) settled.push_back(e);
    }
  }
  return settled;
}

TEST(SettledEdges, EqualBruteForceOnSmallLatticesAndLeaveNoContradiction) {
  std::mt19937_64 rng(41);
  std::bernoulli_distribution solved(0.4);
  int checked = 0, with_settled = 0, chains = 0;
  for (int trial = 0; trial < 1000 && checked < 150; ++trial) {
    KnowledgeBase kb = test::random_kb(rng, 6 + trial % 5, 2, 0.2);
    for (KbRow& row : kb.rows) {
      if (solved(rng)) {
        row.source = Source::Solved;
        row.invariable = true;
      }
    }
    test::keep_solved_in_step(kb);
    const ScoredLattice scored = ScoredLattice::of(kb);
    const Lattice& lat = scored.lattice;
    const SolvedNodes s = solved_nodes(kb, scored);
    std::size_t free_pairs = 0;
    for (NodeId u = 0; u < lat.size(); ++u) free_pairs += !s.facts[u] && lat.mirror(u) >= u;
    if (s.rows == 0 || free_pairs > 5 || lat.edge_count() < 4) continue;
    bool feasible = false;
    const std::vector<EdgeIndex> truth = brute_force_settled(lat, s, feasible);
    if (!feasible) continue;
    ++checked;
    const std::vector<EdgeIndex> found = settled_edges(lat, s.facts, s.ranks);
    EXPECT_EQ(found, truth) << "trial " << trial;
    with_settled += !found.empty();
    for (const EdgeIndex e : found) {
      NodeId u = 0;
      while (lat.out_offsets()[u + 1] <= e) ++u;
      chains += !s.facts[u] || !s.facts[lat.out_targets()[e]];
    }
    EXPECT_TRUE(fixed_contradictions(lat, s.facts, s.ranks, 1, edge_mask(lat, found)).empty())
        << "trial " << trial;
  }
  EXPECT_GE(checked, 150);
  EXPECT_GE(with_settled, 15) << "the random facts contradict often enough to test something";
  EXPECT_GE(chains, 5) << "some settled edges reach an unsolved row";
}

// Without solved rows nothing is settled; with solved rows from a consistent truth neither.
TEST(SettledEdges, NoneWhereTheFactsAgree) {
  const KnowledgeBase kb =
      base("KRK,0\nKRKG,0\nKRKGG,1\nKRKGGM,2\nKRKGGMM,2\n", "KRK,KRKGG,KRKGGMM");
  EXPECT_TRUE(settled_materials(kb).empty());
  const SolvedBounds b = solved_bounds(kb, ScoredLattice::of(kb));
  EXPECT_EQ(b.bounded_rows, 2u);
  EXPECT_EQ(b.outside_rows, 0u);
  const KnowledgeBase wrong = base("KRK,0\nKRKG,2\nKRKGG,1\n", "KRK,KRKGG");
  EXPECT_EQ(solved_bounds(wrong, ScoredLattice::of(wrong)).outside_rows, 1u)
      << "KRKG lies between 0 and 1";
}

}  // namespace
}  // namespace egkb
