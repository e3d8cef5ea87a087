#include "sampling/dispatch.h"

#include <algorithm>

#include "sampling/distance_k.h"
#include "sampling/hss.h"
#include "sampling/risk.h"
#include "sampling/spread.h"

namespace egkb {

DrawnRows draw_rows(const KnowledgeBase& kb, const KnowledgeBase& original, const DrawSpec& spec,
                    std::span<const uint8_t> eligible_rows, Random& random, const RowRanges& ranges,
                    const RowEvidence& evidence) {
  // A solved row is known: no design draws it, and the batch estimates the others.
  const bool any_solved = std::any_of(kb.rows.begin(), kb.rows.end(), [](const KbRow& row) {
    return row.source == Source::Solved;
  });
  std::vector<uint8_t> unsolved;
  if (any_solved) {
    unsolved.resize(kb.rows.size());
    for (std::size_t i = 0; i < kb.rows.size(); ++i) {
      unsolved[i] =
          kb.rows[i].source != Source::Solved && (eligible_rows.empty() || eligible_rows[i] != 0);
    }
  }
  const std::span<const uint8_t> eligible = any_solved ? unsolved : eligible_rows;
  DrawnRows drawn;
  drawn.strata.assign(3, 0);  // manual, generated, expert: no solved row is eligible
  for (std::size_t i = 0; i < kb.rows.size(); ++i) {
    if (!eligible.empty() && !eligible[i]) continue;
    ++drawn.population;
    ++drawn.strata[source_index(kb.rows[i].source)];
  }
  drawn.wanted = spec.size.wanted(drawn.population);
  switch (spec.design) {
    case Design::DistanceK: {
      drawn.rows = sample_distance_k(kb, drawn.wanted, spec.k, random, eligible).rows;
      const double share = drawn.population == 0 ? 0
                                                 : static_cast<double>(drawn.rows.size()) /
                                                       static_cast<double>(drawn.population);
      drawn.probability.assign(drawn.rows.size(), share);
      break;
    }
    case Design::Spread: {
      SpreadSample sample = sample_spread(kb, drawn.wanted, random, eligible);
      drawn.rows = std::move(sample.rows);
      drawn.probability.assign(drawn.rows.size(), sample.probability);
      break;
    }
    case Design::Hss: {
      const std::vector<double> p =
          risk_probabilities(kb, original, static_cast<double>(drawn.wanted));
      drawn.rows = HybridSampler(p).draw(random);
      for (std::size_t i : drawn.rows) drawn.probability.push_back(p[i]);
      break;
    }
    case Design::Active: {
      ActiveSample sample =
          sample_active(kb, active_risk(kb, original), drawn.wanted,
                        spec.census_share.value_or(kActiveCensusShare), random, eligible, ranges);
      drawn.rows = std::move(sample.rows);
      drawn.probability = std::move(sample.probability);
      break;
    }
    case Design::Evidence: {
      CensusSample sample =
          sample_evidence(kb, evidence, drawn.wanted,
                          spec.census_share.value_or(kEvidenceCensusShare), random, eligible);
      drawn.rows = std::move(sample.rows);
      drawn.probability = std::move(sample.probability);
      break;
    }
  }
  return drawn;
}

ErrorEstimate estimate_errors(Design design, const std::vector<Observation>& sample,
                              std::size_t population, const std::vector<std::size_t>& strata,
                              const PieceSet& pieces) {
  switch (design) {
    case Design::DistanceK:
      return estimate_simple(sample, strata.empty() ? std::vector{population} : strata);
    case Design::Spread:
      return estimate_spread(sample, population, pieces);
    case Design::Evidence:
      return estimate_census_and_rest(sample, population);
    case Design::Hss:
    case Design::Active:
      break;
  }
  return estimate_horvitz_thompson(sample, population);
}

}  // namespace egkb
