// End-to-end: `egkb export` and `egkb probe` as an engine author runs them, and the engine
// example of docs/examples built against a generated header.
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "io/csv.h"
#include "tests/support/cli.h"

namespace egkb {
namespace {

using test::Outcome;

class ExportCli : public test::CliTest {};

// material -> score, from `egkb probe` lines "MATERIAL  SCORE  meaning".
std::map<std::string, std::string> probed(const std::string& out) {
  std::map<std::string, std::string> scores;
  std::istringstream lines(out);
  std::string material;
  std::string score;
  std::string rest;
  while (lines >> material >> score && std::getline(lines, rest)) scores[material] = score;
  return scores;
}

TEST_F(ExportCli, TableProbesBackEveryChessMaterial) {
  const std::string table = path("chess.egkb");
  const Outcome exported =
      run("export " + test::chess_csv() + " --pieces chess --format table --out " + table);
  ASSERT_EQ(exported.code, 0) << exported.err;
  EXPECT_NE(exported.out.find("exported 1000 materials (510 stored, 490 implied by a mirror)"),
            std::string::npos)
      << exported.out;

  CsvOptions chess;
  chess.pieces = &PieceSet::chess();
  const KnowledgeBase kb = read_csv(test::chess_csv(), chess);
  std::string materials;
  for (const KbRow& row : kb.rows) {
    const Material m = material_of(row.key, *kb.pieces);
    for (const Material& side : {m, mirror(m)}) {
      materials.push_back(' ');
      materials.append(format_material(side, *kb.pieces));
    }
  }
  const Outcome r = run("probe " + table + materials);
  ASSERT_EQ(r.code, 0) << r.err;
  const auto scores = probed(r.out);
  ASSERT_EQ(scores.size(), 1000u);
  for (const KbRow& row : kb.rows) {
    const Material m = material_of(row.key, *kb.pieces);
    EXPECT_EQ(scores.at(format_material(m, *kb.pieces)), std::to_string(value(row.score)));
    if (mirror(m) == m) continue;  // KRvKR: its own mirror, stored with its own score
    EXPECT_EQ(scores.at(format_material(mirror(m), *kb.pieces)),
              std::to_string(value(mirror(row.score))));
  }
  const Outcome unknown = run("probe " + table + " KQQQQQvK");
  EXPECT_EQ(unknown.code, 0);
  EXPECT_NE(unknown.out.find("unknown"), std::string::npos);
  const Outcome bad = run("probe " + table + " KXvK");
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("MATERIAL"), std::string::npos) << bad.err;
}

TEST_F(ExportCli, DamagedTableIsRefusedWithExitTwo) {
  const std::string table = path("small.egkb");
  const std::string kb = write("small.csv", "material,score\nKRK,0\nKRKN,1\nKNKG,2\n");
  ASSERT_EQ(run("export " + kb + " --format table --out " + table).code, 0);
  std::string bytes = test::read_file(table);
  bytes[bytes.size() - 3] = static_cast<char>(bytes[bytes.size() - 3] ^ 1);
  const std::string damaged = write("damaged.egkb", bytes);
  const Outcome r = run("probe " + damaged + " KRK");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("damaged.egkb: checksum: checksum mismatch"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
  const Outcome truncated = run("probe " + write("cut.egkb", bytes.substr(0, 70)) + " KRK");
  EXPECT_EQ(truncated.code, 2);
  EXPECT_NE(truncated.err.find("truncated"), std::string::npos) << truncated.err;
}

// Every material given is answered, and each one that does not parse is named with why: exit 2,
// in text and in JSON (the answers on standard output, the failure on standard error).
TEST_F(ExportCli, ProbeAnswersTheGoodMaterialsAndNamesEveryBadOne) {
  synth("end59", 2);
  const std::string table = path("kb.egkb");
  ASSERT_EQ(run("export " + path("t.csv") + " --format table --out " + table).code, 0);
  const Outcome text = run("probe " + table + " KRKNMM KRRRK KCK KXK");
  EXPECT_EQ(text.code, 2);
  const auto scores = probed(text.out);
  EXPECT_EQ(scores.size(), 2u) << text.out;
  EXPECT_TRUE(scores.contains("KRKNMM") && scores.contains("KCK")) << text.out;
  for (const char* says : {"2 of the 4 materials given do not parse (the others are answered)",
                           "\n  'KRRRK' column 4: too many rooks", "\n  'KXK' column 2: "}) {
    EXPECT_NE(text.err.find(says), std::string::npos) << says << "\n" << text.err;
  }
  const Outcome json = run("probe " + table + " KRKNMM KRRRK KCK KXK --json");
  EXPECT_EQ(json.code, 2);
  const auto answers = nlohmann::json::parse(json.out);
  ASSERT_EQ(answers.size(), 4u) << json.out;
  EXPECT_TRUE(answers[0].contains("score"));
  EXPECT_EQ(answers[1]["material"], "KRRRK");
  EXPECT_NE(answers[1]["error"].get<std::string>().find("too many rooks"), std::string::npos);
  EXPECT_FALSE(answers[1].contains("score"));
  EXPECT_TRUE(answers[2].contains("score"));
  EXPECT_EQ(answers[3]["material"], "KXK");
  EXPECT_EQ(nlohmann::json::parse(json.err)["error"]["exit_code"], 2) << json.err;
  EXPECT_NE(run("probe " + table + " KRK KXK").err.find("1 of the 2 materials given does not"),
            std::string::npos);
  const Outcome alone = run("probe " + table + " KXK");
  EXPECT_EQ(alone.code, 2);
  EXPECT_NE(alone.err.find("egkb: error: MATERIAL: 'KXK' column 2: "), std::string::npos)
      << alone.err;
}

TEST_F(ExportCli, ConflictsAreRefusedUnlessAllowed) {
  const std::string kb = write("broken.csv", "material,score\nKRK,0\nKRRK,5\n");
  const std::string out = path("broken.json");
  for (const char* format : {"csv", "json", "table", "header"}) {
    const Outcome refused = run("export " + kb + " --format " + format + " --out " + out);
    EXPECT_EQ(refused.code, 2) << format;
    EXPECT_NE(refused.err.find("--allow-conflicts"), std::string::npos) << refused.err;
    EXPECT_FALSE(std::filesystem::exists(out)) << format;
  }
  // The repair the refusal names is a command that works, and its file exports.
  const Outcome refused = run("export " + kb + " --format table --out " + out);
  const std::string named = "egkb reduce " + kb + " --out " + path("broken-repaired.csv");
  ASSERT_NE(refused.err.find("Repair it first (" + named + ", then export " +
                             path("broken-repaired.csv") + ")"),
            std::string::npos)
      << refused.err;
  ASSERT_EQ(run(named.substr(std::string("egkb ").size())).code, 0);
  EXPECT_EQ(run("export " + path("broken-repaired.csv") + " --format table --out " +
                path("repaired.egkb"))
                .code,
            0);
  const Outcome allowed =
      run("export " + kb + " --format json --out " + out + " --allow-conflicts");
  ASSERT_EQ(allowed.code, 0) << allowed.err;
  EXPECT_NE(allowed.out.find("warning"), std::string::npos);
  const auto j = nlohmann::json::parse(test::read_file(out));
  EXPECT_EQ(j["has_conflicts"], true);
  EXPECT_EQ(j["materials"]["KRRK"]["score"], 5);
  EXPECT_EQ(j["materials"]["KKRR"]["provenance"], "implied");
}

TEST_F(ExportCli, RepairedBaseExportsWhereTheNoisyOneIsRefused) {
  const std::string noisy = path("noisy.csv");
  const std::string repaired = path("repaired.csv");
  ASSERT_EQ(run("synth --preset end60 --seed 2 --truth " + path("t.csv") + " --out " + noisy).code,
            0);
  EXPECT_EQ(run("export " + noisy + " --format table --out " + path("x.egkb")).code, 2);
  ASSERT_EQ(run("reduce " + noisy + " --method exact --out " + repaired).code, 0);
  const Outcome r = run("export " + repaired + " --format table --out " + path("x.egkb"));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(run("probe " + path("x.egkb") + " KRKNMM").code, 0);
}

TEST_F(ExportCli, EngineExampleAgreesWithProbeOnTheSameTruth) {
  const Outcome r = run_program(std::string(EGKB_EXAMPLE) + " KRKNMM KRNKRGG");
  ASSERT_EQ(r.code, 0) << r.err;
  // The example's header was exported from this truth at build time (tests/CMakeLists.txt).
  const std::string table = path("truth.egkb");
  ASSERT_EQ(run(std::string("export ") + EGKB_ENDALL_TRUTH + " --format table --out " + table).code,
            0);
  const auto truth = probed(run("probe " + table + " KRKNMM KRNKRGG KRKGG").out);
  ASSERT_EQ(truth.size(), 3u);
  EXPECT_NE(r.out.find("KRKNMM: " + truth.at("KRKNMM") + ", "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("KRNKRGG: " + truth.at("KRNKRGG") + ", "), std::string::npos) << r.out;
  // Trading red's horse for black's rook leaves KRKGG.
  EXPECT_NE(r.out.find("trading red N for black R: " + truth.at("KRKGG") + ", "), std::string::npos)
      << r.out;
  EXPECT_EQ(run_program(std::string(EGKB_EXAMPLE) + " KXK").code, 2);
}

}  // namespace
}  // namespace egkb
