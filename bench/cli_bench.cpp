// Every end-to-end path as a user runs it: the egkb binary, one process per iteration, on the
// full synthetic lattice (2,125,764 rows) and the 18,225-row end65 base, each beside a baseline
// measured in the same run: reading the CSV's bytes, a bare SQLite scan of the same store, a
// bare SQLite insert of the same rows. The LP peer of the exact repair is bench/lp_compare.py.
// Each process's user and sys time, minor page faults and peak memory are counters beside its
// wall time, and two yardsticks (`egkb --version`, a fixed CPU-bound loop) tell a slower machine
// from a slower program: compare ratios to them across machines, not seconds.
#include <benchmark/benchmark.h>
#include <fcntl.h>
#include <spawn.h>
#include <sqlite3.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench/support.h"
#include "io/csv.h"
#include "lattice/material.h"

extern char** environ;

namespace egkb {
namespace {

namespace fs = std::filesystem;

const fs::path& dir() {
  static const fs::path d = bench::scratch_dir("egkb_cli_bench");
  return d;
}

// What one child process cost, from wait4.
struct ProcessCost {
  double user_s = 0, sys_s = 0, minor_faults = 0, peak_mib = 0;

  ProcessCost& operator+=(const ProcessCost& o) {
    user_s += o.user_s;
    sys_s += o.sys_s;
    minor_faults += o.minor_faults;
    peak_mib += o.peak_mib;
    return *this;
  }
};

// Runs egkb with `args`, its output to /dev/null; throws unless it exits 0.
ProcessCost egkb(const std::vector<std::string>& args) {
  std::vector<std::string> argv_text = {EGKB_BINARY};
  argv_text.insert(argv_text.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& a : argv_text) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  int status = 0;
  rusage usage{};
  if (spawned != 0 || wait4(pid, &status, 0, &usage) != pid || !WIFEXITED(status) ||
      WEXITSTATUS(status) != 0) {
    throw std::runtime_error("egkb " + args.front() + " failed");
  }
  return {bench::seconds(usage.ru_utime), bench::seconds(usage.ru_stime),
          static_cast<double>(usage.ru_minflt), static_cast<double>(usage.ru_maxrss) / 1024};
}

// The processes' mean costs per iteration as counters beside the wall time.
void report(benchmark::State& state, const ProcessCost& sum) {
  const auto per = [&](double v) {
    return benchmark::Counter(v / static_cast<double>(state.iterations()));
  };
  state.counters["user_s"] = per(sum.user_s);
  state.counters["sys_s"] = per(sum.sys_s);
  state.counters["minflt"] = per(sum.minor_faults);
  state.counters["peak_MiB"] = per(sum.peak_mib);
}

// The preset's noisy CSV and a store imported from it, made once per run.
struct Base {
  fs::path csv, store;
};

const Base& base(const std::string& preset) {
  static std::map<std::string, Base> made;
  auto [it, fresh] = made.try_emplace(preset);
  if (fresh) {
    it->second.csv = dir() / (preset + ".csv");
    it->second.store = dir() / (preset + ".sqlite");
    fs::remove(it->second.csv);
    bench::remove_store(it->second.store);
    egkb({"synth", "--preset", preset, "--truth", (dir() / (preset + ".truth.csv")).string(),
          "--out", it->second.csv.string()});
    egkb({"import", it->second.store.string(), it->second.csv.string()});
  }
  return it->second;
}

const std::string& preset_of(const benchmark::State& state) {
  static const std::vector<std::string> presets = {"full", "end65"};
  return presets[static_cast<std::size_t>(state.range(0))];
}

// One command on a fresh output path per iteration, the output removed between iterations.
void run_command(benchmark::State& state, const std::vector<std::string>& args,
                 const fs::path& out = {}) {
  ProcessCost sum;
  for (auto _ : state) {
    state.PauseTiming();
    if (!out.empty()) bench::remove_store(out);
    state.ResumeTiming();
    sum += egkb(args);
  }
  if (!out.empty()) bench::remove_store(out);
  report(state, sum);
  state.SetLabel(preset_of(state));
}

void BM_ConflictsCsv(benchmark::State& state) {
  run_command(state, {"conflicts", base(preset_of(state)).csv.string()});
}

void BM_ConflictsStore(benchmark::State& state) {
  run_command(state, {"conflicts", base(preset_of(state)).store.string()});
}

void BM_Import(benchmark::State& state) {
  const fs::path out = dir() / "imported.sqlite";
  run_command(state, {"import", out.string(), base(preset_of(state)).csv.string()}, out);
}

void BM_ExportTable(benchmark::State& state) {
  const fs::path out = dir() / "exported.egkb";
  run_command(state,
              {"export", base(preset_of(state)).store.string(), "--format", "table",
               "--allow-conflicts", "--out", out.string()},
              out);
}

template <const char* Method>
void BM_Reduce(benchmark::State& state) {
  const fs::path out = dir() / "repaired.csv";
  run_command(
      state,
      {"reduce", base(preset_of(state)).csv.string(), "--method", Method, "--out", out.string()},
      out);
}
constexpr char kExact[] = "exact";
constexpr char kFitted[] = "fitted";
constexpr char kRa[] = "ra";

// Yardsticks: what the machine gives any program, measured in the same run.

void BM_YardstickVersion(benchmark::State& state) {
  ProcessCost sum;
  for (auto _ : state) {
    sum += egkb({"--version"});
  }
  report(state, sum);
}

// 100 million steps of a 64-bit linear congruential generator: integer work with no memory
// traffic, about 0.1-0.3 s on the machines here.
void BM_YardstickCpuLoop(benchmark::State& state) {
  for (auto _ : state) {
    uint64_t x = 1;
    for (int i = 0; i < 100'000'000; ++i) {
      x = x * 6364136223846793005u + 1442695040888963407u;
      benchmark::DoNotOptimize(x);
    }
  }
}

// Baselines.

void BM_BaselineReadCsvBytes(benchmark::State& state) {
  const fs::path csv = base(preset_of(state)).csv;
  std::vector<char> buffer(std::size_t{1} << 20);
  for (auto _ : state) {
    const int fd = ::open(csv.c_str(), O_RDONLY);
    std::size_t total = 0;
    for (ssize_t n; (n = ::read(fd, buffer.data(), buffer.size())) > 0;) total += n;
    ::close(fd);
    benchmark::DoNotOptimize(total);
  }
  state.SetLabel(preset_of(state));
}

void BM_BaselineBareSqliteScan(benchmark::State& state) {
  const std::string store = base(preset_of(state)).store.string();
  for (auto _ : state) {
    sqlite3* db = nullptr;
    sqlite3_open_v2(store.c_str(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nullptr);
    sqlite3_stmt* q = nullptr;
    sqlite3_prepare_v2(db, "SELECT key, score, source, invariable, weight FROM nodes ORDER BY key",
                       -1, &q, nullptr);
    int64_t sum = 0;
    while (sqlite3_step(q) == SQLITE_ROW) {
      sum += sqlite3_column_int64(q, 0) + sqlite3_column_int(q, 1) + sqlite3_column_bytes(q, 2) +
             sqlite3_column_int(q, 3) + sqlite3_column_type(q, 4);
    }
    sqlite3_finalize(q);
    sqlite3_close(db);
    benchmark::DoNotOptimize(sum);
  }
  state.SetLabel(preset_of(state));
}

void BM_BaselineBareSqliteInsert(benchmark::State& state) {
  const KnowledgeBase kb = read_csv(base(preset_of(state)).csv.string(), {});
  const fs::path store = dir() / "bare.sqlite";
  for (auto _ : state) {
    state.PauseTiming();
    bench::remove_store(store);
    state.ResumeTiming();
    bench::bare_sqlite_insert(kb, store);
  }
  bench::remove_store(store);
  state.SetLabel(preset_of(state));
}

// Range 0 is the full lattice, 1 the 18,225-row base; heavy commands run few times.
void both(benchmark::internal::Benchmark* b, int full_iterations) {
  b->Unit(benchmark::kMillisecond)->UseRealTime()->Arg(0)->Iterations(full_iterations);
}

void light(benchmark::internal::Benchmark* b) {
  b->Unit(benchmark::kMillisecond)->UseRealTime()->Arg(0)->Arg(1);
}

BENCHMARK(BM_YardstickVersion)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_YardstickCpuLoop)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_BaselineReadCsvBytes)->Apply(light);
BENCHMARK(BM_ConflictsCsv)->Apply(light);
BENCHMARK(BM_BaselineBareSqliteScan)->Apply(light);
BENCHMARK(BM_ConflictsStore)->Apply(light);
BENCHMARK(BM_ExportTable)->Apply(light);
BENCHMARK(BM_BaselineBareSqliteInsert)->Apply([](auto* b) { both(b, 2); });
BENCHMARK(BM_Import)->Apply([](auto* b) { both(b, 2); });
BENCHMARK(BM_Reduce<kExact>)->Apply([](auto* b) { both(b, 3); }) -> Name("BM_ReduceExact");
BENCHMARK(BM_Reduce<kFitted>)->Apply([](auto* b) { both(b, 3); }) -> Name("BM_ReduceFitted");
BENCHMARK(BM_Reduce<kRa>)->Apply([](auto* b) { both(b, 3); }) -> Name("BM_ReduceRa");

}  // namespace
}  // namespace egkb

BENCHMARK_MAIN();
