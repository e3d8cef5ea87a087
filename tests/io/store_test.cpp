#include "io/store.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "io/csv.h"
#include "io/kb_file.h"
#include "lattice/errors.h"
#include "tests/support/temp_dir.h"

namespace egkb {
namespace {

namespace fs = std::filesystem;

class Store : public test::TempDirTest {};

KnowledgeBase sample_kb() {
  return parse_csv(
      "material,score,source,invariable,weight\n"
      "KRKNMM,1,manual,0,2.5\nKHPKGM,0,generated,0,\nKPPKGM,5,expert,1,\nKCKC,4,manual,1,\n",
      "kb.csv", {});
}

TEST_F(Store, ImportThenReadBackEqual) {
  const KnowledgeBase kb = sample_kb();
  const ImportResult r = import_into_store(path("kb.sqlite"), kb, "{}");
  EXPECT_EQ(r.added, 4u);
  const KnowledgeBase back = read_store(path("kb.sqlite"));
  EXPECT_EQ(back.pieces, &PieceSet::xiangqi());
  ASSERT_EQ(back.rows.size(), kb.rows.size());
  for (const KbRow& row : kb.rows) {
    const auto it = std::find_if(back.rows.begin(), back.rows.end(),
                                 [&](const KbRow& b) { return b.key == row.key; });
    ASSERT_NE(it, back.rows.end());
    EXPECT_EQ(it->score, row.score);
    EXPECT_EQ(it->source, row.source);
    EXPECT_EQ(it->invariable, row.invariable);
    EXPECT_EQ(it->weight, row.weight);
  }
}

TEST_F(Store, ReadingLeavesNoWalFilesBehind) {
  import_into_store(path("kb.sqlite"), sample_kb(), "{}");
  EXPECT_EQ(read_store(path("kb.sqlite")).rows.size(), 4u);
  EXPECT_EQ(store_piece_set(path("kb.sqlite")), "xiangqi");
  EXPECT_FALSE(fs::exists(path("kb.sqlite-wal")));
  EXPECT_FALSE(fs::exists(path("kb.sqlite-shm")));
}

TEST_F(Store, ReimportRecordsRunsAndHistoryOfChanges) {
  import_into_store(path("kb.sqlite"), sample_kb(), "{}");
  const KnowledgeBase update =
      parse_csv("material,score\nKRKNMM,2\nKHPKGM,0\nKRK,0\n", "u.csv", {});
  const ImportResult r = import_into_store(path("kb.sqlite"), update, "{}");
  EXPECT_EQ(r.added, 1u);
  EXPECT_EQ(r.changed, 1u);
  EXPECT_EQ(r.unchanged, 1u);
  EXPECT_EQ(r.run, 2);
  SQLite::Database db(path("kb.sqlite"));
  EXPECT_EQ(db.execAndGet("SELECT count(*) FROM runs").getInt(), 2);
  EXPECT_EQ(db.execAndGet("SELECT count(*) FROM history WHERE run = 2").getInt(), 2);
  EXPECT_EQ(db.execAndGet("SELECT old FROM history WHERE run = 2 AND new = 2").getInt(), 1);
  EXPECT_EQ(db.execAndGet("PRAGMA user_version").getInt(), kStoreVersion);
  EXPECT_EQ(db.execAndGet("PRAGMA journal_mode").getString(), "wal");
}

TEST_F(Store, FailedImportLeavesTheFileAsItWas) {
  import_into_store(path("kb.sqlite"), sample_kb(), "{}");
  const std::string before = test::read_file(path("kb.sqlite"));
  KnowledgeBase bad = parse_csv("material,score\nKRK,0\nKNK,1\n", "bad.csv", {});
  bad.rows[1].score = Score(12);  // slips past the parser, stopped by the schema's CHECK
  EXPECT_THROW(import_into_store(path("kb.sqlite"), bad, "{}"), StoreError);
  EXPECT_EQ(test::read_file(path("kb.sqlite")), before);
  EXPECT_EQ(read_store(path("kb.sqlite")).rows.size(), 4u);
}

TEST_F(Store, FailedImportIntoANewFileCreatesNothing) {
  KnowledgeBase bad = parse_csv("material,score\nKRK,0\n", "bad.csv", {});
  bad.rows[0].score = Score(12);
  EXPECT_THROW(import_into_store(path("new.sqlite"), bad, "{}"), StoreError);
  EXPECT_FALSE(fs::exists(path("new.sqlite")));
  EXPECT_FALSE(fs::exists(path("new.sqlite-wal")));
}

TEST_F(Store, RemembersItsPieceSetAndRefusesAnother) {
  CsvOptions chess;
  chess.pieces = &PieceSet::chess();
  import_into_store(path("chess.sqlite"), parse_csv("material,score\nKRvK,0\n", "c.csv", chess),
                    "{}");
  EXPECT_EQ(store_piece_set(path("chess.sqlite")), "chess");
  EXPECT_EQ(&piece_set_for(path("chess.sqlite"), std::nullopt), &PieceSet::chess());
  EXPECT_THROW(piece_set_for(path("chess.sqlite"), "xiangqi"), InputError);
  const std::string before = test::read_file(path("chess.sqlite"));
  EXPECT_THROW(import_into_store(path("chess.sqlite"), sample_kb(), "{}"), InputError);
  EXPECT_EQ(test::read_file(path("chess.sqlite")), before);
}

TEST_F(Store, LoadsEitherFormByExtension) {
  const std::string csv = path("kb.csv");
  std::ofstream(csv) << "material,score\nKRK,0\nKNK,2\n";
  EXPECT_EQ(load_kb(csv, {}).rows.size(), 2u);
  import_into_store(path("kb.sqlite"), load_kb(csv, {}), "{}");
  EXPECT_EQ(load_kb(path("kb.sqlite"), {}).rows.size(), 2u);
  std::ofstream(path("kb.txt")) << "material,score\n";
  EXPECT_THROW(load_kb(path("kb.txt"), {}), InputError);
  EXPECT_THROW(load_kb(path("missing.sqlite"), {}), InputError);
  std::ofstream(path("junk.sqlite"))
      << "this is not a database, just some text that is long enough";
  EXPECT_THROW(load_kb(path("junk.sqlite"), {}), StoreError);
}

TEST_F(Store, LastRepairIsTheNewestReduceRunWithItsChangesAndTrace) {
  const std::string store = path("kb.sqlite");
  import_into_store(store, sample_kb(), "{}");
  EXPECT_FALSE(last_repair(store).has_value());
  const Key krknmm = sample_kb().rows[0].key;
  record_changes(store, {"reduce ba", "{}", "", "", 0.5, "[]"}, {{krknmm, Score(1), Score(2)}}, {});
  record_changes(store, {"reduce exact", "{}", "", "", 0.25, R"([{"iteration": 1}])"},
                 {{krknmm, Score(2), Score(3)}}, {});
  import_into_store(store, sample_kb(), "{}");
  const auto r = last_repair(store);
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->run, 3);
  EXPECT_EQ(r->command, "reduce exact");
  EXPECT_EQ(r->trace, R"([{"iteration": 1}])");
  EXPECT_DOUBLE_EQ(r->seconds, 0.25);
  ASSERT_EQ(r->changes.size(), 1u);
  EXPECT_EQ(r->changes[0].old_score, Score(2));
  EXPECT_EQ(r->changes[0].new_score, Score(3));
  EXPECT_EQ(r->later_runs, 1u);
}

}  // namespace
}  // namespace egkb
