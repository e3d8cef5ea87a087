// A reduce as plan, then apply: the plan writes nothing, the apply records what was planned in
// the store it was read from, and a store another command changed in between is refused.
#include "repair/reduce_run.h"

#include <gtest/gtest.h>

#include "base/errors.h"
#include "io/output_files.h"
#include "synth/synthesise.h"
#include "tests/support/store_oracle.h"
#include "tests/support/temp_dir.h"

namespace egkb {
namespace {

class ReduceRun : public test::TempDirTest {
 protected:
  void SetUp() override {
    TempDirTest::SetUp();
    const Synthesis s = synthesise({"end59", 3, NoiseProfile::Paper, {}});
    truth_ = s.truth;
    test::make_store(path("noisy.sqlite"), s.noisy);
    test::make_store(path("truth.sqlite"), s.truth);
  }

  static OpenedKb opened(const std::string& store) { return open_kb(store, {}); }

  static ReduceRequest request(Method method) {
    ReduceRequest r;
    r.method = method;
    return r;
  }

  // The stored scores by key.
  static std::map<int64_t, int> scores(const std::string& store) {
    std::map<int64_t, int> by_key;
    for (const auto& [key, node] : test::stored_nodes(store)) by_key[key] = node.score;
    return by_key;
  }

  KnowledgeBase truth_;
};

TEST_F(ReduceRun, ThePlanWritesNothingAndTheApplyRecordsWhatWasPlanned) {
  const auto before = test::folder_files_checkpointed(dir_);
  OpenedKb kb = opened(path("noisy.sqlite"));
  const ReducePlan plan = plan_reduce(kb, request(Method::Refined), {"noisy.sqlite", ""});
  EXPECT_EQ(test::changed_files(before, test::folder_files_checkpointed(dir_)), "");
  ASSERT_FALSE(plan.outcome.changed_rows.empty());

  Outputs outputs;
  apply_reduce(kb, plan, "", outputs);
  std::map<int64_t, int> expected;
  for (const KbRow& row : plan.outcome.result.rows)
    expected[static_cast<int64_t>(row.key)] = value(row.score);
  EXPECT_EQ(scores(path("noisy.sqlite")), expected);
  EXPECT_EQ(test::replayed_history(path("noisy.sqlite")), test::stored_nodes(path("noisy.sqlite")));
  EXPECT_EQ(test::query_number(path("noisy.sqlite"),
                               "SELECT count(*) FROM runs WHERE command = 'reduce ra'"),
            1);
}

TEST_F(ReduceRun, AStoreChangedSinceThePlanIsRefused) {
  OpenedKb first = opened(path("noisy.sqlite"));
  const ReducePlan plan = plan_reduce(first, request(Method::Refined), {"noisy.sqlite", ""});
  OpenedKb second = opened(path("noisy.sqlite"));
  const ReducePlan other = plan_reduce(second, request(Method::Exact), {"noisy.sqlite", ""});
  Outputs written;
  apply_reduce(second, other, "", written);
  const auto after_other = scores(path("noisy.sqlite"));

  Outputs refused;
  EXPECT_THROW(apply_reduce(first, plan, "", refused), StoreConflict);
  EXPECT_EQ(scores(path("noisy.sqlite")), after_other);
}

TEST_F(ReduceRun, AutoKeepsItsValidationWhileTheRowsStand) {
  OpenedKb kb = opened(path("truth.sqlite"));
  const ReducePlan plan = plan_reduce(kb, request(Method::Auto), {"truth.sqlite", ""});
  ASSERT_TRUE(plan.outcome.validation);
  EXPECT_FALSE(plan.request.validation) << "the store kept none yet";
  EXPECT_TRUE(plan.outcome.changed_rows.empty()) << "the truth has no conflict to repair";
  Outputs outputs;
  apply_reduce(kb, plan, "", outputs);
  EXPECT_EQ(test::query_number(path("truth.sqlite"),
                               "SELECT count(*) FROM runs WHERE command = 'validate'"),
            1);

  OpenedKb again = opened(path("truth.sqlite"));
  const ReducePlan reused = plan_reduce(again, request(Method::Auto), {"truth.sqlite", ""});
  ASSERT_TRUE(reused.request.validation);
  EXPECT_EQ(reused.request.validation->chosen.cost, plan.outcome.validation->chosen.cost);
  Outputs none;
  apply_reduce(again, reused, "", none);
  EXPECT_EQ(test::query_number(path("truth.sqlite"),
                               "SELECT count(*) FROM runs WHERE command = 'validate'"),
            1)
      << "a validation reused is not recorded again";
}

TEST_F(ReduceRun, AnOutFileLeavesTheStoreAsItWas) {
  const auto stored = scores(path("noisy.sqlite"));
  OpenedKb kb = opened(path("noisy.sqlite"));
  const ReducePlan plan = plan_reduce(kb, request(Method::Exact), {"noisy.sqlite", ""});
  Outputs outputs;
  apply_reduce(kb, plan, path("repaired.csv"), outputs);
  EXPECT_EQ(scores(path("noisy.sqlite")), stored);
  const KnowledgeBase saved = load_kb(path("repaired.csv"), {});
  ASSERT_EQ(saved.rows.size(), plan.outcome.result.rows.size());
  for (std::size_t i = 0; i < saved.rows.size(); ++i)
    EXPECT_EQ(saved.rows[i].score, plan.outcome.result.rows[i].score);
}

TEST_F(ReduceRun, ANewStoreRecordsTheRunsParametersAsAnObject) {
  OpenedKb kb = opened(path("noisy.sqlite"));
  const ReducePlan plan = plan_reduce(kb, request(Method::Exact), {"noisy.sqlite", ""});
  Outputs outputs;
  apply_reduce(kb, plan, path("repaired.sqlite"), outputs);
  EXPECT_EQ(test::query_number(path("repaired.sqlite"),
                               "SELECT count(*) FROM runs WHERE command = 'import' AND "
                               "json_extract(parameters, '$.method') = 'exact'"),
            1)
      << "not its text as a JSON string";
}

}  // namespace
}  // namespace egkb
