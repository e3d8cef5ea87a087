// Solved rows in the store (store/solved_rows.h): recorded with their counts and rules in one
// write, replayed by the history, never replaced by an import, refused before anything is
// written, and kept readable from a schema 14 store.
#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>

#include "base/errors.h"
#include "io/csv.h"
#include "lattice/material.h"
#include "store/import.h"
#include "store/node_state.h"
#include "store/nodes.h"
#include "store/solved.h"
#include "store/solved_rows.h"
#include "tests/support/reopened.h"
#include "tests/support/store_oracle.h"
#include "tests/support/temp_dir.h"
#include "tests/support/xiangqi.h"

namespace egkb {
namespace {

using test::key;
using test::xq;

// KNKM's real expected result, 0.151, as counts: red to move wins 302 of 1000, black draws all.
SolvedMaterial knkm() {
  return {{key("KNKM"), {{ToMove::Red, 302, 0, 698, 0, 0}, {ToMove::Black, 0, 0, 1000, 0, 0}}, 0},
          SolveRules::Exact,
          12345,
          0.5};
}

class SolvedStoreTest : public test::TempDirTest {
 protected:
  std::string store() const { return path("kb.sqlite"); }
  void make(const std::string& rows) const {
    test::make_store(store(), parse_csv("material,score,source\n" + rows, "kb.csv", {}));
  }
  NodeState node(const char* material) {
    for (const KbRow& r : store::knowledge_base(test::Reopened(store())).rows) {
      if (r.key == key(material)) return NodeState::of(r);
    }
    ADD_FAILURE() << material << " is not stored";
    return {};
  }
};

TEST_F(SolvedStoreTest, SolvedRowsAreScoredFromTheirCountsAndKeepThem) {
  make("KNKM,1,generated\nKRK,0,manual\n");
  Store s = Store::open(store());
  SolvedMaterial krk{
      {key("KRK"), {{ToMove::Red, 900, 0, 0, 0, 0}, {ToMove::Black, 0, 0, 10, 0, 890}}, 0},
      SolveRules::Exact,
      std::nullopt,
      std::nullopt};
  const std::vector<SolvedMaterial> materials = {knkm(), krk};
  const SolvedResult r = record_solved(s, materials);
  EXPECT_EQ(r.rescored, 1u) << "KNKM 1 -> 3";
  EXPECT_EQ(r.confirmed, 1u) << "KRK stays 0, solved now";
  EXPECT_EQ(node("KNKM"), (NodeState{Score(3), Source::Solved, true, std::nullopt}));
  EXPECT_EQ(node("KRK"), (NodeState{Score(0), Source::Solved, true, std::nullopt}));
  const std::vector<SolvedRecord> kept = store::solved(test::Reopened(store()));
  ASSERT_EQ(kept.size(), 2u);
  EXPECT_EQ(kept[0].solved, knkm()) << "by key: KNKM comes first";
  EXPECT_EQ(kept[1].solved, krk);
  EXPECT_EQ(kept[0].run, r.run);
  EXPECT_EQ(test::query_number(
                store(), "SELECT count(*) FROM history WHERE run = " + std::to_string(r.run.value)),
            2);
  EXPECT_EQ(test::replayed_history(store()), test::stored_nodes(store()));
  // Again with the same counts: a run that changes nothing.
  Store again = Store::open(store());
  const SolvedResult same = record_solved(again, materials);
  EXPECT_EQ(same.unchanged, 2u);
  EXPECT_EQ(same.added + same.rescored + same.confirmed, 0u);
  EXPECT_EQ(store::solved(test::Reopened(store()))[0].run, r.run);
}

// The store holds the mirror: it becomes solved, with the counts seen from its side; a material
// the store lacks is added.
TEST_F(SolvedStoreTest, AStoredMirrorIsSolvedWithTheMirroredCounts) {
  make("KMKN,8,generated\n");
  Store s = Store::open(store());
  SolvedMaterial knk{
      {key("KNK"), {{ToMove::Red, 700, 0, 300, 0, 0}, {ToMove::Black, 0, 0, 400, 0, 600}}, 0},
      SolveRules::Exact,
      std::nullopt,
      std::nullopt};
  const std::vector<SolvedMaterial> materials = {knkm(), knk};
  const SolvedResult r = record_solved(s, materials);
  EXPECT_EQ(r.rescored, 1u) << "KMKN 8 -> 6, the mirror of 3";
  EXPECT_EQ(r.added, 1u) << "KNK";
  EXPECT_EQ(node("KMKN").score, Score(6));
  const std::vector<SolvedRecord> kept = store::solved(test::Reopened(store()));
  ASSERT_EQ(kept.size(), 2u);
  const SolvedRecord& kmkn = kept[0].solved.counts.key == key("KMKN") ? kept[0] : kept[1];
  EXPECT_EQ(kmkn.solved, knkm().mirrored(xq));
  EXPECT_EQ(test::replayed_history(store()), test::stored_nodes(store()));
}

// Refusals come before the write: nothing is recorded, not even a run.
TEST_F(SolvedStoreTest, BadMaterialsAreRefusedBeforeAnythingIsWritten) {
  make("KNKM,1,generated\n");
  const int64_t runs = test::query_number(store(), "SELECT count(*) FROM runs");
  const auto refused = [&](std::vector<SolvedMaterial> materials, const std::string& field,
                           const std::string& words) {
    Store s = Store::open(store());
    try {
      SolvedWrite how;
      how.origin = "counts.csv";
      record_solved(s, materials, how);
      ADD_FAILURE() << "accepted: " << words;
    } catch (const InputError& e) {
      EXPECT_EQ(e.field(), field);
      EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    }
  };
  SolvedMaterial two_sided = knkm();
  two_sided.counts.key = key("KNKR");
  refused({two_sided}, "rules", "KNKR has attackers on both sides");
  SolvedMaterial either = knkm();
  either.counts.sets = {{ToMove::Either, 1, 0, 0, 0, 0}};
  refused({either}, "counts", "with red to move and with black to move");
  SolvedMaterial mirrored = knkm().mirrored(xq);
  refused({knkm(), mirrored}, "material", "KMKN is given again (as KNKM, item 1)");
  EXPECT_EQ(test::query_number(store(), "SELECT count(*) FROM runs"), runs);
  EXPECT_EQ(node("KNKM").source, Source::Generated);
  two_sided.rules = SolveRules::RepetitionDraw;
  Store s = Store::open(store());
  EXPECT_EQ(record_solved(s, std::vector{two_sided}).added, 1u);
}

// An import never replaces a solved row, and a file's row marked solved is refused.
TEST_F(SolvedStoreTest, AnImportKeepsSolvedRows) {
  make("KNKM,1,generated\n");
  {
    Store s = Store::open(store());
    record_solved(s, std::vector{knkm()});
  }
  Store s = Store::open(store());
  const ImportResult r = import_kb(s, parse_csv("material,score\nKNKM,0\nKRK,0\n", "u.csv", {}));
  EXPECT_EQ(r.solved_kept, 1u);
  EXPECT_EQ(r.added, 1u);
  EXPECT_EQ(node("KNKM").score, Score(3));
  Store t = Store::open(store());
  EXPECT_THROW(import_kb(t, parse_csv("material,score,source\nKRKG,0,solved\n", "v.csv", {})),
               InputError);
}

// A schema 14 store reads as it is (no solved rows) and takes solved rows after its next write
// migrates it; its nodes then refuse a solved row that is not invariable.
TEST_F(SolvedStoreTest, ASchemaFourteenStoreTakesSolvedRowsAfterItsNextWrite) {
  make("KNKM,1,generated\nKRK,0,manual\n");
  {
    SQLite::Database db(store(), SQLite::OPEN_READWRITE);
    db.exec(R"sql(
      CREATE TABLE nodes_v14(
        key INTEGER PRIMARY KEY, material TEXT NOT NULL,
        score INTEGER NOT NULL CHECK (score BETWEEN 0 AND 9),
        source TEXT NOT NULL CHECK (source = 'manual' OR source = 'generated' OR source = 'expert'),
        invariable INTEGER NOT NULL DEFAULT 0 CHECK (invariable = 0 OR invariable = 1),
        weight REAL CHECK (weight IS NULL OR weight > 0));
      INSERT INTO nodes_v14 SELECT * FROM nodes;
      DROP TABLE nodes; ALTER TABLE nodes_v14 RENAME TO nodes;
      DROP TABLE solved; ALTER TABLE evidence DROP COLUMN pvs; PRAGMA user_version = 14;)sql");
  }
  EXPECT_TRUE(store::solved(test::Reopened(store())).empty());
  EXPECT_EQ(store::knowledge_base(test::Reopened(store())).rows.size(), 2u);
  Store s = Store::open(store());
  record_solved(s, std::vector{knkm()});
  EXPECT_EQ(test::query_number(store(), "PRAGMA user_version"), kStoreVersion);
  EXPECT_EQ(node("KNKM").source, Source::Solved);
  EXPECT_EQ(node("KRK").source, Source::Manual);
  EXPECT_EQ(test::replayed_history(store()), test::stored_nodes(store()));
  SQLite::Database db(store(), SQLite::OPEN_READWRITE);
  EXPECT_THROW(db.exec("UPDATE nodes SET invariable = 0 WHERE source = 'solved'"),
               SQLite::Exception);
}

// A solved row whose counts are gone is damage, named as such.
TEST_F(SolvedStoreTest, ASolvedRowWithoutItsCountsIsDamage) {
  make("KNKM,1,generated\n");
  {
    Store s = Store::open(store());
    record_solved(s, std::vector{knkm()});
  }
  {
    SQLite::Database db(store(), SQLite::OPEN_READWRITE);
    db.exec("DELETE FROM position_counts WHERE to_move = 'black'");
  }
  try {
    store::solved(test::Reopened(store()));
    ADD_FAILURE() << "read";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("lacks its counts"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace egkb
