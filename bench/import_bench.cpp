// Import of a 70K-row CSV into a new SQLite store (target: <= 200 ms). Baseline: inserting the
// same rows, already parsed, into a bare table in one transaction, with no validation, history
// or run record: the floor SQLite itself sets.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <set>

#include "bench/support.h"
#include "io/csv.h"
#include "io/output_files.h"
#include "lattice/material.h"
#include "store/import.h"

namespace egkb {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kRows = 70000;

const fs::path& dir() {
  static const fs::path d = bench::scratch_dir("egkb_import_bench");
  return d;
}

// A 70K-row xiangqi CSV of random materials and scores, written once per run.
const std::string& csv_path() {
  static const std::string path = [] {
    const PieceSet& xq = PieceSet::xiangqi();
    std::mt19937_64 rng(7);
    std::uniform_int_distribution<Key> key(0, xq.key_count() - 1);
    std::uniform_int_distribution<int> score(0, 9);
    std::set<Key> keys;
    while (keys.size() < kRows) keys.insert(key(rng));
    const std::string p = (dir() / "kb70k.csv").string();
    std::ofstream out(p);
    out << "material,score,source\n";
    for (Key k : keys) out << material_text(k, xq) << ',' << score(rng) << ",generated\n";
    return p;
  }();
  return path;
}

void BM_ImportCsv70K(benchmark::State& state) {
  const std::string store = (dir() / "bench.sqlite").string();
  for (auto _ : state) {
    state.PauseTiming();
    bench::remove_store(store);
    state.ResumeTiming();
    const KnowledgeBase kb = read_csv(csv_path(), {});
    Outputs outputs;
    Store created = Store::create(store, *kb.pieces, outputs);
    benchmark::DoNotOptimize(import_kb(created, kb, "{}", &outputs).added);
  }
  state.counters["rows"] = kRows;
}

void BM_BaselineBareSqliteInsert70K(benchmark::State& state) {
  const KnowledgeBase kb = read_csv(csv_path(), {});
  const std::string store = (dir() / "baseline.sqlite").string();
  for (auto _ : state) {
    state.PauseTiming();
    bench::remove_store(store);
    state.ResumeTiming();
    bench::bare_sqlite_insert(kb, store);
  }
}

void BM_ParseCsv70K(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(read_csv(csv_path(), {}).rows.size());
}

BENCHMARK(BM_BaselineBareSqliteInsert70K)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ParseCsv70K)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ImportCsv70K)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace egkb

BENCHMARK_MAIN();
