#include "store/store.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "base/errors.h"
#include "io/csv.h"
#include "io/output_files.h"
#include "store/batches.h"
#include "store/drafts.h"
#include "store/import.h"
#include "store/kb_file.h"
#include "store/nodes.h"
#include "store/position_counts.h"
#include "store/runs.h"
#include "store/verdicts.h"
#include "tests/support/reopened.h"
#include "tests/support/store_oracle.h"
#include "tests/support/temp_dir.h"

namespace egkb {
namespace {

namespace fs = std::filesystem;

class StoreTest : public test::TempDirTest {
 protected:
  std::string store() const { return path("kb.sqlite"); }
  void make(const KnowledgeBase& kb) const { test::make_store(store(), kb); }
};

KnowledgeBase sample_kb() {
  return parse_csv(
      "material,score,source,invariable,weight\n"
      "KRKNMM,1,manual,0,2.5\nKHPKGM,0,generated,0,\nKPPKGM,5,expert,1,\nKCKC,4,manual,1,\n",
      "kb.csv", {});
}

KbRow row_of(const KnowledgeBase& kb, Key key) {
  for (const KbRow& r : kb.rows) {
    if (r.key == key) return r;
  }
  ADD_FAILURE() << "no row " << key;
  return {};
}

TEST_F(StoreTest, ImportThenReadBackEqual) {
  const KnowledgeBase kb = sample_kb();
  make(kb);
  Store s = Store::open(store());
  const KnowledgeBase back = store::knowledge_base(s);
  EXPECT_EQ(back.pieces, &PieceSet::xiangqi());
  ASSERT_EQ(back.rows.size(), kb.rows.size());
  for (const KbRow& row : kb.rows) {
    const KbRow b = row_of(back, row.key);
    EXPECT_EQ(b.score, row.score);
    EXPECT_EQ(b.source, row.source);
    EXPECT_EQ(b.invariable, row.invariable);
    EXPECT_EQ(b.weight, row.weight);
  }
  EXPECT_EQ(test::replayed_history(store()), test::stored_nodes(store()));
}

// The owner's journal files stay beside the store, emptied, so that a reader who may not write
// finds them and makes none of its own (docs/formats.md, "Readers without write access").
TEST_F(StoreTest, AnOwnersSessionKeepsItsJournalFilesEmptied) {
  make(sample_kb());
  EXPECT_EQ(store::knowledge_base(test::Reopened(store())).rows.size(), 4u);
  ASSERT_TRUE(fs::exists(store() + "-wal"));
  EXPECT_EQ(fs::file_size(store() + "-wal"), 0u);
  EXPECT_TRUE(fs::exists(store() + "-shm"));
  {
    Store s = Store::open(store());
    import_kb(s, parse_csv("material,score\nKRKP,1\n", "u.csv", {}));
  }
  EXPECT_EQ(fs::file_size(store() + "-wal"), 0u) << "every change is in the store file itself";
  fs::remove(store() + "-wal");
  fs::remove(store() + "-shm");
  EXPECT_EQ(store::knowledge_base(test::Reopened(store())).rows.size(), 5u);
}

TEST_F(StoreTest, ReimportRecordsEveryChangeOfScoreOrFlags) {
  make(sample_kb());
  const KnowledgeBase update = parse_csv(
      "material,score,source\nKRKNMM,2,manual\nKHPKGM,0,manual\nKPPKGM,5,expert\nKRK,0,\n", "u.csv",
      {});
  Store s = Store::open(store());
  const ImportResult r = import_kb(s, update);
  EXPECT_EQ(r.added, 1u);
  EXPECT_EQ(r.rescored, 1u);   // KRKNMM 1 -> 2 (its weight goes too)
  EXPECT_EQ(r.reflagged, 1u);  // KHPKGM generated -> manual
  EXPECT_EQ(r.unchanged, 1u);  // KPPKGM
  EXPECT_EQ(r.run, RunId(2));
  // The two changes as history rows, the node it added among the run's created states.
  EXPECT_EQ(test::query_number(store(), "SELECT count(*) FROM history WHERE run = 2"), 2);
  EXPECT_EQ(test::query_number(store(), "SELECT count FROM created WHERE run = 2"), 1);
  EXPECT_EQ(test::query_number(store(), "SELECT old FROM history WHERE run = 2 AND new = 2"), 1);
  EXPECT_EQ(test::query_number(store(), "PRAGMA user_version"), kStoreVersion);
  EXPECT_EQ(test::query_number(store(), "SELECT value FROM meta WHERE name = 'revision'"), 2);
  EXPECT_EQ(test::replayed_history(store()), test::stored_nodes(store()));
}

TEST_F(StoreTest, FailedImportLeavesTheFileAsItWas) {
  make(sample_kb());
  const std::string before = test::read_file(store());
  KnowledgeBase bad = parse_csv("material,score\nKRK,0\nKNK,1\n", "bad.csv", {});
  bad.rows[1].score = Score(12);  // slips past the parser, stopped by the schema's CHECK
  Store s = Store::open(store());
  EXPECT_THROW(import_kb(s, bad), StoreError);
  EXPECT_EQ(test::read_file(store()), before);
  EXPECT_EQ(store::knowledge_base(test::Reopened(store())).rows.size(), 4u);
}

TEST_F(StoreTest, FailedImportIntoANewFileCreatesNothing) {
  KnowledgeBase bad = parse_csv("material,score\nKRK,0\n", "bad.csv", {});
  bad.rows[0].score = Score(12);
  {
    Outputs outputs;
    Store s = Store::create(store(), *bad.pieces, outputs);
    EXPECT_THROW(import_kb(s, bad, {}, &outputs), StoreError);
  }
  EXPECT_TRUE(fs::is_empty(dir_)) << "no store, no temporary file";
}

TEST_F(StoreTest, ANewStoreAppearsOnlyWhenItsOutputsArePublished) {
  Outputs outputs;
  Store s = Store::create(store(), PieceSet::xiangqi(), outputs);
  import_kb(s, sample_kb());
  EXPECT_FALSE(fs::exists(store()));
  outputs.publish();
  outputs.keep();
  EXPECT_EQ(store::knowledge_base(test::Reopened(store())).rows.size(), 4u);
  EXPECT_TRUE(test::integrity_ok(store()));
}

TEST_F(StoreTest, RemembersItsPieceSetAndRefusesAnother) {
  CsvOptions chess;
  chess.pieces = &PieceSet::chess();
  test::make_store(path("chess.sqlite"), parse_csv("material,score\nKRvK,0\n", "c.csv", chess));
  EXPECT_EQ(&Store::open(path("chess.sqlite")).pieces(), &PieceSet::chess());
  EXPECT_THROW(open_kb(path("chess.sqlite"), {"xiangqi", DuplicatePolicy::Error}), InputError);
  const std::string before = test::read_file(path("chess.sqlite"));
  Store s = Store::open(path("chess.sqlite"));
  EXPECT_THROW(import_kb(s, sample_kb()), InputError);
  EXPECT_EQ(test::read_file(path("chess.sqlite")), before);
}

TEST_F(StoreTest, LoadsEitherFormByExtension) {
  const std::string csv = write("kb.csv", "material,score\nKRK,0\nKNK,2\n");
  EXPECT_EQ(load_kb(csv, {}).rows.size(), 2u);
  make(load_kb(csv, {}));
  EXPECT_EQ(load_kb(store(), {}).rows.size(), 2u);
  EXPECT_THROW(load_kb(write("kb.txt", "material,score\n"), {}), InputError);
  EXPECT_THROW(load_kb(path("missing.sqlite"), {}), InputError);
  EXPECT_THROW(load_kb(write("junk.sqlite", "this is not a database, just some long text"), {}),
               StoreError);
  EXPECT_THROW(load_kb(write("empty.sqlite", ""), {}), StoreError);
  fs::create_directory(path("folder.sqlite"));
  EXPECT_THROW(load_kb(path("folder.sqlite"), {}), InputError);
}

TEST_F(StoreTest, LastRepairIsTheNewestReduceRunWithItsChangesAndTrace) {
  const std::string kTrace =
      R"([{"iteration":1,"modified":3,"inconsistent_nodes":0,"corrected_score":0,"exact_finish":false}])";
  make(sample_kb());
  EXPECT_FALSE(store::last_repair(test::Reopened(store())).has_value());
  const KbRow krknmm = sample_kb().rows[0];
  auto repair = [&](const std::string& command, const std::string& trace, Score from, Score to) {
    Store s = Store::open(store());
    s.write([&](StoreWriter& w) {
      const RunId run = store::add_run(
          w, {.command = command, .seconds = 0.25, .trace = nlohmann::ordered_json::parse(trace)});
      NodeState before = NodeState::of(krknmm), after = before;
      before.score = from;
      after.score = to;
      store::change_node(w, run, krknmm.key, before, after, command);
    });
  };
  repair("reduce ba", "[]", Score(1), Score(2));
  repair("reduce exact", kTrace, Score(2), Score(3));
  Store s = Store::open(store());
  import_kb(s, sample_kb());
  const auto r = store::last_repair(test::Reopened(store()));
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->run, RunId(3));
  EXPECT_EQ(r->command, "reduce exact");
  EXPECT_EQ(r->trace, kTrace);
  EXPECT_DOUBLE_EQ(r->seconds, 0.25);
  ASSERT_EQ(r->changes.size(), 1u);
  EXPECT_EQ(r->changes[0].old_score, Score(2));
  EXPECT_EQ(r->changes[0].new_score, Score(3));
  EXPECT_EQ(r->later_runs, 1u);
  EXPECT_EQ(test::replayed_history(store()), test::stored_nodes(store()));
}

// The lost update of two commands at once: the second computed on a state the first replaced.
TEST_F(StoreTest, AWriteRefusesWhenAnotherCommandWroteAfterItsSnapshot) {
  make(sample_kb());
  Store first = Store::open(store());
  Store second = Store::open(store());
  const KnowledgeBase seen = store::knowledge_base(first);
  store::knowledge_base(second);
  const KbRow r = seen.rows[0];
  auto set_score = [&](Store& s, int score) {
    s.write([&](StoreWriter& w) {
      const RunId run = store::add_run(w, {.command = "reduce exact"});
      NodeState after = NodeState::of(r);
      after.score = Score(score);
      store::change_node(w, run, r.key, NodeState::of(r), after, "reduce exact");
    });
  };
  set_score(second, 7);
  const std::string before = test::read_file(store());
  EXPECT_THROW(set_score(first, 8), StoreConflict);
  EXPECT_EQ(test::stored_nodes(store()).at(static_cast<int64_t>(r.key)).score, 7);
  EXPECT_EQ(test::replayed_history(store()), test::stored_nodes(store()));
  // A session that read nothing writes inside its transaction and is not refused.
  Store blind = Store::open(store());
  EXPECT_NO_THROW(import_kb(blind, sample_kb()));
}

TEST_F(StoreTest, ABusyStoreIsRefusedAfterABoundedWait) {
  make(sample_kb());
  SQLite::Database holder(store(), SQLite::OPEN_READWRITE);
  holder.exec("BEGIN IMMEDIATE");
  Store s = Store::open(store());
  const auto started = std::chrono::steady_clock::now();
  try {
    import_kb(s, sample_kb());
    ADD_FAILURE() << "a held write lock let the import through";
  } catch (const StoreConflict& e) {
    EXPECT_NE(std::string(e.what()).find("busy"), std::string::npos) << e.what();
  }
  const double waited =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  EXPECT_LT(waited, 3 * Store::kBusyMilliseconds / 1000.0);
  holder.exec("ROLLBACK");
}

// Rows egkb never writes, put there by hand: each is refused by name, never used.
TEST_F(StoreTest, DamagedRowsAreRefusedNamingThem) {
  struct Case {
    const char* sql;
    const char* says;
  };
  const Case cases[] = {
      {"INSERT INTO nodes VALUES(99999999, 'X', 1, 'generated', 0, NULL)",
       "nodes row with key 99999999, column key"},
      {"UPDATE nodes SET score = 12 WHERE rowid = (SELECT min(rowid) FROM nodes)",
       "column score: '12' is not a score 0..9"},
      {"UPDATE nodes SET source = 'robot'", "column source: 'robot'"},
      {"UPDATE nodes SET invariable = 7", "column invariable: '7' is not 0 or 1"},
      {"UPDATE nodes SET weight = -1", "column weight: '-1.0'"},
      {"UPDATE nodes SET score = 'high'", "column score: 'high'"},
  };
  for (const Case& c : cases) {
    fs::remove(store());
    make(sample_kb());
    {
      SQLite::Database db(store(), SQLite::OPEN_READWRITE);
      db.exec("PRAGMA ignore_check_constraints = ON");
      db.exec(c.sql);
    }
    try {
      store::knowledge_base(test::Reopened(store()));
      ADD_FAILURE() << c.sql << " was read";
    } catch (const StoreError& e) {
      EXPECT_NE(std::string(e.what()).find(c.says), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("damaged"), std::string::npos) << e.what();
    }
  }
}

TEST_F(StoreTest, ANewerSchemaIsRefusedAsMadeByANewerEgkb) {
  make(sample_kb());
  {
    SQLite::Database db(store(), SQLite::OPEN_READWRITE);
    db.exec("PRAGMA user_version = 99");
  }
  try {
    Store::open(store());
    ADD_FAILURE();
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("made by a newer egkb (schema 99)"), std::string::npos)
        << e.what();
  }
}

