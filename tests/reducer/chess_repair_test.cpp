// Real ground truth: the Syzygy chess data with injected errors, repaired by every method.
#include <gtest/gtest.h>

#include "lattice/compare.h"
#include "reducer/reduce.h"
#include "synth/noise.h"
#include "tests/support/chess.h"

namespace egkb {
namespace {

// ba and ra are the paper's heuristics: they remove conflicts but may not bring scores nearer
// the truth (docs/reducers.md has the figures); the exact repair must.
TEST(ChessRepair, RaAndExactReachZeroAndExactBringsScoresNearerTheTruth) {
  const KnowledgeBase truth = test::chess_data();
  Random random(2010);
  KnowledgeBase noisy = add_noise(truth, NoiseProfile::Paper, 0.35, random);
  noisy.origin = "noisy chess";
  const ErrorCounts before = compare_to_truth(noisy, truth);
  ASSERT_GT(before.errors, 150u);

  for (Method method : {Method::Basic, Method::Refined, Method::Exact}) {
    ReduceRequest request;
    request.method = method;
    const ReduceOutcome out = reduce_kb(noisy, request);
    const ErrorCounts after = compare_to_truth(out.result, truth);
    if (method != Method::Basic) {
      EXPECT_EQ(out.after.inconsistent_nodes, 0u) << method_name(method);
    }
    EXPECT_LT(out.after.inconsistent_nodes, out.before.inconsistent_nodes);
    EXPECT_EQ(out.after.mirror_conflicts, 0u) << method_name(method);
    if (method == Method::Exact) {
      EXPECT_LT(after.errors, before.errors);
      EXPECT_LT(after.d2 + after.d3 + after.d_ge4, before.d2 + before.d3 + before.d_ge4);
    }
    RecordProperty(std::string(method_name(method)) + "_errors_after",
                   static_cast<int>(after.errors));
  }
}

}  // namespace
}  // namespace egkb
