#include "evidence/calibration.h"

#include <fmt/format.h>

#include <algorithm>

#include "base/errors.h"
#include "evidence/evidence_record.h"
#include "lattice/random.h"

namespace egkb {

namespace {

// How many of `rows` a threshold puts at their known rank.
std::size_t agreeing(std::span<const EvidenceRecord* const> rows, std::span<const Rank> known,
                     std::span<const std::size_t> which, int threshold, const PieceSet& pieces) {
  std::size_t right = 0;
  for (std::size_t i : which) {
    EvidenceRecord r = *rows[i];
    recount(r, threshold, pieces);
    right += rank_of(r.score) == known[i];
  }
  return right;
}

// The threshold that agrees most on `which`; the lower on a tie.
std::size_t best_threshold(std::span<const EvidenceRecord* const> rows, std::span<const Rank> known,
                           std::span<const std::size_t> which, const PieceSet& pieces) {
  std::size_t best = 0, most = 0;
  for (std::size_t t = 0; t < kCalibrationThresholds.size(); ++t) {
    const std::size_t right = agreeing(rows, known, which, kCalibrationThresholds[t], pieces);
    if (right > most) {
      most = right;
      best = t;
    }
  }
  return best;
}

}  // namespace

Calibration calibrate_threshold(std::span<const EvidenceRecord> records,
                                const std::unordered_map<Key, Score>& known, const PieceSet& pieces,
                                std::size_t folds) {
  std::vector<const EvidenceRecord*> rows;
  std::vector<Rank> ranks;
  for (const EvidenceRecord& r : records) {
    const auto it = known.find(r.key);
    if (r.failed() || it == known.end()) continue;
    rows.push_back(&r);
    ranks.push_back(rank_of(it->second));
  }
  if (rows.size() < kLeastCalibrationRows) {
    throw InputError("", 0, "--calibrate",
                     fmt::format("only {} of the materials searched have a known score; a "
                                 "threshold needs at least {}",
                                 rows.size(), kLeastCalibrationRows));
  }
  Calibration c;
  c.rows = rows.size();
  std::vector<std::size_t> all(rows.size());
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
  for (int t : kCalibrationThresholds) {
    c.agreement.push_back(static_cast<double>(agreeing(rows, ranks, all, t, pieces)) /
                          static_cast<double>(rows.size()));
  }
  c.threshold = kCalibrationThresholds[best_threshold(rows, ranks, all, pieces)];
  std::vector<std::size_t> order = all;
  Random random(1);
  random.shuffle(order);
  std::size_t right = 0;
  for (std::size_t f = 0; f < folds; ++f) {
    std::vector<std::size_t> train, test;
    for (std::size_t j = 0; j < order.size(); ++j)
      (j % folds == f ? test : train).push_back(order[j]);
    right += agreeing(rows, ranks, test,
                      kCalibrationThresholds[best_threshold(rows, ranks, train, pieces)], pieces);
  }
  c.held_out = static_cast<double>(right) / static_cast<double>(rows.size());
  return c;
}

}  // namespace egkb
