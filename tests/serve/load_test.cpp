// 20 reviewers at once on loopback, each answering its own batch of 100 rows and submitting:
// every draft sent is in the store, and every batch is applied. The latencies are printed for
// the note, never asserted.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <mutex>

#include "lattice/material.h"
#include "store/batches.h"
#include "store/drafts.h"
#include "store/nodes.h"
#include "store/store.h"
#include "tests/serve/serve_fixture.h"

namespace egkb::test {
namespace {

constexpr int kReviewers = 20;
constexpr std::size_t kRowsEach = 100;

TEST_F(ServeTest, TwentyReviewersAtOnceLoseNothing) {
  // The truth of a synthetic base: consistent, so every batch's verdicts can be applied.
  synth("end65", 4);
  ASSERT_EQ(run("import " + path("store.sqlite") + " " + path("t.csv")).code, 0);
  std::vector<std::vector<std::string>> materials(kReviewers);
  {
    Store store = Store::open(path("store.sqlite"));
    const KnowledgeBase kb = store::knowledge_base(store);
    ASSERT_GE(kb.rows.size(), kReviewers * kRowsEach);
    store.write([&](StoreWriter& w) {
      for (int r = 0; r < kReviewers; ++r) {
        Batch batch = test_batch(kb.rows.size());
        for (std::size_t i = 0; i < kRowsEach; ++i) {
          const KbRow& row = kb.rows[static_cast<std::size_t>(r) * kRowsEach * 9 + i * 9];
          batch.items.push_back({row.key, row.score, 0.5, Source::Manual});
          materials[static_cast<std::size_t>(r)].push_back(material_text(row.key, store.pieces()));
        }
        store::add_batch(w, batch);
      }
    });
  }
  serve();

  std::mutex mutex;
  std::vector<double> latencies;  // milliseconds per draft
  std::vector<int> failures;
  std::vector<nlohmann::json> results(kReviewers);
  const auto started = std::chrono::steady_clock::now();
  std::vector<std::thread> reviewers;
  for (int r = 0; r < kReviewers; ++r) {
    reviewers.emplace_back([&, r] {
      const std::string name = "reviewer " + std::to_string(r);
      std::vector<double> mine;
      for (const std::string& m : materials[static_cast<std::size_t>(r)]) {
        const auto t0 = std::chrono::steady_clock::now();
        const auto [status, body] = put_draft(r + 1, m, "ok", name);
        mine.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                .count());
        if (status != 200) {
          std::lock_guard lock(mutex);
          failures.push_back(status);
          ADD_FAILURE() << m << ": " << body.dump();
        }
      }
      const auto [status, body] = submit(r + 1, {{"reviewer", name}});
      std::lock_guard lock(mutex);
      if (status != 200) failures.push_back(status);
      results[static_cast<std::size_t>(r)] = body;
      latencies.insert(latencies.end(), mine.begin(), mine.end());
    });
  }
  for (std::thread& t : reviewers) t.join();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

  EXPECT_TRUE(failures.empty()) << failures.size() << " requests failed, the first with "
                                << (failures.empty() ? 0 : failures[0]);
  Store store = Store::open(path("store.sqlite"));
  std::size_t stored_drafts = 0;
  for (int r = 0; r < kReviewers; ++r) {
    const auto drafts = store::drafts(store, BatchId(r + 1));
    stored_drafts += drafts.size();
    for (const Draft& d : drafts) EXPECT_EQ(d.reviewer, "reviewer " + std::to_string(r));
    const auto import = store::batch_import(store, BatchId(r + 1));
    ASSERT_TRUE(import) << "batch " << r + 1
                        << " was not applied: " << results[static_cast<std::size_t>(r)].dump();
    EXPECT_EQ(import->verdicts.size(), kRowsEach);
  }
  EXPECT_EQ(stored_drafts, static_cast<std::size_t>(kReviewers) * kRowsEach);

  std::sort(latencies.begin(), latencies.end());
  ASSERT_FALSE(latencies.empty());
  const auto at = [&](double q) {
    return latencies[static_cast<std::size_t>(q * static_cast<double>(latencies.size() - 1))];
  };
  std::cout << "load: " << latencies.size() << " drafts and " << kReviewers
            << " submits by 20 reviewers in " << seconds << " s; draft latency p50 " << at(0.5)
            << " ms, p99 " << at(0.99) << " ms\n";
}

}  // namespace
}  // namespace egkb::test
