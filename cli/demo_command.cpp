#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "base/errors.h"
#include "cli/command.h"
#include "cli/conflict_report.h"
#include "cli/error_table.h"
#include "export/engine_table.h"
#include "io/csv.h"
#include "lattice/compare.h"
#include "prose/score_meaning.h"
#include "reducer/reduce.h"
#include "sampling/simulate.h"
#include "synth/synthesise.h"

namespace egkb::cli {

namespace {

constexpr const char* kChessData = "chess-syzygy-6men.csv";

// The shipped data: $EGKB_DATA_DIR, else where an installed egkb keeps it (beside its bin/),
// else the source tree this binary was built from, else ./datasets.
std::string find_chess_data() {
  std::vector<std::filesystem::path> dirs;
  if (const char* env = std::getenv("EGKB_DATA_DIR")) dirs.emplace_back(env);
  std::error_code ec;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) dirs.push_back(exe.parent_path() / EGKB_INSTALLED_DATA_DIR);
  dirs.emplace_back(EGKB_DATA_DIR);
  dirs.emplace_back("datasets");
  for (const auto& dir : dirs) {
    if (std::filesystem::exists(dir / kChessData, ec))
      return (dir / kChessData).lexically_normal().string();
  }
  throw InputError(kChessData, 0, "",
                   "demo data not found; set EGKB_DATA_DIR to the project's datasets/ folder");
}

void report(const KnowledgeBase& kb) {
  const ScoredLattice scored = ScoredLattice::of(kb);
  ConflictCounter counter(scored.lattice);
  print_conflict_report(std::cout, kb, scored, counter, counter.count(scored.ranks()), 5);
}

}  // namespace

Command demo_command() {
  return {
      "demo", "a first run: real chess data, then a synthetic xiangqi base repaired", "egkb demo",
      [](OptionSink&) {},
      [] {
        CsvOptions chess;
        chess.pieces = &PieceSet::chess();
        fmt::print("== 1. Real chess data (Syzygy statistics): a base with no conflict\n\n");
        report(read_csv(find_chess_data(), chess));

        SynthOptions options;
        options.preset = "endall";
        options.seed = 1;
        const Synthesis s = synthesise(options);
        fmt::print(
            "\n== 2. A synthetic xiangqi base shaped like the paper's ENDALL, with its noise\n\n");
        report(s.noisy);
        fmt::print(
            "\n== 3. The same base against the truth it was made from (the paper's Table 3)\n\n");
        print_error_table(std::cout, s.noisy.origin, compare_to_truth(s.noisy, s.truth));

        ReduceRequest request;
        request.method = Method::Auto;
        const ReduceOutcome repaired = reduce_kb(s.noisy, request);
        const Validation& chosen = *repaired.validation;
        fmt::print(
            "\n== 4. Repaired (auto): {} rows changed, {} inconsistent nodes left, {:.3f} s\n"
            "  validation on rows held out of the base chose the {} cost with the material "
            "prior at weight {:g} ({:.2f} s of the time)\n",
            repaired.changed_rows.size(), repaired.after.inconsistent_nodes, repaired.seconds,
            cost_shape_name(chosen.chosen.cost), chosen.chosen.prior_weight, chosen.seconds);
        if (const auto& c = repaired.reduction.certificate) {
          fmt::print("  {}: its cost {:g}, the lower bound {:g}\n\n",
                     c->optimal ? "certified optimal" : "not certified optimal", c->objective,
                     c->bound);
        }
        print_error_table(std::cout, "repaired (auto)", compare_to_truth(repaired.result, s.truth));
        SimulationOptions review;
        review.method = Method::Auto;
        review.rounds = 1;
        review.sample.size.p = 0.011;
        fmt::print("\n== 5. One simulated review round: a {} sample, answered from the truth\n\n",
                   design_name(review.sample.design));
        const RoundReport round = simulate(s.truth, s.noisy, review).front();
        fmt::print(
            "  {} rows reviewed; estimated errors {:.0f} (95% interval {:.0f}..{:.0f}); true {} "
            "({})\n",
            round.sampled, round.estimate.errors,
            round.estimate.low * static_cast<double>(round.estimate.population),
            round.estimate.high * static_cast<double>(round.estimate.population),
            round.truth.errors, round.covered ? "covered" : "not covered");
        fmt::print("\n== 6. What an engine gets: the repaired base as a probe table\n\n");
        const EngineTable table = EngineTable::of(ScoredLattice::of(repaired.result), false);
        fmt::print("  {} materials in a table of {} bytes\n", table.known(), table.file_bytes());
        const PieceSet& xiangqi = PieceSet::xiangqi();
        for (const char* text : {"KRKNMM", "KRNKRGG", "KCPGMMKGGMM", "KCKC"}) {
          const Score score = *table.probe(parse_material(text, xiangqi));
          fmt::print("  probe {:<12} -> {} ({})\n", text, value(score),
                     score_meaning(xiangqi, score));
        }
        fmt::print(
            "\nnext (docs/tutorial.md walks through them):\n"
            "  egkb synth --preset endall --seed 1 --truth truth.csv --out noisy.csv\n"
            "  egkb conflicts noisy.csv\n"
            "  egkb compare noisy.csv --truth truth.csv\n"
            "  egkb reduce noisy.csv --out repaired.csv --report repair.html\n"
            "  egkb simulate noisy.csv --truth truth.csv --rounds 3\n"
            "  egkb show noisy.csv KRKNMM\n"
            "  egkb export repaired.csv --format table --out kb.egkb\n"
            "  egkb probe kb.egkb KRKNMM\n"
            "review in the browser (docs/guide-expert.md):\n"
            "  egkb import kb.sqlite noisy.csv\n"
            "  egkb sample kb.sqlite --out batch.csv\n"
            "  egkb serve kb.sqlite\n");
        return 0;
      }};
}

}  // namespace egkb::cli
