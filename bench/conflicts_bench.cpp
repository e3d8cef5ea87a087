// Conflicts on the full 2,125,764-node xiangqi lattice with random scores (target: <= 50 ms on
// one core). Baseline: the same count through the generic Boost.Graph interface (out_edges and
// the edge bundle), which is how an algorithm written only against the concepts would do it.
#include <benchmark/benchmark.h>

#include <random>

#include "lattice/conflicts.h"
#include "lattice/lattice_graph.h"

namespace egkb {
namespace {

const Lattice& full_lattice() {
  static const Lattice lattice = Lattice::full(PieceSet::xiangqi());
  return lattice;
}

const std::vector<Rank>& random_ranks() {
  static const std::vector<Rank> ranks = [] {
    std::mt19937_64 rng(42);
    std::uniform_int_distribution<int> score(0, 9);
    std::vector<Rank> r(full_lattice().size());
    for (Rank& x : r) x = rank_of(Score(score(rng)));
    return r;
  }();
  return ranks;
}

void BM_ConflictsFullLattice(benchmark::State& state) {
  const Lattice& lattice = full_lattice();
  const std::vector<Rank>& ranks = random_ranks();
  ConflictCounter counter(lattice);
  uint64_t inconsistent = 0;
  for (auto _ : state) {
    inconsistent = counter.count(ranks).inconsistent_nodes;
    benchmark::DoNotOptimize(inconsistent);
  }
  state.counters["nodes"] = lattice.size();
  state.counters["edges"] = lattice.edge_count();
  state.counters["inconsistent"] = static_cast<double>(inconsistent);
  state.counters["lattice_MiB"] = static_cast<double>(lattice.memory_bytes()) / (1 << 20);
}

void BM_BaselineBoostGraphEdgeCount(benchmark::State& state) {
  const Lattice& lattice = full_lattice();
  const LatticeGraph::Csr& g = lattice.graph().csr;
  const std::vector<Rank>& ranks = random_ranks();
  std::vector<uint8_t> bad(lattice.size());
  for (auto _ : state) {
    std::fill(bad.begin(), bad.end(), 0);
    uint64_t edges = 0;
    for (auto [v, v_end] = boost::vertices(g); v != v_end; ++v) {
      for (auto [e, e_end] = boost::out_edges(*v, g); e != e_end; ++e) {
        const NodeId t = boost::target(*e, g);
        const bool broken = edge_inconsistent(ranks[*v], ranks[t], g[*e].side());
        bad[*v] += broken;
        bad[t] += broken;
        edges += broken;
      }
    }
    benchmark::DoNotOptimize(edges);
  }
}

void BM_LatticeBuildFull(benchmark::State& state) {
  for (auto _ : state) {
    const Lattice lattice = Lattice::full(PieceSet::xiangqi());
    benchmark::DoNotOptimize(lattice.edge_count());
  }
}

BENCHMARK(BM_BaselineBoostGraphEdgeCount)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ConflictsFullLattice)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LatticeBuildFull)->Unit(benchmark::kMillisecond)->Iterations(2);

}  // namespace
}  // namespace egkb

BENCHMARK_MAIN();
