// libegkb-probe's probe cost (target: by key <= 10 ns warm), by counts, by key and by material
// text, on the full xiangqi table (2,125,764 materials, 2.1 MB of scores) and the chess data's
// (22 KB). Warm: the same 4,096 random materials again and again, the table in cache. Cold: a
// fresh random material each probe over the full table, with a 64 MB buffer walked between
// batches so the table is out of the caches. Yardstick: a load from a random place of a plain
// byte array of the same size, the least a probe can cost; compare the ratios across machines.
#include <benchmark/benchmark.h>
#include <egkb/probe.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <vector>

#include "export/engine_table.h"
#include "io/csv.h"
#include "lattice/material.h"
#include "synth/synthesise.h"

namespace egkb {
namespace {

Synthesis full_synthesis() {
  SynthOptions options;
  options.preset = "full";
  return synthesise(options);
}

constexpr std::size_t kWarm = 4096;

struct Probed {
  egkb_table* table = nullptr;
  std::vector<std::array<int, EGKB_MOST_KINDS>> first, second;
  std::vector<egkb_key> keys;
  std::vector<std::string> texts;
};

// The table of a base, written once, and `count` of its materials in random order.
Probed probed(const KnowledgeBase& kb, const std::string& name, std::size_t count) {
  const ScoredLattice scored = ScoredLattice::of(kb);
  const std::string file = (std::filesystem::temp_directory_path() / name).string();
  {
    std::ofstream out(file, std::ios::binary);
    EngineTable::of(scored, false).write(out);
  }
  Probed p;
  const char* why = nullptr;
  p.table = egkb_open(file.c_str(), &why);
  std::filesystem::remove(file);
  if (!p.table) throw std::runtime_error(why);
  std::mt19937_64 random(1);
  const PieceSet& pieces = scored.lattice.pieces();
  for (std::size_t i = 0; i < count; ++i) {
    const Material m =
        scored.lattice.material(static_cast<NodeId>(random() % scored.lattice.size()));
    std::array<int, EGKB_MOST_KINDS> a{}, b{};
    for (PieceKind k : KindRange(pieces.kind_count())) {
      a[static_cast<std::size_t>(kind_index(k))] = m.count(Side::Red, k);
      b[static_cast<std::size_t>(kind_index(k))] = m.count(Side::Black, k);
    }
    p.first.push_back(a);
    p.second.push_back(b);
    p.keys.push_back(egkb_key_of_counts(p.table, a.data(), b.data()));
    p.texts.push_back(format_material(m, pieces));
  }
  return p;
}

const Probed& full() {
  static const Probed p = probed(full_synthesis().truth, "egkb_bench_full.egkb", 1 << 20);
  return p;
}

const Probed& chess() {
  static const Probed p = [] {
    CsvOptions options;
    options.pieces = &PieceSet::chess();
    return probed(read_csv(std::string(EGKB_DATA_DIR) + "/chess-syzygy-6men.csv", options),
                  "egkb_bench_chess.egkb", kWarm);
  }();
  return p;
}

// Walks a buffer far larger than the caches, evicting the table from them.
void flush_caches() {
  static std::vector<char> buffer(64 << 20, 1);
  long sum = 0;
  for (std::size_t i = 0; i < buffer.size(); i += 64) sum += buffer[i]++;
  benchmark::DoNotOptimize(sum);
}

template <typename Probe>
void warm(benchmark::State& state, const Probed& p, Probe&& probe) {
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(probe(p, i));
    i = (i + 1) % kWarm;
  }
}

// A batch of probes of fresh materials after each flush; only the probes are timed.
template <typename Probe>
void cold(benchmark::State& state, const Probed& p, Probe&& probe) {
  constexpr std::size_t kBatch = 1024;
  std::size_t at = 0;
  for (auto _ : state) {
    state.PauseTiming();
    flush_caches();
    at = (at + kBatch) % (p.keys.size() - kBatch);
    state.ResumeTiming();
    for (std::size_t i = at; i < at + kBatch; ++i) benchmark::DoNotOptimize(probe(p, i));
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kBatch));
}

int by_key(const Probed& p, std::size_t i) {
  return egkb_probe_key(p.table, p.keys[i]);
}
int by_counts(const Probed& p, std::size_t i) {
  return egkb_probe_counts(p.table, p.first[i].data(), p.second[i].data());
}
int by_text(const Probed& p, std::size_t i) {
  return egkb_probe_material(p.table, p.texts[i].c_str());
}

// The yardstick: one byte loaded from where a key points in a plain array of the table's size.
const std::vector<unsigned char>& plain() {
  static const std::vector<unsigned char> bytes(1458u * 1458u, 3);
  return bytes;
}
int by_array(const Probed& p, std::size_t i) {
  return plain()[p.keys[i] % plain().size()];
}

void BM_YardstickArrayLoadWarm(benchmark::State& s) {
  warm(s, full(), by_array);
}
void BM_ProbeKeyWarm(benchmark::State& s) {
  warm(s, full(), by_key);
}
void BM_ProbeCountsWarm(benchmark::State& s) {
  warm(s, full(), by_counts);
}
void BM_ProbeMaterialWarm(benchmark::State& s) {
  warm(s, full(), by_text);
}
void BM_ProbeKeyWarmChess(benchmark::State& s) {
  warm(s, chess(), by_key);
}
void BM_YardstickArrayLoadCold(benchmark::State& s) {
  cold(s, full(), by_array);
}
void BM_ProbeKeyCold(benchmark::State& s) {
  cold(s, full(), by_key);
}
void BM_ProbeCountsCold(benchmark::State& s) {
  cold(s, full(), by_counts);
}
void BM_ProbeMaterialCold(benchmark::State& s) {
  cold(s, full(), by_text);
}

BENCHMARK(BM_YardstickArrayLoadWarm);
BENCHMARK(BM_ProbeKeyWarm);
BENCHMARK(BM_ProbeCountsWarm);
BENCHMARK(BM_ProbeMaterialWarm);
BENCHMARK(BM_ProbeKeyWarmChess);
BENCHMARK(BM_YardstickArrayLoadCold)->Iterations(200);
BENCHMARK(BM_ProbeKeyCold)->Iterations(200);
BENCHMARK(BM_ProbeCountsCold)->Iterations(200);
BENCHMARK(BM_ProbeMaterialCold)->Iterations(200);

}  // namespace
}  // namespace egkb

BENCHMARK_MAIN();
