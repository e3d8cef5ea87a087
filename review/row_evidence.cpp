#include "review/row_evidence.h"

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

}  // namespace egkb
