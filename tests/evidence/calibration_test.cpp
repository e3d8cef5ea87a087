// The threshold calibrated on known scores: rows whose known rank is what their scores give at
// 300 cp choose 300 (or one that counts them alike), held out as well as in, and too few known
// rows are refused.
#include "evidence/calibration.h"

#include <gtest/gtest.h>

#include "base/errors.h"
#include "engine/score_code.h"
#include "evidence/evidence_record.h"
#include "lattice/random.h"

namespace egkb {
namespace {

// Materials with scores spread around +-300 cp, and each one's rank at 300 cp as its known score.
struct Rows {
  std::vector<EvidenceRecord> records;
  std::unordered_map<Key, Score> known;
};

Rows rows(std::size_t count) {
  Rows out;
  Random random(3);
  for (std::size_t m = 0; m < count; ++m) {
    EvidenceRecord r;
    r.key = 100 + m;
    const int centre = static_cast<int>(random.below(1200)) - 600;
    for (int i = 0; i < 64; ++i) {
      r.scores.push_back(centre + static_cast<int>(random.below(200)) - 100);
    }
    recount(r, 300, PieceSet::xiangqi());
    out.known.emplace(r.key, r.score);
    out.records.push_back(r);
  }
  return out;
}

TEST(Calibration, ChoosesTheThresholdTheKnownScoresWereCountedAt) {
  const Rows r = rows(200);
  const Calibration c = calibrate_threshold(r.records, r.known, PieceSet::xiangqi());
  EXPECT_EQ(c.rows, 200u);
  EXPECT_EQ(c.threshold, 300);
  EXPECT_GE(c.held_out, 0.95);
  ASSERT_EQ(c.agreement.size(), kCalibrationThresholds.size());
  EXPECT_DOUBLE_EQ(c.agreement[5], 1.0);           // 300 cp agrees with every row
  EXPECT_LT(c.agreement.front(), c.agreement[5]);  // 50 cp does not
}

TEST(Calibration, TooFewKnownScoresAreRefused) {
  const Rows r = rows(9);
  EXPECT_THROW(calibrate_threshold(r.records, r.known, PieceSet::xiangqi()), InputError);
}

}  // namespace
}  // namespace egkb
