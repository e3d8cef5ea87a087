// Solved rows in a repair: every method holds them, and an edge they break between them by
// binning alone is settled by fact, not an infeasible problem. Against exhaustive search of every
// rank assignment that keeps the other edges.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "base/errors.h"
#include "io/csv.h"
#include "lattice/conflicts.h"
#include "lattice/fixed_ranks.h"
#include "lattice/piece_rule.h"
#include "lattice/solved_bounds.h"
#include "reducer/exact.h"
#include "reducer/reduce.h"
#include "tests/support/random_kb.h"
#include "tests/support/small_problems.h"
#include "tests/support/xiangqi.h"

namespace egkb {
namespace {

using test::xq;

void solve_rows(KnowledgeBase& kb, const std::string& materials) {
  for (KbRow& row : kb.rows) {
    const std::string m = format_material(material_of(row.key, xq), xq);
    if (("," + materials + ",").find("," + m + ",") != std::string::npos) {
      row.source = Source::Solved;
      row.invariable = true;
    }
  }
}

// The edges of the KB's lattice, by index, that an assignment may break: those settled by fact.
std::vector<uint8_t> settled_mask(const KnowledgeBase& kb, const ScoredLattice& scored) {
  return edge_mask(scored.lattice, solved_bounds(kb, scored).settled);
}

// How many edges outside `settled` the ranks break, and whether a mirror pair is out of step.
std::size_t broken_elsewhere(const Lattice& lat, std::span<const Rank> ranks,
                             std::span<const uint8_t> settled) {
  std::size_t broken = 0;
  for (NodeId u = 0; u < lat.size(); ++u) {
    broken += ranks[lat.mirror(u)] != mirror(ranks[u]);
    for (EdgeIndex e = lat.out_offsets()[u]; e < lat.out_offsets()[u + 1]; ++e) {
      broken += !settled[e] && edge_inconsistent(ranks[u], ranks[lat.out_targets()[e]],
                                                 lat.out_labels()[e].side());
    }
  }
  return broken;
}

// The KNKM/KNMKM pair with rows around it: every method runs, holds both solved rows, leaves no
// conflict but the settled edge (counted, as a genuine conflict), and repairs the rest.
TEST(SolvedRepair, EveryMethodHoldsSolvedRowsThatContradictByBinning) {
  KnowledgeBase kb = parse_csv(
      "material,score\nKNKM,3\nKNMKM,4\nKNMMKM,6\nKNK,5\nKNMK,0\nKNKMM,2\nKRKGGMM,4\nKRPKGGMM,6\n",
      "test", {});
  solve_rows(kb, "KNKM,KNMKM");
  const ScoredLattice scored = ScoredLattice::of(kb);
  const std::vector<uint8_t> settled = settled_mask(kb, scored);
  for (const MethodInfo& m : kMethods) {
    ReduceRequest request;
    request.method = m.value;
    const ReduceOutcome out = reduce_kb(kb, request);
    for (std::size_t i = 0; i < kb.rows.size(); ++i) {
      if (kb.rows[i].source == Source::Solved) {
        EXPECT_EQ(out.result.rows[i].score, kb.rows[i].score) << m.name;
      }
    }
    EXPECT_EQ(out.settled, 2u) << m.name << ": the edge and its mirror image";
    EXPECT_EQ(out.after.inconsistent_edges, 2u) << m.name << ": counted, as genuine conflicts";
    const std::vector<Rank> ranks = ranks_of(scored.scores_of(out.result));
    EXPECT_EQ(broken_elsewhere(scored.lattice, ranks, settled), 0u) << m.name;
    EXPECT_GT(out.changed_rows.size(), 0u) << m.name << ": KNMMKM, KNK and KRPKGGMM are wrong";
  }
}

// A solved row and an invariable manual row that contradict are still the user's to correct.
TEST(SolvedRepair, ASolvedRowAgainstAManualInvariableRowIsRefused) {
  KnowledgeBase kb = parse_csv("material,score,invariable\nKNKM,3,1\nKNMKM,4,0\n", "test", {});
  solve_rows(kb, "KNMKM");
  const PreparedRepair prepared(kb, ReduceWeights::defaults(xq));
  EXPECT_THROW(reduce_exact(prepared.problem(), {}, {}, {}), InputError);
}

// Random small bases whose solved rows are a consistent truth with some rows binned a rank off:
// the exact repair reaches the least cost over every assignment that holds the solved rows and
// breaks no edge but the settled ones, and ra breaks none either.
TEST(SolvedRepair, ExactEqualsExhaustiveSearchWithSettledEdges) {
  std::mt19937_64 rng(43);
  std::bernoulli_distribution solved(0.5), binned(0.5), up(0.5);
  int checked = 0, with_settled = 0;
  for (int trial = 0; trial < 800 && checked < 60; ++trial) {
    KnowledgeBase truth;
    KnowledgeBase kb = test::noisy_truth_kb(rng, 8, 3, 0.5, 0.0, &truth);
    for (std::size_t i = 0; i < kb.rows.size(); ++i) {
      if (!solved(rng)) continue;
      KbRow& row = kb.rows[i];
      row.source = Source::Solved;
      row.invariable = true;
      const int r = value(rank_of(truth.rows[i].score)) + (binned(rng) ? (up(rng) ? 1 : -1) : 0);
      row.score = score_of(Rank(std::clamp(r, 0, kMaxRank)), truth.rows[i].score);
    }
    test::keep_solved_in_step(kb);
    const PreparedRepair prepared(kb, ReduceWeights::defaults(xq));
    const RepairProblem& p = prepared.problem();
    if (!test::searchable(p, 6)) continue;
    const ScoredLattice& scored = prepared.scored();
    const Lattice& lat = scored.lattice;
    const std::vector<uint8_t> settled = settled_mask(kb, scored);
    const double best = test::brute_force_optimum(kb);
    if (std::isinf(best)) continue;  // invariable rows of other sources contradict: refused
    ++checked;
    with_settled += p.settled > 0;
    const Reduction exact = reduce_exact(p, {}, {}, prepared.edge_dm());
    EXPECT_DOUBLE_EQ(p.objective(exact.ranks), best) << "trial " << trial;
    test::expect_sound(p, exact.ranks, "exact", true);
    EXPECT_EQ(broken_elsewhere(lat, exact.ranks, settled), 0u) << "trial " << trial;
    const Reduction ra = reduce_greedy(p, refined_algorithm(), prepared.edge_dm(), 9);
    test::expect_sound(p, ra.ranks, "ra", true);
    EXPECT_EQ(broken_elsewhere(lat, ra.ranks, settled), 0u) << "trial " << trial;
  }
  EXPECT_GE(checked, 60);
  EXPECT_GE(with_settled, 5) << "some trials hold solved rows that contradict";
}

}  // namespace
}  // namespace egkb
