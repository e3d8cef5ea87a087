// What a probe costs an engine (docs/performance.md "Probing"), beside the least any lookup
// costs, measured in the same run and printed as ratios at the end: libegkb-probe (the static
// library, as egkb::probe_static links it) and the generated header, by key, by counts and by
// text, on a mixed workload. Mixed: 4,096 materials probed again and again (the table warm in
// the caches, as in a search), half drawn from the table and half from the game's whole lattice
// (nearly all unknown), in random order, so known and unknown answers interleave unpredictably.
// Yardstick: one byte loaded from a random place of a plain array of the table's size, at an
// index computed beforehand (as wide as a key). Tables: synthetic endall (xiangqi, 63,423
// materials), the chess data (1,000) and the full xiangqi lattice (2,125,764, all known).
#include <benchmark/benchmark.h>
#include <egkb/probe.h>
#include <fmt/format.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <vector>

#include "export/engine_table.h"
#include "io/csv.h"
#include "lattice/material.h"
#include "probe/table_lookup.h"
#include EGKB_ENDALL_HEADER
#include EGKB_CHESS_HEADER
#include EGKB_FULL_HEADER

namespace egkb {
namespace {

constexpr std::size_t kWorkingSet = 4096;
using Counts = std::array<int, EGKB_MOST_KINDS>;

struct Workload {
  std::string name;
  egkb_table* table = nullptr;
  std::vector<Counts> first, second;
  std::vector<egkb_key> keys;
  std::vector<std::string> texts;
  std::vector<uint8_t> array;          // the yardstick, as large as the table's scores
  std::vector<uint64_t> array_places;  // a random place in it per probe, as wide as a key
  std::size_t known = 0;
};

Counts counts_of(const Material& m, Side side, int kinds) {
  Counts c{};
  for (PieceKind k : KindRange(kinds))
    c[static_cast<std::size_t>(kind_index(k))] = m.count(side, k);
  return c;
}

Workload mixed(const std::string& name, const std::string& truth_csv, const PieceSet& pieces,
               bool mix) {
  CsvOptions options;
  options.pieces = &pieces;
  const ScoredLattice scored = ScoredLattice::of(read_csv(truth_csv, options));
  const EngineTable exported = EngineTable::of(scored, false);
  const std::string file =
      (std::filesystem::temp_directory_path() / (name + std::to_string(getpid()) + ".egkb"))
          .string();
  {
    std::ofstream out(file, std::ios::binary);
    exported.write(out);
  }
  Workload w;
  w.name = name;
  const char* why = nullptr;
  w.table = egkb_open(file.c_str(), &why);
  std::filesystem::remove(file);
  if (!w.table) throw std::runtime_error(why);
  std::mt19937_64 random(1);
  const std::size_t side = exported.column_count() + 1;
  w.array.assign(side * side, 3);
  for (std::size_t i = 0; i < kWorkingSet; ++i) {
    const Material m =
        mix && random() % 2 == 1
            ? material_of(random() % pieces.key_count(), pieces)
            : scored.lattice.material(static_cast<NodeId>(random() % scored.lattice.size()));
    w.first.push_back(counts_of(m, Side::Red, pieces.kind_count()));
    w.second.push_back(counts_of(m, Side::Black, pieces.kind_count()));
    w.keys.push_back(egkb_key_of_counts(w.table, w.first.back().data(), w.second.back().data()));
    w.texts.push_back(format_material(m, pieces));
    w.array_places.push_back(random() % w.array.size());
    w.known += exported.probe(m).has_value();
  }
  return w;
}

// Each iteration probes the whole working set. Chained: which material comes next depends on
// the answer before, so each probe waits for the last, as a search waits for its answer: the
// time is a probe's latency. Independent: the probes overlap as far as the processor can.
template <typename Probe>
void run(benchmark::State& state, const Workload& w, Probe probe, bool chained) {
  for (auto _ : state) {
    int sum = 0;
    if (chained) {
      std::size_t at = 0;
      for (std::size_t i = 0; i < kWorkingSet; ++i) {
        const int answer = probe(w, at);
        sum += answer;
        at = (at + 1 + static_cast<std::size_t>(answer & 1)) & (kWorkingSet - 1);
      }
    } else {
      for (std::size_t i = 0; i < kWorkingSet; ++i) sum += probe(w, i);
    }
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kWorkingSet));
  state.counters["known"] = static_cast<double>(w.known) / kWorkingSet;
}

// `by_key` and `by_counts` call the workload's own header, inlined as an engine compiles it.
template <typename ByKey, typename ByCounts>
void register_workload(const Workload& w, ByKey by_key, ByCounts by_counts) {
  const auto add = [&](const std::string& probe, auto f) {
    for (const bool chained : {true, false}) {
      benchmark::RegisterBenchmark(
          (w.name + (chained ? "/chained/" : "/independent/") + probe).c_str(),
          [&w, f, chained](benchmark::State& s) { run(s, w, f, chained); });
    }
  };
  add("array load (yardstick)", [](const Workload& x, std::size_t i) {
    return static_cast<int>(x.array[x.array_places[i]]);
  });
  add("library by key",
      [](const Workload& x, std::size_t i) { return egkb_probe_key(x.table, x.keys[i]); });
  add("library by counts", [](const Workload& x, std::size_t i) {
    return egkb_probe_counts(x.table, x.first[i].data(), x.second[i].data());
  });
  add("library by text", [](const Workload& x, std::size_t i) {
    return egkb_probe_material(x.table, x.texts[i].c_str());
  });
  add("header by key", [by_key](const Workload& x, std::size_t i) { return by_key(x.keys[i]); });
  add("header by counts", [by_counts](const Workload& x, std::size_t i) {
    return by_counts(x.first[i].data(), x.second[i].data());
  });
}

// The console's lines, then each probe's time as a ratio to its workload's yardstick.
class RatioReporter : public benchmark::ConsoleReporter {
 public:
  // "workload/mode/probe" without the probe.
  static std::string group(const std::string& name) { return name.substr(0, name.rfind('/')); }

  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& run : runs) {
      const auto rate = run.counters.find("items_per_second");
      if (run.run_type == Run::RT_Iteration && rate != run.counters.end())
        ns_.emplace_back(run.benchmark_name(), 1e9 / rate->second.value);
    }
  }
  void Finalize() override {
    ConsoleReporter::Finalize();
    std::map<std::string, double> yardstick;
    for (const auto& [name, ns] : ns_) {
      if (name.find("yardstick") != std::string::npos) yardstick[group(name)] = ns;
    }
    fmt::print("\n{:<58} {:>8} {:>9}\n", "workload/probe (ns a probe, ratio to the array load)",
               "ns", "x array");
    for (const auto& [name, ns] : ns_) {
      const auto base = yardstick.find(group(name));
      if (base != yardstick.end())
        fmt::print("{:<58} {:>8.2f} {:>9.2f}\n", name, ns, ns / base->second);
    }
  }

 private:
  std::vector<std::pair<std::string, double>> ns_;
};

}  // namespace
}  // namespace egkb

int main(int argc, char** argv) {
  using namespace egkb;
  benchmark::Initialize(&argc, argv);
  const std::string generated = EGKB_BENCH_GENERATED;
  const Workload endall =
      mixed("xiangqi-endall-mixed", generated + "/endall_truth.csv", PieceSet::xiangqi(), true);
  const Workload chess =
      mixed("chess-data-mixed", std::string(EGKB_DATA_DIR) + "/chess-syzygy-6men.csv",
            PieceSet::chess(), true);
  const Workload full =
      mixed("xiangqi-full-known", generated + "/full_truth.csv", PieceSet::xiangqi(), false);
  register_workload(
      endall, [](uint64_t k) { return endall_probe_key(k); },
      [](const int* a, const int* b) { return endall_probe_counts(a, b); });
  register_workload(
      chess, [](uint64_t k) { return chess_probe_key(k); },
      [](const int* a, const int* b) { return chess_probe_counts(a, b); });
  register_workload(
      full, [](uint64_t k) { return full_probe_key(k); },
      [](const int* a, const int* b) { return full_probe_counts(a, b); });
  RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  for (const Workload* w : {&endall, &chess, &full}) egkb_close(w->table);
  return 0;
}