// The tables of schema 1, as egkb 0.1 created them.
constexpr const char* kSchemaOneTables = R"sql(
  CREATE TABLE meta(name TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE nodes(key INTEGER PRIMARY KEY, material TEXT NOT NULL, score INTEGER NOT NULL,
    source TEXT NOT NULL, invariable INTEGER NOT NULL DEFAULT 0, weight REAL);
  CREATE TABLE runs(id INTEGER PRIMARY KEY, command TEXT NOT NULL, parameters TEXT NOT NULL,
    before TEXT, after TEXT, started TEXT NOT NULL, seconds REAL NOT NULL);
  CREATE TABLE history(run INTEGER NOT NULL, key INTEGER NOT NULL, old INTEGER,
    new INTEGER NOT NULL, reason TEXT NOT NULL);
)sql";

// A store as egkb 0.1 wrote it (schema 1): read as it is, migrated by the next write, and its
// history replays to its nodes from then on although schema 1 kept no flags in history.
TEST_F(StoreTest, AVersionOneStoreIsReadAsItIsAndMigratedByTheNextWrite) {
  {
    SQLite::Database db(store(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    db.exec(kSchemaOneTables);
    db.exec(R"sql(
      INSERT INTO meta VALUES('pieces', 'xiangqi');
      INSERT INTO runs VALUES(1, 'import', '{}', NULL, NULL, '2025-01-01T00:00:00Z', 0);
      INSERT INTO nodes VALUES(2916, 'KRK', 0, 'manual', 1, 3);
      INSERT INTO nodes VALUES(1, 'KKM', 5, 'generated', 0, NULL);
      INSERT INTO history VALUES(1, 2916, NULL, 0, 'import');
      INSERT INTO history VALUES(1, 1, NULL, 5, 'import');
      PRAGMA user_version = 1;
    )sql");
  }
  const std::string before = test::read_file(store());
  {
    Store s = Store::open(store());
    const KnowledgeBase kb = store::knowledge_base(s);
    ASSERT_EQ(kb.rows.size(), 2u);
    EXPECT_EQ(row_of(kb, 2916).weight, 3.0);
    EXPECT_FALSE(store::last_repair(s).has_value());
    EXPECT_THROW(store::batch(s, BatchId(1)), InputError);
  }
  EXPECT_EQ(test::read_file(store()), before) << "reading does not migrate";
  Store s = Store::open(store());
  import_kb(s, parse_csv("material,score\nKNK,1\n", "u.csv", {}));
  EXPECT_EQ(test::query_number(store(), "PRAGMA user_version"), kStoreVersion);
  EXPECT_EQ(test::query_number(store(), "SELECT count(*) FROM runs WHERE command = 'migrate'"), 1);
  EXPECT_EQ(test::replayed_history(store()), test::stored_nodes(store()));
  EXPECT_EQ(store::knowledge_base(test::Reopened(store())).rows.size(), 3u);
}

// A store as egkb wrote it at schema 4, with a batch whose verdicts were imported: migration
// links the verdicts to their import run, and that import, recorded without flags, cannot be
// undone while a new one can.
TEST_F(StoreTest, ASchemaFourReviewIsLinkedToItsRunByMigration) {
  {
    SQLite::Database db(store(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    db.exec(kSchemaOneTables);
    db.exec("ALTER TABLE runs ADD COLUMN trace TEXT");
    db.exec(R"sql(
      CREATE TABLE review_queue(run INTEGER NOT NULL, key INTEGER NOT NULL, reason TEXT NOT NULL);
      CREATE TABLE batches(id INTEGER PRIMARY KEY, design TEXT NOT NULL, seed INTEGER NOT NULL,
        parameters TEXT NOT NULL, population INTEGER NOT NULL, created TEXT NOT NULL);
      CREATE TABLE batch_items(batch INTEGER NOT NULL, key INTEGER NOT NULL,
        score INTEGER NOT NULL, probability REAL NOT NULL, stratum INTEGER NOT NULL,
        PRIMARY KEY (batch, key));
      CREATE TABLE verdicts(batch INTEGER NOT NULL, key INTEGER NOT NULL,
        verdict INTEGER NOT NULL, reviewer TEXT NOT NULL, time TEXT NOT NULL,
        PRIMARY KEY (batch, key));
      INSERT INTO meta VALUES('pieces', 'xiangqi');
      INSERT INTO runs VALUES(1, 'import', '{}', NULL, NULL, '2025-01-01T00:00:00Z', 0, NULL);
      INSERT INTO runs VALUES(2, 'review import', '{"batch": 1}', NULL, NULL,
        '2025-01-02T00:00:00Z', 0, NULL);
      INSERT INTO nodes VALUES(2916, 'KRK', 0, 'expert', 1, NULL);
      INSERT INTO history VALUES(1, 2916, NULL, 0, 'import');
      INSERT INTO batches VALUES(1, 'distance-k', 1, '{}', 1, '2025-01-01T12:00:00Z');
      INSERT INTO batch_items VALUES(1, 2916, 0, 1.0, 1);
      INSERT INTO verdicts VALUES(1, 2916, 0, 'ada', '2025-01-02T00:00:00Z');
      PRAGMA user_version = 4;
    )sql");
  }
  // Schema 4 confirmed the verdict without a history row: only the run says it was a review.
  Store s = Store::open(store());
  Store beside = Store::open(store());
  const auto earlier = store::batch_import(s, BatchId(1));
  ASSERT_TRUE(earlier.has_value());
  EXPECT_EQ(earlier->reviewer, "ada");
  EXPECT_EQ(earlier->verdicts.at(2916), Score(0));
  import_kb(s, parse_csv("material,score\nKNK,1\n", "u.csv", {}));
  EXPECT_EQ(test::query_number(store(), "SELECT run FROM verdicts WHERE batch = 1"), 2);
  EXPECT_EQ(test::replayed_history(store()), test::stored_nodes(store()));
  EXPECT_EQ(store::batch_import(test::Reopened(store()), BatchId(1))->run, RunId(0))
      << "recorded without flags";
  // A session opened at schema 4 writes after another one migrated the store.
  EXPECT_NO_THROW(import_kb(beside, parse_csv("material,score\nKCK,1\n", "v.csv", {})));
  EXPECT_EQ(test::query_number(store(), "SELECT count(*) FROM runs WHERE command = 'migrate'"), 1);
}

// A store with one batch drawing KRKNMM and KHPKGM, for the drafts tests.
BatchId add_test_batch(Store& s, const KnowledgeBase& kb) {
  Batch batch{BatchId(), "hss", 1, "{}", kb.rows.size(), "", {}};
  for (const KbRow& r : {kb.rows[0], kb.rows[1]})
    batch.items.push_back({r.key, r.score, 0.5, Source::Generated});
  BatchId id;
  s.write([&](StoreWriter& w) { id = store::add_batch(w, batch); });
  return id;
}

TEST_F(StoreTest, DraftsKeepEveryChangeAndUndoWalksBackAcrossSessions) {
  const KnowledgeBase kb = sample_kb();
  make(kb);
  const Key first = kb.rows[0].key, second = kb.rows[1].key;
  BatchId batch;
  {
    Store s = Store::open(store());
    batch = add_test_batch(s, kb);
  }
  const auto set = [&](Key key, const DraftState& state) {
    Store s = Store::open(store());
    s.write([&](StoreWriter& w) { store::set_draft(w, batch, key, "ada", state); });
  };
  const auto undo = [&] {
    Store s = Store::open(store());
    std::optional<std::pair<Key, DraftState>> r;
    s.write([&](StoreWriter& w) { r = store::undo_draft(w, batch, "ada"); });
    return r;
  };
  const auto state_of = [&](Key key) -> std::optional<DraftState> {
    for (const Draft& d : store::drafts(test::Reopened(store()), batch)) {
      if (d.key == key && d.reviewer == "ada") return d.state;
    }
    return std::nullopt;
  };
  set(first, {Verdict::of(Score(3)), "", false});
  set(first, {Verdict::ok(), "drawn score is right", false});
  set(second, {std::nullopt, "", true});  // flagged to come back to, not answered
  EXPECT_EQ(state_of(second), (DraftState{std::nullopt, "", true}));
  EXPECT_EQ(test::query_number(store(), "SELECT count(*) FROM draft_changes"), 3);

  // Each undo, in a session of its own as after a reload, takes back the latest change left.
  auto r = undo();
  ASSERT_TRUE(r);
  EXPECT_EQ(r->first, second);
  EXPECT_FALSE(state_of(second)) << "its only change taken back: no draft";
  r = undo();
  ASSERT_TRUE(r);
  EXPECT_EQ(r->first, first);
  EXPECT_EQ(state_of(first), (DraftState{Verdict::of(Score(3)), "", false}));
  r = undo();
  ASSERT_TRUE(r);
  EXPECT_FALSE(state_of(first));
  EXPECT_FALSE(undo()) << "nothing left to take back";
  EXPECT_EQ(test::query_number(store(), "SELECT count(*) FROM draft_changes"), 3)
      << "an undo keeps the changes, marked";
  // Drafts change no node: the revision stands.
  EXPECT_EQ(test::query_number(store(), "SELECT value FROM meta WHERE name = 'revision'"), 1);
}

TEST_F(StoreTest, ASubmittedBatchTakesNoDraftAndKeepsItsNotes) {
  const KnowledgeBase kb = sample_kb();
  make(kb);
  Store s = Store::open(store());
  const BatchId batch = add_test_batch(s, kb);
  Store::open(store()).write([&](StoreWriter& w) {
    store::set_draft(w, batch, kb.rows[0].key, "ada", {Verdict::of(Score(2)), "slowly", true});
    const std::optional<DraftState> read = store::draft(w, batch, kb.rows[0].key, "ada");
    ASSERT_TRUE(read);
    EXPECT_EQ(*read, (DraftState{Verdict::of(Score(2)), "slowly", true}));
    EXPECT_FALSE(store::draft(w, batch, kb.rows[0].key, "bob"));
  });
  s.write([&](StoreWriter& w) {
    const RunId run = store::add_run(w, {.command = "review import"});
    store::add_verdicts(w, batch, run, "ada", {{kb.rows[0].key, Score(2), "a rook wins slowly"}});
  });
  const auto import = store::batch_import(test::Reopened(store()), batch);
  ASSERT_TRUE(import);
  EXPECT_EQ(import->notes.at(kb.rows[0].key), "a rook wins slowly");
  const std::vector<RecordedVerdict> v = store::verdicts(test::Reopened(store()), kb.rows[0].key);
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].note, "a rook wins slowly");
  EXPECT_TRUE(v[0].stands);
  Store later = Store::open(store());
  try {
    later.write([&](StoreWriter& w) {
      store::set_draft(w, batch, kb.rows[1].key, "bob", {Verdict::ok(), "", false});
    });
    ADD_FAILURE() << "a draft was taken for a submitted batch";
  } catch (const InputError& e) {
    EXPECT_EQ(e.choice(), Choice::Submitted);
  }
  // Nor does it take an undo: ada's draft stays as it was submitted.
  try {
    Store::open(store()).write([&](StoreWriter& w) { store::undo_draft(w, batch, "ada"); });
    ADD_FAILURE() << "a draft of a submitted batch was undone";
  } catch (const InputError& e) {
    EXPECT_EQ(e.choice(), Choice::Submitted);
  }
  EXPECT_EQ(test::query_number(store(), "SELECT count(*) FROM draft_changes"), 1);
  EXPECT_EQ(test::query_number(store(), "SELECT count(*) FROM draft_changes WHERE undone = 1"), 0);
}

TEST_F(StoreTest, SchemaSixDraftsBecomeTheFirstChangeOfTheirHistory) {
  make(sample_kb());
  {
    // The store as schema 6 left it: drafts without notes, flags or history.
    SQLite::Database db(store(), SQLite::OPEN_READWRITE);
    db.exec(R"sql(
      DROP TABLE solved;
      DROP TABLE position_counts;
      DROP TABLE verdict_answers;
      DROP TABLE row_times;
      DROP TABLE draft_requests;
      DROP TABLE evidence;
      DROP TABLE created;
      DROP TABLE ranges;
      DROP TABLE draft_changes;
      DROP TABLE drafts;
      CREATE TABLE drafts(batch INTEGER NOT NULL REFERENCES batches(id), key INTEGER NOT NULL,
        reviewer TEXT NOT NULL, verdict TEXT NOT NULL, time TEXT NOT NULL,
        PRIMARY KEY (batch, key, reviewer));
      CREATE TABLE verdicts_v6 AS SELECT batch, key, verdict, reviewer, time, run, superseded_by
        FROM verdicts;
      DROP TABLE verdicts;
      ALTER TABLE verdicts_v6 RENAME TO verdicts;
      INSERT INTO batches VALUES(1, 'hss', 1, '{}', 4, '2026-01-01T00:00:00Z');
      INSERT INTO batch_items VALUES(1, 2916, 0, 0.5, 1);
      INSERT INTO drafts VALUES(1, 2916, 'ada', '7', '2026-01-02T00:00:00Z');
      PRAGMA user_version = 6;
    )sql");
  }
  const std::vector<Draft> read = store::drafts(test::Reopened(store()), BatchId(1));
  ASSERT_EQ(read.size(), 1u);
  EXPECT_EQ(read[0].state, (DraftState{Verdict::of(Score(7)), "", false}));
  Store s = Store::open(store());
  std::optional<std::pair<Key, DraftState>> undone;
  s.write([&](StoreWriter& w) { undone = store::undo_draft(w, BatchId(1), "ada"); });
  EXPECT_EQ(test::query_number(store(), "PRAGMA user_version"), kStoreVersion);
  ASSERT_TRUE(undone);
  EXPECT_EQ(undone->first, Key{2916});
  EXPECT_TRUE(store::drafts(test::Reopened(store()), BatchId(1)).empty());
  const DraftHistory history = store::draft_history(test::Reopened(store()), BatchId(1), "ada");
  EXPECT_TRUE(history.undo.empty());
  ASSERT_EQ(history.redo.size(), 1u);
  EXPECT_EQ(history.redo[0].after, (DraftState{Verdict::of(Score(7)), "", false}));
}

// A store of schema 12 has no position counts until its next write migrates it; an import then
// keeps the counts it was given with its run, and the history still replays to the nodes.
TEST_F(StoreTest, ASchemaTwelveStoreKeepsPositionCountsAfterItsNextWrite) {
  make(sample_kb());
  {
    SQLite::Database db(store(), SQLite::OPEN_READWRITE);
    db.exec(
        "DROP TABLE solved; DROP TABLE position_counts; ALTER TABLE evidence DROP COLUMN "
        "restarts; ALTER TABLE evidence DROP COLUMN pvs; PRAGMA user_version = 12;");
  }
  EXPECT_TRUE(store::position_counts(test::Reopened(store())).empty());
  const KnowledgeBase kb = parse_csv("material,score\nKNK,1\n", "u.csv", {});
  PositionCounts counts{.key = kb.rows[0].key, .sets = {{ToMove::Either, 7, 1, 2, 0, 0}}};
  Store s = Store::open(store());
  const ImportResult r = import_kb(s, kb, nlohmann::ordered_json::object(), nullptr, {&counts, 1});
  EXPECT_EQ(test::query_number(store(), "PRAGMA user_version"), kStoreVersion);
  const std::vector<RecordedCounts> kept = store::position_counts(test::Reopened(store()));
  ASSERT_EQ(kept.size(), 1u);
  EXPECT_EQ(kept[0].run, r.run);
  EXPECT_EQ(kept[0].counts.key, counts.key);
  EXPECT_EQ(kept[0].counts.sets, counts.sets);
  EXPECT_EQ(test::replayed_history(store()), test::stored_nodes(store()));
}

}  // namespace
}  // namespace egkb
