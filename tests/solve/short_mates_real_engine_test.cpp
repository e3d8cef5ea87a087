// Debian's Fairy-Stockfish against `egkb solve --position`'s values: among 200 random positions
// of four materials, every one whose solved value is a mate in at most 3 moves gets a mate score
// of the same sign and distance at depth 12. Where the engine's search misses a quiet move that
// leaves the loser no move at all (a stalemate loses in xiangqi), our best move is played and
// the engine must then agree, one ply on. Skipped, saying why, where the engine is not installed.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <sstream>

#include "board/random_positions.h"
#include "engine/engine_process.h"
#include "solve/position_query.h"
#include "solve/solve_run.h"
#include "tests/support/temp_dir.h"

namespace egkb::solve {
namespace {

constexpr const char* kEngine = "/usr/games/fairy-stockfish";

// The mate score the engine prints last at depth 12, in moves from the side to move's view
// (negative: mated), or none when its last score is not a mate.
std::optional<int> engine_mate(EngineProcess& engine, const std::string& fen) {
  engine.send("ucinewgame");
  engine.send("position fen " + fen);
  engine.send("go depth 12");
  std::optional<int> mate;
  const auto deadline = EngineProcess::Clock::now() + std::chrono::seconds(60);
  for (;;) {
    const auto r = engine.read_line(deadline);
    if (!r.line) throw std::runtime_error("the engine stopped answering");
    std::istringstream words(*r.line);
    std::string word;
    words >> word;
    if (word == "bestmove") return mate;
    while (words >> word) {
      if (word != "score") continue;
      std::string kind;
      int value = 0;
      words >> kind >> value;
      mate = kind == "mate" ? std::optional<int>(value) : std::nullopt;
    }
  }
}

// The mate in moves a solved value claims: +n for a win in 2n - 1 plies, -n for a loss in 2n.
int claimed_mate(const Value& v) {
  return v.outcome == Outcome::win ? (v.distance + 1) / 2 : -(v.distance / 2);
}

Position after(const Position& p, const std::string& move) {
  const auto point = [](const std::string& text, std::size_t& at) {
    const int file = text[at++] - 'a';
    int rank = 0;
    while (at < text.size() && std::isdigit(static_cast<unsigned char>(text[at]))) {
      rank = rank * 10 + (text[at++] - '0');
    }
    return Square{file, rank - 1};
  };
  std::size_t at = 0;
  const Square from = point(move, at), to = point(move, at);
  Position next(p.files(), p.ranks(), opposite(p.to_move()));
  for (int r = 0; r < p.ranks(); ++r) {
    for (int f = 0; f < p.files(); ++f) next.put({f, r}, p.at({f, r}));
  }
  next.put(to, p.at(from));
  next.put(from, kEmpty);
  return next;
}

class RealEngine : public test::TempDirTest {};

TEST_F(RealEngine, FairyStockfishAgreesOnEveryShortMate) {
  if (access(kEngine, X_OK) != 0) {
    GTEST_SKIP() << kEngine << " is not installed (Debian's package; ./setup.sh installs it)";
  }
  const PieceSet& x = PieceSet::xiangqi();
  const std::vector<const char*> materials = {"KRKGG", "KNKG", "KCGKG", "KRNKGG"};
  std::vector<Material> wanted;
  for (const char* m : materials) wanted.push_back(parse_material(m, x));
  {
    TableFolder folder(path("tables"));
    SolveRunOptions options;
    options.settings.keep_distances = true;
    options.folder = &folder;
    solve_all(wanted, options);
  }
  TableShelf shelf(path("tables"));
  EngineProcess engine(kEngine);
  engine.send("uci");
  engine.send("setoption name UCI_Variant value xiangqi");
  int positions = 0, short_mates = 0, agreed = 0, confirmed_one_ply_on = 0;
  for (const Material& m : wanted) {
    const PositionSampler sampler(m, x);
    for (uint64_t i = 0; i < 50; ++i) {
      const Position p = sampler.draw(11, i);
      ++positions;
      const PositionValue v = query_position(p, shelf);
      if (v.value.outcome == Outcome::draw || v.value.ends_in != LineEnd::mate) continue;
      if (v.value.distance > 6) continue;
      ++short_mates;
      const std::string fen = sampler.rules().fen(p);
      const std::optional<int> mate = engine_mate(engine, fen);
      if (mate == claimed_mate(v.value)) {
        ++agreed;
        continue;
      }
      // The engine saw a longer mate or none: shown our best move, it must see ours.
      ASSERT_FALSE(v.moves.empty()) << fen;
      const Position next = after(p, v.moves[0].move);
      const PositionValue w = query_position(next, shelf);
      const std::optional<int> then = engine_mate(engine, sampler.rules().fen(next));
      EXPECT_EQ(then, std::optional<int>(claimed_mate(w.value)))
          << fen << ": solved mate " << claimed_mate(v.value) << ", engine "
          << (mate ? std::to_string(*mate) : "no mate") << "; after " << v.moves[0].move;
      EXPECT_TRUE(v.moves[0].value.distance == v.value.distance);
      ++confirmed_one_ply_on;
    }
  }
  EXPECT_EQ(positions, 200);
  EXPECT_GE(short_mates, 10);
  EXPECT_GE(2 * agreed, short_mates) << confirmed_one_ply_on << " confirmed one ply on";
  RecordProperty("short_mates", short_mates);
  RecordProperty("agreed", agreed);
}

}  // namespace
}  // namespace egkb::solve
