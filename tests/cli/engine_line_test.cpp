// The engine's line (issue 44, item 2): the PV the fake engine (tests/engine/fake_engine.py)
// prints with its score reaches the store, `show` and its --json (mirrored with a mirror's
// board), an evidence file and the store it is imported into; a file written before lines were
// kept still imports; an engine that prints no line leaves none, and a long line is cut to 16
// moves. The fake engine's line is each king standing still, the side to move's first, so the
// truth of every line is read off the FEN it was printed for.
#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>
#include <stdlib.h>

#include <cctype>
#include <nlohmann/json.hpp>
#include <sstream>

#include "tests/support/cli.h"
#include "tests/support/store_oracle.h"

namespace egkb {
namespace {

const std::string kLineEngine = EGKB_FAKE_ENGINE;

// The square of `king` ('K' red's or white's, 'k' black's) in a FEN, as UCI names it: a1 at the
// bottom left, ranks counted from 1.
std::string king_square(const std::string& fen, char king) {
  const std::string placement = fen.substr(0, fen.find(' '));
  int rank = 1;
  for (char c : placement) rank += c == '/';
  int file = 0;
  for (char c : placement) {
    if (c == '/') {
      --rank;
      file = 0;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      file += c - '0';
    } else if (c == king) {
      return std::string(1, static_cast<char>('a' + file)) + std::to_string(rank);
    } else {
      ++file;
    }
  }
  return "";
}

// The fake engine's line of `moves` moves from the position of `fen`.
std::vector<std::string> fake_line(const std::string& fen, int moves) {
  const bool red = fen.substr(fen.find(' ') + 1, 1) == "w";
  std::vector<std::string> line;
  for (int i = 0; i < moves; ++i) {
    const std::string at = king_square(fen, (i % 2 == 0) == red ? 'K' : 'k');
    line.push_back(at + at);
  }
  return line;
}

class EngineLineCli : public test::CliTest {
 protected:
  void SetUp() override {
    CliTest::SetUp();
    write("kb.csv", "material,score\nKRK,0\nKCK,4\nKNKG,2\nKRKGG,1\n");
    ASSERT_EQ(run("import " + store() + " " + path("kb.csv")).code, 0);
  }
  void TearDown() override {
    unsetenv("FAKE_ENGINE_PV_MOVES");
    CliTest::TearDown();
  }
  std::string store() const { return path("kb.sqlite"); }
  static std::string engine() { return " --engine " + kLineEngine + " --depth 1 --positions 8"; }
  nlohmann::json shown(const std::string& material) const {
    const test::Outcome o = run("show " + store() + " " + material + " --json");
    EXPECT_EQ(o.code, 0) << o.err;
    return nlohmann::json::parse(o.out)["evidence"]["example"];
  }
  // Each row's lines as the store keeps them.
  static std::vector<std::string> lines(const std::string& kb) {
    SQLite::Database db(kb);
    SQLite::Statement q(db, "SELECT key, coalesce(pvs, 'NULL') FROM evidence ORDER BY key");
    std::vector<std::string> out;
    while (q.executeStep()) out.push_back(q.getColumn(0).getString() + q.getColumn(1).getString());
    return out;
  }
};

TEST_F(EngineLineCli, TheLineReachesTheStoreShowAnEvidenceFileAndTheStoreItIsImportedInto) {
  const test::Outcome r = run("evidence " + store() + engine());
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(test::query_number(store(),
                               "SELECT count(*) FROM evidence WHERE "
                               "json_array_length(pvs) = positions AND positions = 8"),
            4);
  const nlohmann::json example = shown("KCK");
  const std::vector<std::string> line = fake_line(example["fen"], 2);
  EXPECT_EQ(example["pv"], line) << example;
  const test::Outcome text = run("show " + store() + " KCK");
  EXPECT_NE(text.out.find("    the engine's line: " + line[0] + " " + line[1] + "\n"),
            std::string::npos)
      << text.out;
  // KKC is KCK's implied mirror: its board is KCK's turned over, and so is the line.
  const nlohmann::json mirror = shown("KKC");
  EXPECT_NE(mirror["fen"], example["fen"]);
  EXPECT_EQ(mirror["pv"], fake_line(mirror["fen"], 2)) << mirror;

  // The same search into a file: every line there, and imported, the store's.
  ASSERT_EQ(run("evidence " + path("kb.csv") + engine() + " --out " + path("e.jsonl")).code, 0);
  std::istringstream file(test::read_file(path("e.jsonl")));
  std::string header, old_file;
  std::getline(file, header);
  old_file = header + "\n";
  std::size_t records = 0;
  for (std::string line_text; std::getline(file, line_text); ++records) {
    nlohmann::ordered_json j = nlohmann::ordered_json::parse(line_text);
    EXPECT_EQ(j["pvs"].size(), j["scores"].size()) << line_text;
    j.erase("pvs");
    old_file += j.dump() + "\n";
  }
  EXPECT_EQ(records, 4u);
  const std::string imported = path("imported.sqlite");
  ASSERT_EQ(run("import " + imported + " " + path("kb.csv")).code, 0);
  ASSERT_EQ(run("evidence import " + imported + " " + path("e.jsonl")).code, 0);
  EXPECT_EQ(lines(imported), lines(store()));

  // A file written before lines were kept imports as it did: rows without lines.
  write("old.jsonl", old_file);
  const std::string old_store = path("old.sqlite");
  ASSERT_EQ(run("import " + old_store + " " + path("kb.csv")).code, 0);
  const test::Outcome old = run("evidence import " + old_store + " " + path("old.jsonl"));
  ASSERT_EQ(old.code, 0) << old.err;
  EXPECT_EQ(test::query_number(old_store, "SELECT count(*) FROM evidence WHERE pvs IS NULL"), 4);
  EXPECT_EQ(run("show " + old_store + " KCK").out.find("the engine's line"), std::string::npos);

  // A line that is not one of moves, or a list that does not match the scores, is named.
  std::istringstream again(old_file);
  std::string first_record;
  std::getline(again, first_record);
  std::getline(again, first_record);
  for (const char* pvs : {R"(["e1e1"])", R"(["<b>", "", "", "", "", "", "", ""])"}) {
    nlohmann::ordered_json j = nlohmann::ordered_json::parse(first_record);
    j["pvs"] = nlohmann::ordered_json::parse(pvs);
    write("bad.jsonl", header + "\n" + j.dump() + "\n");
    const test::Outcome bad = run("evidence import " + old_store + " " + path("bad.jsonl"));
    EXPECT_EQ(bad.code, 2) << pvs;
    EXPECT_NE(bad.err.find("bad.jsonl:2: pvs: expected a line of at most 16 moves"),
              std::string::npos)
        << bad.err;
  }
}

TEST_F(EngineLineCli, AnEngineThatPrintsNoLineLeavesNoneAndALongLineIsCutToSixteenMoves) {
  setenv("FAKE_ENGINE_PV_MOVES", "0", 1);
  const test::Outcome none = run("evidence " + store() + engine());
  ASSERT_EQ(none.code, 0) << none.err;
  EXPECT_EQ(test::query_number(store(), "SELECT count(*) FROM evidence WHERE pvs IS NULL"), 4);
  EXPECT_EQ(shown("KCK")["pv"], nlohmann::json::array());
  EXPECT_EQ(run("show " + store() + " KCK").out.find("the engine's line"), std::string::npos);

  setenv("FAKE_ENGINE_PV_MOVES", "21", 1);
  const std::string long_store = path("long.sqlite");
  ASSERT_EQ(run("import " + long_store + " " + path("kb.csv")).code, 0);
  ASSERT_EQ(run("evidence " + long_store + engine()).code, 0);
  const test::Outcome o = run("show " + long_store + " KCK --json");
  const nlohmann::json example = nlohmann::json::parse(o.out)["evidence"]["example"];
  EXPECT_EQ(example["pv"], fake_line(example["fen"], 16));
  const test::Outcome text = run("show " + long_store + " KCK");
  EXPECT_NE(text.out.find(" … (the first 8 of 16 moves)\n"), std::string::npos) << text.out;
}

}  // namespace
}  // namespace egkb
