// `synth --preset full`: truth, noise and both CSV files for all 2,125,764 materials (target:
// <= 10 s, <= 2 GiB). Baselines in the same run: the truth model alone, and writing one
// 2.1M-row CSV.
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <filesystem>
#include <fstream>

#include "io/csv.h"
#include "io/output_files.h"
#include "store/kb_file.h"
#include "synth/synthesise.h"
#include "synth/truth_model.h"

namespace egkb {
namespace {

namespace fs = std::filesystem;

double peak_mib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;
}

void BM_SynthFullToCsv(benchmark::State& state) {
  const fs::path dir = fs::temp_directory_path();
  for (auto _ : state) {
    SynthOptions options;
    options.preset = "full";
    const Synthesis s = synthesise(options);
    Outputs outputs;
    save_kb((dir / "egkb_bench_truth.csv").string(), s.truth, nlohmann::ordered_json::object(),
            outputs);
    save_kb((dir / "egkb_bench_noisy.csv").string(), s.noisy, nlohmann::ordered_json::object(),
            outputs);
    outputs.publish();
    outputs.keep();
  }
  state.counters["peak_MiB"] = peak_mib();
}

void BM_BaselineTruthModel(benchmark::State& state) {
  for (auto _ : state) {
    const TruthModel model;
    benchmark::DoNotOptimize(model.scores().data());
  }
}

void BM_BaselineWriteCsv2M(benchmark::State& state) {
  KnowledgeBase kb;
  for (Key k = 0; k < PieceSet::xiangqi().key_count(); ++k)
    kb.rows.push_back({k, Score(k % 10), Source::Generated, false, {}, 0});
  const std::string path = (fs::temp_directory_path() / "egkb_bench_plain.csv").string();
  for (auto _ : state) {
    std::ofstream out(path);
    write_csv(kb, out);
  }
}

BENCHMARK(BM_BaselineTruthModel)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BaselineWriteCsv2M)->Unit(benchmark::kMillisecond)->Iterations(2);
BENCHMARK(BM_SynthFullToCsv)->Unit(benchmark::kMillisecond)->Iterations(2);

}  // namespace
}  // namespace egkb

BENCHMARK_MAIN();
