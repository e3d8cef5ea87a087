#include "review/row_evidence.h"

#include <cmath>

#include "lattice/expected_result.h"

namespace egkb {

RowEvidence row_evidence(const KnowledgeBase& kb, std::span<const EvidenceRecord> records) {
  RowEvidence out;
  for (const std::optional<EvidenceView>& v : evidence_for_rows(kb, records)) {
    out.present.push_back(v.has_value());
    out.expected.push_back(v ? v->expected : 0);
    out.low.push_back(v ? v->low : -1);
    out.high.push_back(v ? v->high : 1);
  }
  return out;
}

std::vector<double> evidence_ranks(const RowEvidence& evidence) {
  std::vector<double> ranks;
  for (std::size_t i = 0; i < evidence.present.size(); ++i) {
    ranks.push_back(evidence.present[i] ? static_cast<double>(value(
                                              rank_of(score_of_expected(evidence.expected[i]))))
                                        : std::nan(""));
  }
  return ranks;
}

}  // namespace egkb
