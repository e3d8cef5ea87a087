// Probing the header an engine compiles in (target: <= 20 ns a lookup), on the full synthetic
// xiangqi truth exported at build time (bench/CMakeLists.txt), at random materials. Baseline: one
// byte load from a dense array at an index computed beforehand, the floor of any table lookup;
// beside it the library's EngineTable::probe, which egkb probe uses.
#include <benchmark/benchmark.h>

#include <array>
#include <random>
#include <vector>

#include "export/engine_table.h"
#include "synth/synthesise.h"
#include EGKB_FULL_PROBE_HEADER

namespace egkb {
namespace {

constexpr std::size_t kSamples = 1 << 16;

struct Sample {
  std::array<int, EGKB_KINDS> red;
  std::array<int, EGKB_KINDS> black;
};

const std::vector<Key>& random_keys() {
  static const std::vector<Key> keys = [] {
    std::mt19937_64 rng(7);
    std::uniform_int_distribution<Key> key(0, PieceSet::xiangqi().key_count() - 1);
    std::vector<Key> k(kSamples);
    for (Key& x : k) x = key(rng);
    return k;
  }();
  return keys;
}

void BM_HeaderProbe(benchmark::State& state) {
  std::vector<Sample> samples;
  for (Key k : random_keys()) {
    const Material m = material_of(k, PieceSet::xiangqi());
    Sample s{};
    for (PieceKind k : KindRange(EGKB_KINDS)) {
      const auto i = static_cast<std::size_t>(kind_index(k));
      s.red[i] = m.count(Side::Red, k);
      s.black[i] = m.count(Side::Black, k);
    }
    samples.push_back(s);
  }
  std::size_t i = 0;
  for (auto _ : state) {
    const Sample& s = samples[i++ & (kSamples - 1)];
    benchmark::DoNotOptimize(egkb_probe(s.red.data(), s.black.data()));
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_BaselineDenseLoad(benchmark::State& state) {
  std::vector<uint8_t> table(PieceSet::xiangqi().key_count(), 4);
  const std::vector<Key>& keys = random_keys();
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(table[keys[i++ & (kSamples - 1)]]);
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_EngineTableProbe(benchmark::State& state) {
  SynthOptions options;
  options.preset = "full";
  const EngineTable table = EngineTable::of(ScoredLattice::of(synthesise(options).truth), false);
  std::vector<Material> materials;
  for (Key k : random_keys()) materials.push_back(material_of(k, PieceSet::xiangqi()));
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(table.probe(materials[i++ & (kSamples - 1)]));
  }
  state.SetItemsProcessed(state.iterations());
}

BENCHMARK(BM_BaselineDenseLoad);
BENCHMARK(BM_HeaderProbe);
BENCHMARK(BM_EngineTableProbe);

}  // namespace
}  // namespace egkb

BENCHMARK_MAIN();
