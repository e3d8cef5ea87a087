#include "sampling/evidence_design.h"

#include <algorithm>
#include <cmath>

#include "lattice/expected_result.h"

namespace egkb {

namespace {

Rank rank_of_expected(double e) {
  return rank_of(score_of_expected(e));
}

}  // namespace

EvidenceGap evidence_gap(Rank row, double expected, double low, double high) {
  // A higher expected result is better for red: a lower rank.
  const int nearest = value(rank_of_expected(high)), furthest = value(rank_of_expected(low));
  const int r = value(row);
  const int interval = r < nearest ? nearest - r : r > furthest ? r - furthest : 0;
  return {interval, distance(row, rank_of_expected(expected))};
}

EvidenceOrder evidence_order(const KnowledgeBase& kb, const RowEvidence& evidence,
                             std::span<const uint8_t> eligible, Random& random) {
  std::vector<std::size_t> rows;
  std::vector<EvidenceGap> apart(kb.rows.size());
  for (std::size_t i = 0; i < kb.rows.size(); ++i) {
    if (!eligible.empty() && !eligible[i]) continue;
    rows.push_back(i);
    if (!evidence.empty() && evidence.present[i]) {
      apart[i] = evidence_gap(rank_of(kb.rows[i].score), evidence.expected[i], evidence.low[i],
                              evidence.high[i]);
    }
  }
  random.shuffle(rows);
  std::stable_sort(rows.begin(), rows.end(),
                   [&](std::size_t a, std::size_t b) { return apart[a] > apart[b]; });
  EvidenceOrder order{std::move(rows), 0};
  for (std::size_t i : order.rows) order.disagreeing += apart[i].expected > 0;
  return order;
}

CensusSample sample_evidence(const KnowledgeBase& kb, const RowEvidence& evidence,
                             std::size_t wanted, double census_share, Random& random,
                             std::span<const uint8_t> eligible) {
  const EvidenceOrder order = evidence_order(kb, evidence, eligible, random);
  const auto share = static_cast<std::size_t>(
      std::llround(census_share * static_cast<double>(std::min(wanted, order.rows.size()))));
  return census_then_draws(order.rows, std::min(share, order.disagreeing), wanted, random);
}

}  // namespace egkb
