// The contract of the rows the store hands out (store/rows_contract.h): it holds on what a store
// reads back and fails on rows out of order, repeated or out of range.
#include "store/rows_contract.h"

#include <gtest/gtest.h>

#include <cmath>

#include "io/csv.h"
#include "store/nodes.h"
#include "store/store.h"
#include "tests/support/reopened.h"
#include "tests/support/store_oracle.h"
#include "tests/support/temp_dir.h"

namespace egkb {
namespace {

class StoredRowsTest : public test::TempDirTest {};

TEST_F(StoredRowsTest, HoldOnTheRowsAStoreReadsBack) {
  // In no key order, as a file may list them: the store hands them back in key order.
  const KnowledgeBase kb = parse_csv(
      "material,score,source,invariable,weight\n"
      "KRKNMM,1,manual,0,2.5\nKHPKGM,0,generated,0,\nKPPKGM,5,expert,1,\nKCKC,4,manual,1,\n",
      "kb.csv", {});
  EXPECT_FALSE(stored_rows_are_ok(kb)) << "a file's rows in the order it lists them";
  test::make_store(path("kb.sqlite"), kb);
  const KnowledgeBase back = store::knowledge_base(test::Reopened(path("kb.sqlite")));
  ASSERT_EQ(back.rows.size(), kb.rows.size());
  EXPECT_TRUE(stored_rows_are_ok(back));

  auto broken = [&](auto&& change) {
    KnowledgeBase bad = back;
    change(bad.rows);
    return !stored_rows_are_ok(bad);
  };
  EXPECT_TRUE(broken([](std::vector<KbRow>& r) { std::swap(r[0], r[1]); }));
  EXPECT_TRUE(broken([](std::vector<KbRow>& r) { r[1].key = r[0].key; }));
  EXPECT_TRUE(
      broken([](std::vector<KbRow>& r) { r.back().key = PieceSet::xiangqi().key_count(); }));
  EXPECT_TRUE(broken([](std::vector<KbRow>& r) { r[0].score = Score(10); }));
  EXPECT_TRUE(broken([](std::vector<KbRow>& r) { r[0].source = Source(4); }));
  EXPECT_TRUE(broken([](std::vector<KbRow>& r) {
    r[0].source = Source::Solved;
    r[0].invariable = false;
  }));
  EXPECT_TRUE(broken([](std::vector<KbRow>& r) { r[0].weight = 0.0; }));
  EXPECT_TRUE(broken([](std::vector<KbRow>& r) { r[0].weight = INFINITY; }));
  EXPECT_FALSE(broken([](std::vector<KbRow>&) {}));
}

}  // namespace
}  // namespace egkb
