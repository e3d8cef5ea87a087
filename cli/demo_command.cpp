#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "cli/commands.h"
#include "cli/conflict_report.h"
#include "io/csv.h"
#include "lattice/errors.h"

namespace egkb::cli {

namespace {

constexpr const char* kChessData = "chess-syzygy-6men.csv";

// The shipped data: $EGKB_DATA_DIR, else the source tree this binary was built from, else
// ./datasets.
std::string find_chess_data() {
  std::vector<std::filesystem::path> dirs;
  if (const char* env = std::getenv("EGKB_DATA_DIR")) dirs.emplace_back(env);
  dirs.emplace_back(EGKB_DATA_DIR);
  dirs.emplace_back("datasets");
  for (const auto& dir : dirs) {
    if (std::filesystem::exists(dir / kChessData)) return (dir / kChessData).string();
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

void add_demo_command(CLI::App& app, int&) {
  CLI::App* cmd = app.add_subcommand("demo", "a first run on the shipped chess data");
  cmd->callback([] {
    CsvOptions options;
    options.pieces = &PieceSet::chess();
    KnowledgeBase kb = read_csv(find_chess_data(), options);
    fmt::print("== 1. Real chess data (Syzygy statistics), a base with no conflict\n\n");
    report(kb);

    const Key corrupted = key_of(parse_material("KRvK", *kb.pieces), *kb.pieces);
    for (KbRow& row : kb.rows) {
      if (row.key == corrupted) row.score = Score(9);
    }
    kb.origin += " with KRvK changed from 0 (white wins) to 9";
    fmt::print("\n== 2. The same base with one score corrupted\n\n");
    report(kb);
    fmt::print("\nnext: egkb show {} KRvK --pieces chess\n", find_chess_data());
  });
}

}  // namespace egkb::cli
