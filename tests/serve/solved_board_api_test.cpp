// The board's exact values (GET /api/positions/{material}?index=N's `exact`, and
// GET /api/positions/{material}/value?fen=FEN): for a solved row, the same value and moves as
// `egkb solve --position FEN --json` reads from the same kept tables, each move's position
// stepped into; for any other row, or a server without tables, no value and the reason.
#include <gtest/gtest.h>

#include <cctype>

#include "tests/serve/serve_fixture.h"

namespace egkb {
namespace {

std::string query_text(const std::string& text) {
  std::string out;
  for (const unsigned char c : text) {
    if (std::isalnum(c) != 0) {
      out += static_cast<char>(c);
    } else {
      out += fmt::format("%{:02X}", c);
    }
  }
  return out;
}

// The board's ranks (the last first) after `move` ("e2e3": files a..i, ranks 1..10 from red's
// side): its piece taken from the first point to the second.
nlohmann::json moved(nlohmann::json board, const std::string& move) {
  const std::size_t split = move.find_first_of("abcdefghi", 1);
  auto row = [&](const std::string& point) {
    return board.size() - static_cast<std::size_t>(std::stoi(point.substr(1)));
  };
  const std::string from = move.substr(0, split), to = move.substr(split);
  std::string from_rank = board[row(from)], to_rank;
  const char piece = from_rank[static_cast<std::size_t>(from[0] - 'a')];
  from_rank[static_cast<std::size_t>(from[0] - 'a')] = '.';
  board[row(from)] = from_rank;
  to_rank = board[row(to)];
  to_rank[static_cast<std::size_t>(to[0] - 'a')] = piece;
  board[row(to)] = to_rank;
  return board;
}

class SolvedBoardApiTest : public test::ServeTest {
 protected:
  // KRKG (one side attacks: exact) and KPKP (both do: repetition-draw) solved with their tables
  // kept; KNKGGM stored but not solved.
  void SetUp() override {
    ServeTest::SetUp();
    make_store("material,score\nKRKG,1\nKPKP,4\nKNKGGM,5\n", {{"KRKG", "KPKP", "KNKGGM"}});
    ASSERT_EQ(run("solve " + path("store.sqlite") + " --keep-tables " + path("tables") +
                  " --max-positions 500000")
                  .code,
              0);
  }

  void serve_with_tables() {
    ServeOptions options;
    options.tables = path("tables");
    serve(options);
  }

  // What `egkb solve --position FEN --json` prints from the same tables.
  nlohmann::json solved(const std::string& fen) const {
    const test::Outcome o =
        run("solve --position '" + fen + "' --keep-tables " + path("tables") + " --json");
    EXPECT_EQ(o.code, 0) << o.err;
    return nlohmann::json::parse(o.out);
  }

  // The command's keys of the app's answer, each move's too: the server adds the board's.
  static void expect_same_value(const nlohmann::json& app, const nlohmann::json& command) {
    for (const char* key : {"material", "rules", "to_move", "value", "distance", "ends_in"})
      EXPECT_EQ(app[key], command[key]) << key;
    ASSERT_EQ(app["moves"].size(), command["moves"].size());
    for (std::size_t i = 0; i < command["moves"].size(); ++i) {
      for (const char* key : {"move", "value", "distance", "ends_in"})
        EXPECT_EQ(app["moves"][i][key], command["moves"][i][key]) << i << " " << key;
    }
  }
};

TEST_F(SolvedBoardApiTest, ASolvedRowsPositionHasTheValueTheCommandReadsAndEachMoveStepsIn) {
  serve_with_tables();
  int decided = 0;  // positions won or lost: a distance and a line end compared
  for (const char* material : {"KRKG", "KPKP"}) {
    for (int index = 0; index < 3; ++index) {
      const auto [status, shown] = get(fmt::format("/api/positions/{}?index={}", material, index));
      ASSERT_EQ(status, 200) << shown.dump();
      ASSERT_TRUE(shown["exact"].is_object()) << shown.dump();
      EXPECT_TRUE(shown["exact_missing"].is_null());
      const nlohmann::json& exact = shown["exact"];
      EXPECT_EQ(exact["board"], shown["board"]);
      expect_same_value(exact, solved(shown["fen"]));
      decided += exact["value"] != "draw";
      ASSERT_FALSE(exact["moves"].empty());
      // The best move played: the position it reaches, as the command reads it.
      const nlohmann::json& best = exact["moves"][0];
      const auto [stepped, next] =
          get(fmt::format("/api/positions/{}/value?fen={}", material, query_text(best["fen"])));
      ASSERT_EQ(stepped, 200) << next.dump();
      expect_same_value(next, solved(best["fen"]));
      EXPECT_NE(next["to_move"], exact["to_move"]);
      EXPECT_EQ(next["board"], moved(exact["board"], best["move"])) << best["move"];
    }
  }
  EXPECT_GE(decided, 2);
  EXPECT_EQ(get("/api/positions/KRKG?index=0").second["exact"]["rules"], "exact");
  const auto two_sided = get("/api/positions/KPKP?index=0").second["exact"];
  EXPECT_EQ(two_sided["rules"], "repetition-draw");
  EXPECT_NE(two_sided["rules_meaning"].get<std::string>().find("every repetition"),
            std::string::npos)
      << two_sided.dump();
}

TEST_F(SolvedBoardApiTest, ARowNotSolvedSaysSoAndAnUnreadableFenIsRefused) {
  serve_with_tables();
  const auto [status, unsolved] = get("/api/positions/KNKGGM?index=0");
  ASSERT_EQ(status, 200);
  EXPECT_TRUE(unsolved["exact"].is_null());
  EXPECT_NE(unsolved["exact_missing"].get<std::string>().find("KNKGGM is not solved"),
            std::string::npos)
      << unsolved.dump();
  const auto [refused, why] =
      get("/api/positions/KNKGGM/value?fen=" + query_text(unsolved["fen"].get<std::string>()));
  EXPECT_EQ(refused, 404);
  EXPECT_NE(why["error"].get<std::string>().find("KNKGGM is not solved"), std::string::npos);
  EXPECT_EQ(get("/api/positions/KRKG/value?fen=" + query_text("9/9/9 w")).first, 400);
  EXPECT_EQ(get("/api/positions/KRKG/value").first, 400);
}

TEST_F(SolvedBoardApiTest, AServerWithoutTablesSaysSo) {
  serve();
  const std::string fen = get("/api/positions/KRKG?index=0").second["fen"];
  const auto [shown, no_tables] = get("/api/positions/KRKG?index=0");
  ASSERT_EQ(shown, 200);
  EXPECT_TRUE(no_tables["exact"].is_null());
  EXPECT_NE(no_tables["exact_missing"].get<std::string>().find("--tables"), std::string::npos)
      << no_tables.dump();
  EXPECT_EQ(get("/api/positions/KRKG/value?fen=" + query_text(fen)).first, 404);
}

}  // namespace
}  // namespace egkb
