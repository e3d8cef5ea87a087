// The evidence table: rows read back as written, a damaged value refused by name, writes apart
// from the nodes never refused because another command changed the nodes, and stores of schema 9
// 13 and 15 (before evidence, before its restarts, before its lines) read and migrated by the
// next write.
#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>

#include <array>

#include "base/errors.h"
#include "io/csv.h"
#include "store/evidence.h"
#include "store/nodes.h"
#include "store/runs.h"
#include "store/store.h"
#include "tests/support/reopened.h"
#include "tests/support/store_oracle.h"
#include "tests/support/temp_dir.h"

namespace egkb {
namespace {

class EvidenceStoreTest : public test::TempDirTest {
 protected:
  std::string store() const { return path("kb.sqlite"); }
  void SetUp() override {
    TempDirTest::SetUp();
    test::make_store(store(), parse_csv("material,score\nKRKNMM,1\nKCKC,4\n", "kb.csv", {}));
  }
};

EvidenceRecord sample_record() {
  EvidenceRecord r;
  r.key = 2916;
  r.engine = "Fairy-Stockfish 11.1";
  r.budget = "depth 14";
  r.seed = 7;
  r.scores = {350, -1000000, 999997, -20};
  r.threshold = 400;
  r.wins = 2;
  r.draws = 2;
  r.losses = 0;
  r.expected = 0.5;
  r.low = 0.1;
  r.high = 0.9;
  r.score = Score(2);
  r.seconds = 1.25;
  r.time = "2026-11-26T00:00:00Z";
  return r;
}

bool same(const EvidenceRecord& a, const EvidenceRecord& b) {
  return a.key == b.key && a.engine == b.engine && a.budget == b.budget && a.seed == b.seed &&
         a.scores == b.scores && a.threshold == b.threshold && a.wins == b.wins &&
         a.draws == b.draws && a.losses == b.losses && a.expected == b.expected && a.low == b.low &&
         a.high == b.high && a.score == b.score && a.seconds == b.seconds &&
         a.failure == b.failure && a.restarts == b.restarts && a.pvs == b.pvs && a.time == b.time;
}

TEST_F(EvidenceStoreTest, ARowIsReadBackAsWrittenAndReplacedBySameSearch) {
  Store s = Store::open(store());
  EvidenceRecord r = sample_record();
  r.pvs = {"e1e2 e10e9", "", "a10a9", "e1e1"};
  s.write_apart([&](StoreWriter& w) {
    store::put_evidence(w, store::add_run(w, {.command = "evidence"}), r);
  });
  std::vector<EvidenceRecord> read = store::evidence(test::Reopened(store()));
  ASSERT_EQ(read.size(), 1u);
  EXPECT_TRUE(same(read[0], r));
  EXPECT_EQ(read[0].pv(2), "a10a9");
  EXPECT_EQ(read[0].pv(1), "");
  r.failure = "position 3: the engine exited with status 1";
  r.restarts = {
      "position 1 (4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1): the engine was killed by signal 11",
      "position 2: the engine printed 'cp \\x1B'"};
  r.scores.push_back(0);
  r.pvs.push_back("");
  r.draws = 3;
  s.write_apart([&](StoreWriter& w) { store::put_evidence(w, RunId(1), r); });
  read = store::evidence(test::Reopened(store()));
  ASSERT_EQ(read.size(), 1u);
  EXPECT_TRUE(same(read[0], r));
}

// An engine that printed no line leaves none: the row keeps NULL, read back as no lines.
TEST_F(EvidenceStoreTest, LinesThatAreAllEmptyAreStoredAsNone) {
  Store s = Store::open(store());
  EvidenceRecord r = sample_record();
  r.pvs = {"", "", "", ""};
  s.write_apart([&](StoreWriter& w) {
    store::put_evidence(w, store::add_run(w, {.command = "evidence"}), r);
  });
  EXPECT_EQ(test::query_number(store(), "SELECT count(*) FROM evidence WHERE pvs IS NULL"), 1);
  const std::vector<EvidenceRecord> read = store::evidence(test::Reopened(store()));
  ASSERT_EQ(read.size(), 1u);
  EXPECT_TRUE(read[0].pvs.empty());
  EXPECT_EQ(read[0].pv(3), "");
}

TEST_F(EvidenceStoreTest, TheRowsOfSomeMaterialsAreReadAlone) {
  Store s = Store::open(store());
  s.write_apart([&](StoreWriter& w) {
    const RunId run = store::add_run(w, {.command = "evidence"});
    for (const Key key : {Key(5), Key(2916), Key(40)}) {
      EvidenceRecord r = sample_record();
      r.key = key;
      store::put_evidence(w, run, r);
    }
  });
  Store read = Store::open(store());
  const std::array<Key, 3> wanted{Key(40), Key(5), Key(7)};
  const std::vector<EvidenceRecord> some = store::evidence_of(read, wanted);
  ASSERT_EQ(some.size(), 2u);
  EXPECT_EQ(some[0].key, Key(5));
  EXPECT_EQ(some[1].key, Key(40));
  EXPECT_TRUE(same(some[0], store::evidence(read)[0]));
  EXPECT_TRUE(store::evidence_of(read, {}).empty());
  EXPECT_EQ(store::evidence(read).size(), 3u);
}

TEST_F(EvidenceStoreTest, EvidenceWritesAreNeverRefusedForNodesChangedMeanwhile) {
  Store evidence = Store::open(store());
  store::knowledge_base(evidence);  // the snapshot a long evidence run plans on
  Store other = Store::open(store());
  const KnowledgeBase kb = store::knowledge_base(other);
  other.write([&](StoreWriter& w) {
    const RunId run = store::add_run(w, {.command = "reduce exact"});
    NodeState after = NodeState::of(kb.rows[0]);
    after.score = Score(3);
    store::change_node(w, run, kb.rows[0].key, NodeState::of(kb.rows[0]), after, "reduce exact");
  });
  EXPECT_NO_THROW(evidence.write_apart([&](StoreWriter& w) {
    store::put_evidence(w, store::add_run(w, {.command = "evidence"}), sample_record());
  }));
  EXPECT_EQ(store::evidence(test::Reopened(store())).size(), 1u);
  EXPECT_EQ(test::replayed_history(store()), test::stored_nodes(store()));
}

TEST_F(EvidenceStoreTest, DamagedRowsAreRefusedNamingTheColumn) {
  struct Case {
    const char* sql;
    const char* says;
  };
  const Case cases[] = {
      {"UPDATE evidence SET positions = 5", "column scores"},
      {"UPDATE evidence SET wins = 9", "column losses"},
      {"UPDATE evidence SET expected = 3", "column high"},
      {"UPDATE evidence SET score = 11", "column score"},
      {"UPDATE evidence SET key = -4", "column key"},
      {"UPDATE evidence SET restarts = '[]'", "column restarts"},
      {"UPDATE evidence SET restarts = '[\"a\", 2]'", "column restarts"},
      {"UPDATE evidence SET restarts = 'crashed'", "column restarts"},
      {"UPDATE evidence SET pvs = '[\"e1e2\"]'", "column pvs"},
      {"UPDATE evidence SET pvs = '[1, 2, 3, 4]'", "column pvs"},
      {"UPDATE evidence SET pvs = 'e1e2'", "column pvs"},
  };
  for (const Case& c : cases) {
    Store s = Store::open(store());
    s.write_apart([&](StoreWriter& w) {
      store::put_evidence(w, store::add_run(w, {.command = "evidence"}), sample_record());
    });
    {
      SQLite::Database db(store(), SQLite::OPEN_READWRITE);
      db.exec("PRAGMA ignore_check_constraints = ON");
      db.exec(c.sql);
    }
    try {
      store::evidence(test::Reopened(store()));
      ADD_FAILURE() << c.sql << " was read";
    } catch (const StoreError& e) {
      EXPECT_NE(std::string(e.what()).find(c.says), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("damaged"), std::string::npos) << e.what();
    }
    SQLite::Database(store(), SQLite::OPEN_READWRITE).exec("DELETE FROM evidence");
  }
}

TEST_F(EvidenceStoreTest, ASchemaNineStoreHasNoEvidenceUntilItsNextWriteMigratesIt) {
  {
    SQLite::Database db(store(), SQLite::OPEN_READWRITE);
    db.exec(
        "DROP TABLE solved; DROP TABLE position_counts; DROP TABLE verdict_answers; "
        "DROP TABLE row_times; "
        "ALTER TABLE drafts DROP COLUMN skipped; ALTER TABLE draft_changes DROP COLUMN skipped; "
        "DROP TABLE draft_requests; "
        "ALTER TABLE draft_changes DROP COLUMN redoable; DROP TABLE evidence; PRAGMA "
        "user_version = 9;");
  }
  EXPECT_TRUE(store::evidence(test::Reopened(store())).empty());
  Store s = Store::open(store());
  s.write_apart([&](StoreWriter& w) {
    store::put_evidence(w, store::add_run(w, {.command = "evidence"}), sample_record());
  });
  EXPECT_EQ(test::query_number(store(), "PRAGMA user_version"), kStoreVersion);
  EXPECT_EQ(store::evidence(test::Reopened(store())).size(), 1u);
}

// Rows written before schema 14 have no restarts: read as none, and kept as they are when the
// next write migrates the store.
TEST_F(EvidenceStoreTest, ASchemaThirteenStoreReadsItsEvidenceWithoutRestartsAndMigratesOnWrite) {
  {
    Store s = Store::open(store());
    s.write_apart([&](StoreWriter& w) {
      store::put_evidence(w, store::add_run(w, {.command = "evidence"}), sample_record());
    });
  }
  {
    SQLite::Database db(store(), SQLite::OPEN_READWRITE);
    db.exec(
        "DROP TABLE solved; ALTER TABLE evidence DROP COLUMN restarts; "
        "ALTER TABLE evidence DROP COLUMN pvs; PRAGMA user_version = 13;");
  }
  std::vector<EvidenceRecord> read = store::evidence(test::Reopened(store()));
  ASSERT_EQ(read.size(), 1u);
  EXPECT_TRUE(same(read[0], sample_record()));
  EvidenceRecord restarted = sample_record();
  restarted.key = 40;
  restarted.restarts = {"position 0: the engine exited with status 1 before bestmove"};
  Store s = Store::open(store());
  s.write_apart([&](StoreWriter& w) { store::put_evidence(w, RunId(1), restarted); });
  EXPECT_EQ(test::query_number(store(), "PRAGMA user_version"), kStoreVersion);
  read = store::evidence(test::Reopened(store()));
  ASSERT_EQ(read.size(), 2u);
  EXPECT_TRUE(same(read[0], restarted));
  EXPECT_TRUE(same(read[1], sample_record()));
}

// Rows written before schema 16 have no lines: read as none, and kept as they are when the next
// write migrates the store.
TEST_F(EvidenceStoreTest, ASchemaFifteenStoreReadsItsEvidenceWithoutLinesAndMigratesOnWrite) {
  {
    Store s = Store::open(store());
    s.write_apart([&](StoreWriter& w) {
      store::put_evidence(w, store::add_run(w, {.command = "evidence"}), sample_record());
    });
  }
  {
    SQLite::Database db(store(), SQLite::OPEN_READWRITE);
    db.exec("ALTER TABLE evidence DROP COLUMN pvs; PRAGMA user_version = 15;");
  }
  std::vector<EvidenceRecord> read = store::evidence(test::Reopened(store()));
  ASSERT_EQ(read.size(), 1u);
  EXPECT_TRUE(same(read[0], sample_record()));
  EXPECT_TRUE(read[0].pvs.empty());
  EvidenceRecord lined = sample_record();
  lined.key = 40;
  lined.pvs = {"", "", "e1e2", "e1e2 e10e9"};
  Store s = Store::open(store());
  s.write_apart([&](StoreWriter& w) { store::put_evidence(w, RunId(1), lined); });
  EXPECT_EQ(test::query_number(store(), "PRAGMA user_version"), kStoreVersion);
  read = store::evidence(test::Reopened(store()));
  ASSERT_EQ(read.size(), 2u);
  EXPECT_TRUE(same(read[0], lined));
  EXPECT_TRUE(same(read[1], sample_record()));
}

}  // namespace
}  // namespace egkb
