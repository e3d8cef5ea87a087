// The spread design's draw (local pivotal method over lattice distance) at p = 1% on synthetic
// endall (~63K rows) and on the full lattice (2.1M rows). Baselines in the same run: distance-k's
// draw of the same size and a shuffle of the rows, the least any random draw does.
#include <benchmark/benchmark.h>

#include <cmath>

#include "lattice/random.h"
#include "sampling/distance_k.h"
#include "sampling/spread.h"
#include "synth/presets.h"

namespace egkb {
namespace {

const KnowledgeBase& base(const char* preset) {
  static KnowledgeBase endall, full;
  KnowledgeBase& kb = std::string_view(preset) == "full" ? full : endall;
  if (kb.rows.empty()) {
    for (const PresetMaterial& m : preset_materials(preset))
      kb.rows.push_back({m.key, Score(0), m.source, false, {}, 0});
  }
  return kb;
}

std::size_t one_percent(const KnowledgeBase& kb) {
  return static_cast<std::size_t>(std::ceil(0.01 * static_cast<double>(kb.rows.size())));
}

void BM_Spread(benchmark::State& state, const char* preset) {
  const KnowledgeBase& kb = base(preset);
  uint64_t seed = 1;
  for (auto _ : state) {
    Random random(seed++);
    benchmark::DoNotOptimize(sample_spread(kb, one_percent(kb), random).rows.data());
  }
  state.counters["rows"] = static_cast<double>(kb.rows.size());
}

void BM_BaselineDistanceK(benchmark::State& state, const char* preset) {
  const KnowledgeBase& kb = base(preset);
  uint64_t seed = 1;
  for (auto _ : state) {
    Random random(seed++);
    benchmark::DoNotOptimize(sample_distance_k(kb, one_percent(kb), 4, random).rows.data());
  }
}

void BM_BaselineShuffle(benchmark::State& state, const char* preset) {
  const KnowledgeBase& kb = base(preset);
  std::vector<std::size_t> order(kb.rows.size());
  uint64_t seed = 1;
  for (auto _ : state) {
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    Random random(seed++);
    random.shuffle(order);
    benchmark::DoNotOptimize(order.data());
  }
}

BENCHMARK_CAPTURE(BM_BaselineShuffle, endall, "endall")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_BaselineDistanceK, endall, "endall")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Spread, endall, "endall")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_BaselineShuffle, full, "full")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_BaselineDistanceK, full, "full")->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK_CAPTURE(BM_Spread, full, "full")->Unit(benchmark::kMillisecond)->Iterations(3);

}  // namespace
}  // namespace egkb

BENCHMARK_MAIN();
