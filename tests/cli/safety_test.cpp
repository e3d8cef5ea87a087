// Every way issue 12 found egkb losing, reverting or inventing data, as a user meets it: the
// exit code, the message, and the files, unchanged where a command was refused.
#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "tests/support/cli.h"
#include "tests/support/sheets.h"
#include "tests/support/store_oracle.h"

namespace egkb {
namespace {

namespace fs = std::filesystem;
using test::Outcome;

class Safety : public test::StoreCliTest {
 protected:
  std::map<std::string, std::string> truth() const { return test::scores_of(path("t.csv")); }

  std::string fill(const std::string& sheet, const test::VerdictOf& verdict_of) const {
    return test::filled_sheet(sheet, verdict_of);
  }

  std::string truthful(const std::string& sheet, const std::string& name) {
    return write(name, test::truthful_sheet(sheet, path("t.csv")));
  }

  void expect_history_replays() const {
    EXPECT_EQ(test::replayed_history(store()), test::stored_nodes(store()));
  }
};

TEST_F(Safety, OutputsNeverOverwriteInputs) {
  expect_refused("export " + store() + " --format csv --out " + store(), 2, "also an input");
  expect_refused("report " + store() + " --out " + store(), 2, "also an input");
  expect_refused("export " + store() + " --format csv --out " + store() + "-wal", 2,
                 "also an input");
  expect_refused("export " + path("n.csv") + " --format csv --out " + path("n.csv"), 2,
                 "also an input");
  expect_refused("export " + path("n.csv") + " --format table --out " + dir_.string() + "/./n.csv",
                 2, "also an input");
  fs::create_symlink(path("n.csv"), path("link.csv"));
  expect_refused("export " + path("n.csv") + " --format csv --out " + path("link.csv"), 2,
                 "also an input");
  expect_refused("reduce " + path("n.csv") + " --method ra --out " + path("n.csv"), 2,
                 "also an input");
  expect_refused("reduce " + store() + " --method ra --report " + store(), 2, "also an input");
  expect_refused("synth --preset end60 --truth " + path("x.csv") + " --out " + path("x.csv"), 2,
                 "also an input");
  expect_refused("import " + path("n.csv") + " " + path("n.csv"), 2, ".sqlite");
}

TEST_F(Safety, FailedCommandsLeaveNoFileAndNoRow) {
  const std::string missing = dir_.string() + "/nodir/";
  expect_refused("sample " + store() + " --out " + missing + "b.csv", 3, "cannot write");
  expect_refused("reduce " + store() + " --method exact --report " + missing + "x.html", 3,
                 "cannot write");
  expect_refused("synth --preset end60 --truth " + path("t2.csv") + " --out " + missing + "x.csv",
                 3, "cannot write");
  expect_refused(
      "synth --preset end60 --truth " + path("t2.sqlite") + " --out " + missing + "x.sqlite", 3,
      "cannot write");
  expect_refused("reduce " + path("n.csv") + " --method exact --out " + path("r.csv") +
                     " --report " + missing + "x.html",
                 3, "cannot write");
  expect_refused(
      "export " + store() + " --format table --allow-conflicts --out " + missing + "kb.egkb", 3,
      "cannot write");
  EXPECT_EQ(test::query_number(store(), "SELECT count(*) FROM runs"), 1);
}

TEST_F(Safety, AReviewSheetIsNeverOverwritten) {
  const std::string sheet = sample("b.csv");
  expect_refused("sample " + store() + " --out " + sheet, 2, "exists already");
  write("c.html", "an older page");
  expect_refused("sample " + store() + " --out " + path("c.csv"), 2, "exists already");
}

TEST_F(Safety, StaleSheetsAreRefusedNamingTheRows) {
  const std::string sheet = sample("b.csv");
  const std::string filled = truthful(sheet, "filled.csv");
  ASSERT_EQ(run("reduce " + store() + " --method exact").code, 0);
  expect_refused("review import " + store() + " " + filled, 2, "changed since batch 1 was drawn");
  const Outcome refused = run("review import " + store() + " " + filled);
  EXPECT_NE(refused.err.find("reduce exact"), std::string::npos) << refused.err;
  EXPECT_NE(refused.err.find("--accept-stale"), std::string::npos) << refused.err;
  const Outcome accepted = run("review import " + store() + " " + filled + " --accept-stale");
  ASSERT_EQ(accepted.code, 0) << accepted.err;
  expect_history_replays();
}

TEST_F(Safety, AVerdictNeverOverridesANewerExpertVerdict) {
  // Two batches that share rows: the second is imported first, then the first comes back.
  const std::string first = sample("b1.csv", 7);
  const std::string second = sample("b2.csv", 7);
  const std::string newer = truthful(second, "b2.filled.csv");
  ASSERT_EQ(run("review import " + store() + " " + newer + " --reviewer bob").code, 0);
  const std::string older = truthful(first, "b1.filled.csv");
  expect_refused("review import " + store() + " " + older + " --reviewer ada", 2,
                 "verdict newer than the sheet");
  EXPECT_NE(run("review import " + store() + " " + older).err.find("--replace"), std::string::npos);
  const Outcome replaced =
      run("review import " + store() + " " + older + " --reviewer ada --replace");
  EXPECT_EQ(replaced.code, 0) << replaced.err;
  expect_history_replays();
}

TEST_F(Safety, ImpossibleVerdictsAreRefusedNamingTheRows) {
  // A self-mirror material in a batch.
  const std::string small = small_store_drawn();
  ASSERT_FALSE(HasFailure());
  const std::string sheet = test::read_file(path("s.csv"));
  // "-" leaves the row out of the sheet.
  auto filled = [&](const std::map<std::string, std::string>& v) {
    return write("s.filled.csv",
                 fill(path("s.csv"), [&](int, const std::string& m) -> std::optional<std::string> {
                   if (!v.count(m)) return "ok";
                   if (v.at(m) == "-") return std::nullopt;
                   return v.at(m);
                 }));
  };
  const auto before = test::folder_files(dir_);
  // KRGGKRGG is its own mirror; KRK at 5 says black is better with red's rook than KRKP at 1
  // says it is without black's pawn, which adding a pawn to black cannot do.
  const Outcome mirror = run("review import " + small + " " + filled({{"KRGGKRGG", "3"}}));
  EXPECT_EQ(mirror.code, 2);
  EXPECT_NE(mirror.err.find("its own mirror"), std::string::npos) << mirror.err;
  const Outcome against =
      run("review import " + small + " " + filled({{"KRK", "5"}, {"KRKP", "-"}}) + " --partial");
  EXPECT_EQ(against.code, 2);
  EXPECT_NE(against.err.find("the invariable row KRKP 1 (expert)"), std::string::npos)
      << against.err;
  const Outcome together =
      run("review import " + small + " " + filled({{"KRK", "3"}, {"KRPK", "6"}}));
  EXPECT_EQ(together.code, 2);
  EXPECT_NE(together.err.find("the verdict 6 for KRPK"), std::string::npos) << together.err;
  auto now = test::folder_files(dir_);
  now.erase("s.filled.csv");
  auto was = before;
  was.erase("s.filled.csv");
  EXPECT_EQ(test::changed_files(was, now), "");
  EXPECT_EQ(run("review import " + small + " " + filled({{"KRK", "0"}})).code, 0);
}

TEST_F(Safety, ABatchIsImportedOnceUnlessReplacedAndUndoTakesItBack) {
  const std::string sheet = sample("b.csv");
  const std::string filled = truthful(sheet, "filled.csv");
  const auto nodes_before = test::stored_nodes(store());
  ASSERT_EQ(run("review import " + store() + " " + filled + " --reviewer ada").code, 0);
  expect_refused("review import " + store() + " " + filled + " --reviewer bob", 2,
                 "imported already, by ada");
  const std::string other =
      write("other.csv", fill(sheet, [&](int n, const std::string& m) {
              return std::optional<std::string>(n == 1 ? std::string("ok") : truth().at(m));
            }));
  const Outcome replaced =
      run("review import " + store() + " " + other + " --replace --reviewer bob");
  ASSERT_EQ(replaced.code, 0) << replaced.err;
  EXPECT_EQ(test::query_number(store(), "SELECT count(*) FROM verdicts WHERE reviewer = 'ada'"),
            test::query_number(store(), "SELECT count(*) FROM batch_items"))
      << "the replaced verdicts are kept";
  expect_history_replays();
  ASSERT_EQ(run("review undo " + store() + " 1").code, 0);  // bob's
  ASSERT_EQ(run("review undo " + store() + " 1").code, 0);  // ada's
  EXPECT_EQ(test::stored_nodes(store()), nodes_before);
  expect_refused("review undo " + store() + " 1", 2, "no imported verdicts");
  expect_history_replays();
  EXPECT_EQ(run("review import " + store() + " " + filled).code, 0) << "importable again";
}

TEST_F(Safety, APartialSheetIsRefusedUnlessAskedAndEstimateSaysWhatItUsed) {
  const std::string sheet = sample("b.csv");
  const auto t = truth();
  const std::string part =
      write("part.csv", fill(sheet, [&](int n, const std::string& m) {
              return n % 3 == 0 ? std::nullopt : std::optional<std::string>(t.at(m));
            }));
  expect_refused("review import " + store() + " " + part, 2, "the sheet lacks");
  expect_refused("estimate " + store() + " " + part, 2, "--partial");
  const Outcome estimate = run("estimate " + store() + " " + part + " --partial --json");
  ASSERT_EQ(estimate.code, 0) << estimate.err;
  const auto j = nlohmann::json::parse(estimate.out);
  EXPECT_LT(j["sample"].get<int>(), j["drawn"].get<int>());
  EXPECT_NE(run("estimate " + store() + " " + part + " --partial").out.find("used"),
            std::string::npos);
  const Outcome imported = run("review import " + store() + " " + part + " --partial");
  EXPECT_EQ(imported.code, 0) << imported.err;
  EXPECT_NE(imported.out.find("a partial sheet"), std::string::npos) << imported.out;
}

TEST_F(Safety, DryRunShowsWhatWouldChangeAndWritesNothing) {
  const std::string filled = truthful(sample("b.csv"), "filled.csv");
  const auto before = test::folder_files(dir_);
  const Outcome dry = run("review import " + store() + " " + filled + " --dry-run");
  ASSERT_EQ(dry.code, 0) << dry.err;
  EXPECT_NE(dry.out.find("would set"), std::string::npos) << dry.out;
  EXPECT_EQ(test::changed_files(before, test::folder_files(dir_)), "");
  const Outcome applied = run("review import " + store() + " " + filled);
  ASSERT_EQ(applied.code, 0);
  const std::size_t shown =
      static_cast<std::size_t>(std::count(dry.out.begin(), dry.out.end(), '\n') - 1);
  EXPECT_NE(applied.out.find(std::to_string(shown) + " scores changed"), std::string::npos)
      << applied.out << dry.out;
}

TEST_F(Safety, DamagedStoreRowsAreRefusedByEveryCommand) {
  {
    SQLite::Database db(store(), SQLite::OPEN_READWRITE);
    db.exec("PRAGMA ignore_check_constraints = ON");
    db.exec("UPDATE nodes SET score = 12 WHERE rowid = (SELECT min(rowid) FROM nodes)");
  }
  for (const std::string& args :
       {"conflicts " + store(), "show " + store() + " KK", "reduce " + store() + " --method ra",
        "export " + store() + " --format csv --out " + path("x.csv")}) {
    expect_refused(args, 3, "column score: '12' is not a score 0..9");
  }
  {
    SQLite::Database db(store(), SQLite::OPEN_READWRITE);
    db.exec("PRAGMA ignore_check_constraints = ON");
    db.exec("UPDATE nodes SET score = 1 WHERE score = 12");
    db.exec("INSERT INTO nodes VALUES(99999999, 'X', 1, 'generated', 0, NULL)");
  }
  expect_refused("conflicts " + store(), 3, "key 99999999");
  expect_refused("export " + store() + " --format table --out " + path("x.egkb"), 3,
                 "is not a key of the piece set");
}

TEST_F(Safety, ExtremeOptionsAreRefusedByName) {
  const std::string s = store();
  const std::pair<std::string, std::string> cases[] = {
      {"reduce " + s + " --method exact --soft --lambda nan", "--lambda"},
      {"reduce " + s + " --method exact --soft --lambda 1e300", "--lambda"},
      {"reduce " + s + " --method exact --soft --lambda inf", "--lambda"},
      {"sample " + s + " --p nan --out " + path("q.csv"), "--p"},
      {"sample " + s + " --p -0.5 --out " + path("q.csv"), "--p"},
      {"sample " + s + " --seed -1 --out " + path("q.csv"), "--seed"},
      {"sample " + s + " --seed 18446744073709551616 --out " + path("q.csv"), "--seed"},
      {"sample " + s + " --k 1000000000 --out " + path("q.csv"), "--k"},
      {"sample " + s + " --k 31 --out " + path("q.csv"), "diameter"},
      {"sample " + s + " --size 0 --out " + path("q.csv"), "--size"},
      {"conflicts " + s + " --worst -1", "--worst"},
      {"simulate " + path("n.csv") + " --truth " + path("t.csv") + " --rounds 0", "--rounds"},
      {"synth --preset end60 --rate nan --truth " + path("a.csv") + " --out " + path("b.csv"),
       "--rate"},
  };
  for (const auto& [args, says] : cases) expect_refused(args, 2, says);
}

TEST_F(Safety, WeightsBeyondExactCapacitiesAreRefused) {
  for (const char* weight : {"5e8", "1e16", "0", "nan", "-2", "1e-9"}) {
    const std::string kb =
        write("w.csv", std::string("material,score,weight\nKRK,0,") + weight + "\nKNK,1,\n");
    expect_refused("reduce " + kb + " --method exact --out " + path("o.csv"), 2, "w.csv:2: weight");
  }
  const std::string weights = write("w.json", R"({"manual": 1e12})");
  expect_refused("reduce " + path("n.csv") + " --method exact --weights " + weights + " --out " +
                     path("o.csv"),
                 2, "manual");
}

TEST_F(Safety, AbsurdInputStaysBoundedAndIsQuotedSafely) {
  {
    std::ofstream out(path("huge.csv"), std::ios::binary);
    out << "material,score\n";
    const std::string chunk(1 << 20, 'K');
    for (int i = 0; i < 64; ++i) out << chunk;  // one 64 MiB line
    out << ",1\n";
  }
  const Outcome huge = run("conflicts " + path("huge.csv"));
  EXPECT_EQ(huge.code, 2);
  EXPECT_NE(huge.err.find("huge.csv:2: a record longer than"), std::string::npos) << huge.err;
  EXPECT_LT(huge.err.size(), 300u);

  const char raw_row[] = "material,score\nKR\0\x1b[31mK\xff\xfe,1\n";
  write("raw.csv", std::string(raw_row, sizeof raw_row - 1));
  const Outcome raw = run("conflicts " + path("raw.csv"));
  EXPECT_EQ(raw.code, 2);
  EXPECT_NE(raw.err.find("'KR\\x00\\x1B[31mK\\xFF\\xFE'"), std::string::npos) << raw.err;
  for (char c : raw.err) {
    const auto u = static_cast<unsigned char>(c);
    EXPECT_TRUE(u == '\n' || (u >= 0x20 && u < 0x7F)) << "raw byte " << int(u) << " in " << raw.err;
  }
  write("long.csv", "material,score\n" + std::string(5000, 'K') + ",1\n");
  const Outcome longer = run("conflicts " + path("long.csv"));
  EXPECT_EQ(longer.code, 2);
  EXPECT_LT(longer.err.size(), 400u) << longer.err;
  EXPECT_NE(longer.err.find("more bytes"), std::string::npos) << longer.err;
}

TEST_F(Safety, SpreadsheetSavedFilesAreRead) {
  const std::string sheet = sample("b.csv");
  const std::string filled = truthful(sheet, "filled.csv");
  write("bom.csv", "\xEF\xBB\xBF" + test::read_file(filled));
  const Outcome bom = run("estimate " + store() + " " + path("bom.csv"));
  EXPECT_EQ(bom.code, 0) << bom.err;
  write("kb.csv", "\xEF\xBB\xBFmaterial,score\r\nKRK,0\r\n\"KNK\",\"1\"\r\n");
  EXPECT_EQ(run("conflicts " + path("kb.csv")).code, 0);
  write("quote.csv", "material,score\nKRK,0\n\"KNK,1\nKCK,2\n");
  expect_refused("conflicts " + path("quote.csv"), 2,
                 "quote.csv:3: column 1: a quote opened here is never closed");
  fs::create_directory(path("folder.csv"));
  expect_refused("conflicts " + path("folder.csv"), 2, "is a directory");
  expect_refused("probe " + dir_.string() + " KRK", 2, "is a directory");
}

// A KB or a sheet saved as UTF-16 is named so, not told it lacks a header.
TEST_F(Safety, Utf16FilesAreRefusedByTheirEncoding) {
  std::string kb = "\xFF\xFE";
  for (const char c : std::string("material,score\r\nKRK,0\r\n")) kb += std::string{c, '\0'};
  write("u16.csv", kb);
  const std::string says =
      "u16.csv: is UTF-16 (little-endian, with a byte-order mark); save it as UTF-8";
  expect_refused("conflicts " + path("u16.csv"), 2, says);
  expect_refused("import " + store() + " " + path("u16.csv"), 2, says);
  expect_refused("estimate " + store() + " " + path("u16.csv"), 2, says);
}

TEST_F(Safety, ProvenanceSurvivesExportAndImport) {
  const std::string kb = write("kb.csv",
                               "material,score,source,invariable,weight\nKRK,0,expert,1,\n"
                               "KNK,1,manual,0,2.5\nKKN,8,manual,0,\nKCK,2,generated,1,0.125\n");
  ASSERT_EQ(run("import " + path("a.sqlite") + " " + kb).code, 0);
  ASSERT_EQ(run("export " + path("a.sqlite") + " --format csv --out " + path("e.csv")).code, 0);
  ASSERT_EQ(run("import " + path("b.sqlite") + " " + path("e.csv")).code, 0);
  EXPECT_EQ(test::stored_nodes(path("b.sqlite")), test::stored_nodes(path("a.sqlite")));
  // Rows that differ only in provenance are duplicates like rows with different scores.
  const std::string dup =
      write("dup.csv", "material,score,source\nKRK,3,generated\nKRK,3,expert\n");
  expect_refused("import " + path("c.sqlite") + " " + dup, 2, "repeats line 2");
  ASSERT_EQ(run("import " + path("c.sqlite") + " " + dup + " --on-duplicate last").code, 0);
  EXPECT_EQ(test::stored_nodes(path("c.sqlite")).begin()->second.source, "expert");
}

TEST_F(Safety, ErrorsMapToTheirExitCodes) {
  const std::string partial_truth = write("pt.csv", "material,score\nKRK,0\n");
  expect_refused("simulate " + path("n.csv") + " --truth " + partial_truth, 2,
                 "has no score in the truth");
  expect_refused("compare " + path("n.csv") + " --truth " + partial_truth, 2,
                 "has no score in the truth");
  fs::create_directory(path("ro"));
  const std::string ro = path("ro/kb.egkb");
  fs::permissions(path("ro"), fs::perms::owner_read | fs::perms::owner_exec);
  if (::geteuid() != 0) {
    expect_refused("export " + store() + " --format table --out " + ro, 3, "cannot write");
  }
  fs::permissions(path("ro"), fs::perms::owner_all);
}

TEST_F(Safety, PathsTheFileSystemCannotJudgeAreInputErrors) {
  fs::create_symlink(path("loop"), path("loop"));
  expect_refused("import " + path("loop/x.sqlite") + " " + path("n.csv"), 2,
                 "cannot use this path");
  expect_refused("sample " + store() + " --out " + path("loop/b.csv"), 2, "cannot use this path");
  expect_refused("import " + path(std::string(300, 'a') + ".sqlite") + " " + path("n.csv"), 2,
                 "cannot use this path");
}

TEST_F(Safety, AByteOrderMarkSplitAcrossPipeReadsIsStillOne) {
  const test::Outcome r =
      run_program("(printf '\\357'; sleep 0.2; printf '\\273\\277material,score\\nKRK,0\\n') | " +
                  std::string(EGKB_BINARY) + " conflicts - --json");
  EXPECT_EQ(r.code, 0) << r.err;
}

TEST_F(Safety, StoreVersionsAreReadOrRefusedAsDocumented) {
  {
    SQLite::Database db(store(), SQLite::OPEN_READWRITE);
    db.exec("PRAGMA user_version = 99");
  }
  expect_refused("conflicts " + store(), 3, "made by a newer egkb (schema 99)");
}

// A lead and an assignment that cannot work are refused before the server listens.
TEST_F(Safety, ServeRefusesALeadOrAnAssignmentThatCannotWork) {
  expect_refused("serve " + store() + " --assign 2", 2, "--assign: assigning rows needs --lead");
  expect_refused("serve " + store() + " --reviewer ann --reviewer ben --lead lea", 2,
                 "--lead: 'lea' is not one of the --reviewer names");
  expect_refused("serve " + store() + " --reviewer ann --reviewer lea --lead lea --assign 2", 2,
                 "--assign: 2 reviewers per row, but only 1 besides the lead lea");
}

// Beyond loopback the server speaks HTTPS or, when asked, plain HTTP (issue 40, item 6): never
// clear text by default. Its certificate and key come as a pair, each a PEM file of its kind.
TEST_F(Safety, ServeBeyondLoopbackRefusesClearTextUnlessAsked) {
  const Outcome clear = expect_refused("serve " + store() + " --host 0.0.0.0 --reviewer a", 2,
                                       "--host: beyond this machine (--host 0.0.0.0)");
  EXPECT_NE(clear.err.find("--tls-cert"), std::string::npos) << clear.err;
  EXPECT_NE(clear.err.find("--insecure-http"), std::string::npos) << clear.err;
  expect_refused("serve " + store() + " --tls-cert " + store(), 2,
                 "--tls-key: HTTPS needs both the certificate");
  expect_refused("serve " + store() + " --tls-key " + store(), 2,
                 "--tls-cert: HTTPS needs both the certificate");
  expect_refused(
      "serve " + store() + " --tls-cert " + store() + " --tls-key " + store() + " --insecure-http",
      2, "--insecure-http asks for plain HTTP, --tls-cert for HTTPS");
  expect_refused("serve " + store() + " --tls-cert " + path("none.pem") + " --tls-key " + store(),
                 2, "none.pem: --tls-cert: no such file");
  expect_refused("serve " + store() + " --tls-cert " + store() + " --tls-key " + store(), 2,
                 "--tls-cert: not a certificate in PEM form");
}

}  // namespace
}  // namespace egkb
