// Retrograde analysis (egkb solve) of KCPKGM, 7.8 million entries, its capture targets solved
// beforehand: on one thread, on two, and keeping distances. Yardstick: one pass that decodes
// every entry and tests both kings for check, the least any solve of it does; the ratio says how
// many such passes a solve costs.
#include <benchmark/benchmark.h>

#include <map>
#include <memory>
#include <string>

#include "board/xiangqi_moves.h"
#include "solve/materials.h"
#include "solve/retrograde.h"

namespace egkb::solve {
namespace {

const Material& material() {
  static const Material m = parse_material("KCPKGM", PieceSet::xiangqi());
  return m;
}

// Every capture target of the material, solved once.
const std::map<std::string, std::unique_ptr<SolvedTable>>& targets() {
  static const auto tables = [] {
    std::map<std::string, std::unique_ptr<SolvedTable>> t;
    for (const Material& m : solving_order({material()})) {
      if (m == material()) continue;
      t[material_text(m)] =
          solve_material(m, [&](const Material& s) { return t.at(material_text(s)).get(); }, {});
    }
    return t;
  }();
  return tables;
}

void BM_DecodeAndCheckEveryEntry(benchmark::State& state) {
  const PositionIndex index(material());
  Placement p;
  for (auto _ : state) {
    uint64_t legal = 0;
    for (uint64_t i = 0; i < index.size(); ++i) {
      if (!index.decode(i, p)) continue;
      legal += !xiangqi::attacked(p, p.point[1], Side::Red) &&
               !xiangqi::kings_face(p, p.point[0], p.point[1]);
    }
    benchmark::DoNotOptimize(legal);
  }
  state.counters["entries"] = static_cast<double>(index.size());
}
BENCHMARK(BM_DecodeAndCheckEveryEntry)->Unit(benchmark::kMillisecond)->Iterations(3);

void BM_Solve(benchmark::State& state) {
  const auto& t = targets();
  const SolveSettings settings{.keep_distances = state.range(1) != 0,
                               .threads = static_cast<int>(state.range(0))};
  for (auto _ : state) {
    const auto solved = solve_material(
        material(), [&](const Material& s) { return t.at(material_text(s)).get(); }, settings);
    benchmark::DoNotOptimize(solved->counts);
  }
}
BENCHMARK(BM_Solve)
    ->ArgNames({"threads", "distances"})
    ->Args({1, 0})
    ->Args({2, 0})
    ->Args({1, 1})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3)
    ->UseRealTime();

}  // namespace
}  // namespace egkb::solve

BENCHMARK_MAIN();
