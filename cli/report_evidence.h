// The evidence from play an HTML repair report sets beside the scores, laid out the same way by
// `egkb report` and `egkb reduce --report` from the same records (cli/evidence_options.h,
// evidence_records), so the two pages of one repair have the same "Evidence from play" section
// (docs/guide-batch.md).
#pragma once

#include <vector>

#include "report/repair_report.h"
#include "store/evidence.h"

namespace egkb::cli {

// Each of `rows`' rows the records cover, into report.evidence.
void add_report_evidence(RepairReport& report, const KnowledgeBase& rows,
                         const std::vector<EvidenceRecord>& records);

}  // namespace egkb::cli
