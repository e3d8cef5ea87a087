// Debian's engines, at tiny depths so the suite stays fast: 200 positions of a xiangqi and of a
// chess material each legal by an independent reading and read back by the engine as given, and
// a material searched end to end. Skipped, saying why, where the engines are not installed.
#include <gtest/gtest.h>
#include <unistd.h>

#include "board/random_positions.h"
#include "engine/engine_process.h"
#include "engine/material_search.h"
#include "tests/support/board_oracle.h"

namespace egkb {
namespace {

struct Engine {
  const char* path;
  const PieceSet& pieces;
  const char* material;
  std::optional<std::string> variant;
};

void skip_without(const char* path) {
  if (access(path, X_OK) != 0) {
    GTEST_SKIP() << path << " is not installed (Debian's package; ./setup.sh installs it)";
  }
}

// The FEN the engine says it holds after `position fen`, from its `d` command.
std::string fen_read_back(EngineProcess& engine, const std::string& fen) {
  engine.send("position fen " + fen);
  engine.send("d");
  const auto deadline = EngineProcess::Clock::now() + std::chrono::seconds(10);
  for (;;) {
    const auto r = engine.read_line(deadline);
    if (!r.line) return "(no answer)";
    if (r.line->rfind("Fen: ", 0) == 0) return r.line->substr(5);
  }
}

class RealEngines : public ::testing::TestWithParam<Engine> {};

TEST_P(RealEngines, TwoHundredPositionsAreLegalAndTheEngineReadsEachAsGiven) {
  const Engine& e = GetParam();
  skip_without(e.path);
  EngineProcess engine(e.path);
  engine.send("uci");
  if (e.variant) engine.send("setoption name UCI_Variant value " + *e.variant);
  const PositionSampler sampler(parse_material(e.material, e.pieces), e.pieces);
  int checked = 0;
  for (uint64_t i = 0; i < 200; ++i) {
    const std::string fen = sampler.rules().fen(sampler.draw(3, i));
    const test::FenReading r =
        &e.pieces == &PieceSet::chess() ? test::read_chess_fen(fen) : test::read_xiangqi_fen(fen);
    EXPECT_EQ(r.problem, "") << fen;
    EXPECT_EQ(fen_read_back(engine, fen), fen);
    ++checked;
  }
  EXPECT_EQ(checked, 200);
}

TEST_P(RealEngines, AWinningMaterialSearchedAtDepthOneIsMostlyWon) {
  const Engine& e = GetParam();
  skip_without(e.path);
  EngineSetup setup{e.path, e.variant};
  EngineSlot slot(setup);
  EvidenceSettings settings;
  settings.budget = {SearchBudget::Kind::Depth, 1};
  settings.positions = 16;
  settings.sequential = false;
  const char* winning = &e.pieces == &PieceSet::chess() ? "KQvK" : "KRRK";
  const MaterialEvidence m =
      search_material(slot, parse_material(winning, e.pieces), e.pieces, settings);
  EXPECT_EQ(m.failure, "");
  EXPECT_EQ(m.scores.size(), 16u);
  EXPECT_GE(m.counts.wins, 12u) << winning;
  EXPECT_NE(slot.engine().name(), e.path);  // its id name was read
}

INSTANTIATE_TEST_SUITE_P(Debian, RealEngines,
                         ::testing::Values(Engine{"/usr/games/fairy-stockfish", PieceSet::xiangqi(),
                                                  "KRCKNMMGG", "xiangqi"},
                                           Engine{"/usr/games/stockfish", PieceSet::chess(),
                                                  "KRPvKR", std::nullopt}),
                         [](const auto& info) { return std::string(info.param.pieces.name()); });

}  // namespace
}  // namespace egkb
