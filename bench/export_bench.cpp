// Export of the full synthetic xiangqi truth, 2,125,764 materials (target: <= 2 s), each format
// from the loaded base as `egkb export` does it: mirror closure, conflict check, the file written
// to a sink that only counts bytes. Baseline: building the mirror closure alone, the step every
// format shares.
#include <benchmark/benchmark.h>

#include <ostream>
#include <streambuf>

#include "export/closure_export.h"
#include "export/engine_table.h"
#include "export/probe_header.h"
#include "lattice/conflicts.h"
#include "synth/synthesise.h"

namespace egkb {
namespace {

const KnowledgeBase& full_truth() {
  static const KnowledgeBase kb = [] {
    SynthOptions options;
    options.preset = "full";
    return synthesise(options).truth;
  }();
  return kb;
}

// Discards what is written and counts it.
class CountingSink : public std::streambuf {
 public:
  std::streamsize bytes = 0;

 protected:
  int_type overflow(int_type c) override {
    ++bytes;
    return c;
  }
  std::streamsize xsputn(const char*, std::streamsize n) override {
    bytes += n;
    return n;
  }
};

template <typename Write>
void export_full(benchmark::State& state, Write&& write) {
  const KnowledgeBase& kb = full_truth();
  std::streamsize bytes = 0;
  for (auto _ : state) {
    const ScoredLattice scored = ScoredLattice::of(kb);
    ConflictCounter counter(scored.lattice);
    const bool conflicts = counter.count(scored.ranks()).inconsistent_nodes > 0;
    CountingSink sink;
    std::ostream out(&sink);
    write(out, kb, scored, conflicts);
    bytes = sink.bytes;
  }
  state.counters["MB"] = static_cast<double>(bytes) / 1e6;
}

void BM_BaselineClosure(benchmark::State& state) {
  const KnowledgeBase& kb = full_truth();
  for (auto _ : state) benchmark::DoNotOptimize(ScoredLattice::of(kb).scores.size());
}

void BM_ExportTable(benchmark::State& state) {
  export_full(state, [](std::ostream& out, const KnowledgeBase&, const ScoredLattice& s, bool c) {
    EngineTable::of(s, c).write(out);
  });
}

void BM_ExportHeader(benchmark::State& state) {
  export_full(state,
              [](std::ostream& out, const KnowledgeBase& kb, const ScoredLattice& s, bool c) {
                write_probe_header(out, s, {kb.origin, c});
              });
}

void BM_ExportJson(benchmark::State& state) {
  export_full(state, [](std::ostream& out, const KnowledgeBase& kb, const ScoredLattice& s,
                        bool c) { write_closure_json(out, kb, s, c); });
}

void BM_ExportCsv(benchmark::State& state) {
  export_full(state, [](std::ostream& out, const KnowledgeBase& kb, const ScoredLattice& s, bool) {
    write_closure_csv(out, kb, s);
  });
}

BENCHMARK(BM_BaselineClosure)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_ExportTable)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_ExportHeader)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_ExportJson)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_ExportCsv)->Unit(benchmark::kMillisecond)->Iterations(3);

}  // namespace
}  // namespace egkb

BENCHMARK_MAIN();
