// Evidence from play (egkb evidence): egkb's own CPU time beside the engines' (target: at most
// 5% of it), and two jobs against one (target: at least 1.8 times the materials a second on the
// two-core machine). Debian's stockfish searches 43 chess materials of the shipped data (every
// twelfth) with egkb's chess defaults (depth 6, up to 256 positions, stopping once sure) through
// the library's job pool as `egkb evidence` runs it. egkb's time is this process's CPU (getrusage
// SELF: the job threads' reading, parsing, positions), the engines' their reaped CPU (getrusage
// CHILDREN); beside them egkb's context switches a position, the cost that dominated before
// searches were queued and read a batch at a wake-up. Yardstick: a fixed CPU loop, so a slower
// machine shows as such.
#include <benchmark/benchmark.h>
#include <sys/resource.h>
#include <unistd.h>

#include <fstream>
#include <string>
#include <vector>

#include "bench/support.h"
#include "engine/evidence_jobs.h"
#include "lattice/material.h"

namespace egkb {
namespace {

constexpr const char* kEngine = "/usr/games/stockfish";

struct Cost {
  double user = 0, sys = 0, switches = 0;
  Cost operator-(const Cost& o) const {
    return {user - o.user, sys - o.sys, switches - o.switches};
  }
  Cost& operator+=(const Cost& o) {
    user += o.user;
    sys += o.sys;
    switches += o.switches;
    return *this;
  }
};

Cost cost(int who) {
  rusage u{};
  getrusage(who, &u);
  return {bench::seconds(u.ru_utime), bench::seconds(u.ru_stime),
          static_cast<double>(u.ru_nvcsw + u.ru_nivcsw)};
}

// Every 12th material of the chess data: 4 to 6 pieces, wins, draws and losses.
std::vector<EvidenceTask> tasks() {
  std::ifstream in(EGKB_CHESS_CSV);
  std::string line;
  std::getline(in, line);
  std::vector<EvidenceTask> out;
  for (int i = 0; std::getline(in, line); ++i) {
    if (i % 12 != 0) continue;
    out.push_back({parse_material(line.substr(0, line.find(',')), PieceSet::chess()), {}, {}});
  }
  return out;
}

void BM_Evidence(benchmark::State& state) {
  if (access(kEngine, X_OK) != 0) {
    state.SkipWithError("no /usr/games/stockfish: install Debian's stockfish");
    return;
  }
  const std::vector<EvidenceTask> work = tasks();
  const EvidenceSettings settings = default_evidence_settings(PieceSet::chess());
  const EngineSetup setup{kEngine, std::nullopt};
  Cost own, engines;
  std::size_t materials = 0, positions = 0;
  for (auto _ : state) {
    const Cost self0 = cost(RUSAGE_SELF), children0 = cost(RUSAGE_CHILDREN);
    gather_evidence(setup, PieceSet::chess(), settings, work, static_cast<unsigned>(state.range(0)),
                    [&](MaterialEvidence&& e) {
                      materials += e.failure.empty();
                      positions += e.scores.size();
                    });
    own += cost(RUSAGE_SELF) - self0;
    engines += cost(RUSAGE_CHILDREN) - children0;
  }
  const double n = static_cast<double>(state.iterations());
  state.counters["materials_per_s"] =
      benchmark::Counter(static_cast<double>(materials), benchmark::Counter::kIsRate);
  state.counters["egkb_user_s"] = own.user / n;
  state.counters["egkb_sys_s"] = own.sys / n;
  state.counters["switches_per_position"] = own.switches / static_cast<double>(positions);
  state.counters["engine_cpu_s"] = (engines.user + engines.sys) / n;
  state.counters["egkb_over_engines_pct"] =
      100 * (own.user + own.sys) / (engines.user + engines.sys);
}
BENCHMARK(BM_Evidence)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(2);

// The yardstick: the same fixed loop of integer work on every machine.
void BM_YardstickCpuLoop(benchmark::State& state) {
  for (auto _ : state) {
    uint64_t x = 1;
    for (int i = 0; i < 50'000'000; ++i) x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    benchmark::DoNotOptimize(x);
  }
}
BENCHMARK(BM_YardstickCpuLoop)->Unit(benchmark::kMillisecond)->Iterations(3);

}  // namespace
}  // namespace egkb

BENCHMARK_MAIN();
