// Reducers on synthetic bases with the paper's noise (targets: ra <= 100 ms and exact <= 1 s on
// endall; ra <= 5 s and exact <= 60 s in <= 4 GiB on full). Baseline in the same run: the basic
// algorithm as the paper states it, recounting every conflict for each value it tries, against
// the incremental one, on end59 (the naive one would take hours on endall).
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <map>

#include "reducer/exact.h"
#include "reducer/greedy.h"
#include "reducer/literal_basic.h"
#include "synth/synthesise.h"

namespace egkb {
namespace {

// A synthetic base with paper noise, prepared for the reducers once per run.
struct Bench {
  explicit Bench(const std::string& preset)
      : synthesis(synthesise(options(preset))),
        prepared(synthesis.noisy, ReduceWeights::defaults(PieceSet::xiangqi())) {}

  static SynthOptions options(const std::string& preset) {
    SynthOptions o;
    o.preset = preset;
    return o;
  }

  Synthesis synthesis;
  PreparedRepair prepared;
};

const Bench& bench(const std::string& preset) {
  static std::map<std::string, std::unique_ptr<Bench>> cache;
  auto& slot = cache[preset];
  if (!slot) slot = std::make_unique<Bench>(preset);
  return *slot;
}

double peak_mib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;
}

void report(benchmark::State& state, const Bench& b, const Reduction& r) {
  ConflictCounter counter(b.prepared.lattice());
  state.counters["nodes"] = b.prepared.lattice().size();
  state.counters["left"] = static_cast<double>(counter.count(r.ranks).inconsistent_nodes);
  state.counters["peak_MiB"] = peak_mib();
}

void BM_Greedy(benchmark::State& state, const std::string& preset, GreedyOptions options) {
  const Bench& b = bench(preset);
  Reduction r;
  for (auto _ : state) r = reduce_greedy(b.prepared.problem(), options, b.prepared.edge_dm(), 9);
  report(state, b, r);
}

void BM_Exact(benchmark::State& state, const std::string& preset) {
  const Bench& b = bench(preset);
  Reduction r;
  for (auto _ : state) r = reduce_exact(b.prepared.problem(), {}, {}, b.prepared.edge_dm());
  report(state, b, r);
}

// Alg. 3.2 read literally (reducer/literal_basic.h): the baseline the incremental ba is
// measured against, and its oracle in tests/reducer/greedy_oracle_test.cpp.
void BM_BaselineNaiveBasic(benchmark::State& state, const std::string& preset) {
  const Bench& b = bench(preset);
  std::vector<Rank> ranks;
  for (auto _ : state) ranks = literal_basic_algorithm(b.prepared.problem(), 100);
  ConflictCounter counter(b.prepared.lattice());
  state.counters["left"] = static_cast<double>(counter.count(ranks).inconsistent_nodes);
}

BENCHMARK_CAPTURE(BM_BaselineNaiveBasic, end59, std::string("end59"))
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);
BENCHMARK_CAPTURE(BM_Greedy, ba_end59, std::string("end59"), basic_algorithm())
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Greedy, ba_endall, std::string("endall"), basic_algorithm())
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Greedy, ra_endall, std::string("endall"), refined_algorithm())
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Exact, exact_endall, std::string("endall"))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Greedy, ra_full, std::string("full"), refined_algorithm())
    ->Unit(benchmark::kMillisecond)
    ->Iterations(2);
BENCHMARK_CAPTURE(BM_Exact, exact_full, std::string("full"))
    ->Unit(benchmark::kMillisecond)
    ->Iterations(2);

}  // namespace
}  // namespace egkb

BENCHMARK_MAIN();
