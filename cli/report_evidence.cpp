#include "cli/report_evidence.h"

namespace egkb::cli {

void add_report_evidence(RepairReport& report, const KnowledgeBase& rows,
                         const std::vector<EvidenceRecord>& records) {
  const auto views = evidence_for_rows(rows, records);
  for (std::size_t i = 0; i < rows.rows.size(); ++i) {
    if (const auto& v = views[i]) {
      report.evidence.emplace(rows.rows[i].key,
                              ReportEvidence{v->score, v->expected, v->low, v->high});
    }
  }
}

}  // namespace egkb::cli
