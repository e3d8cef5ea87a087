#include "review/submit_drafts.h"

#include <fmt/format.h>

#include <map>

#include "lattice/material.h"
#include "review/adjudication.h"
#include "review/agreement.h"
#include "review/drafts.h"
#include "review/faults.h"

namespace egkb {

namespace {

// A row's answers in a refusal: "alice 5, bob ok (6)".
std::string row_answers_text(const BatchItem& item, const std::map<std::string, Verdict>& answers) {
  std::string text;
  for (const auto& [name, verdict] : answers) {
    text +=
        fmt::format("{}{} {}", text.empty() ? "" : ", ", name,
                    verdict.is_ok() ? fmt::format("ok ({})", value(item.score)) : verdict.text());
  }
  return text;
}

void add_rows(Faults& faults, const Batch& batch, const std::vector<Disagreement>& rows,
              const PieceSet& pieces) {
  for (const Disagreement& d : rows) {
    const BatchItem& item = batch.items[d.item];
    faults.add(
        sheet_line(d.item), "verdict",
        fmt::format("{}: {}", material_text(item.key, pieces), row_answers_text(item, d.answers)));
  }
}

}  // namespace

FilledSheet sheet_to_submit(const Batch& batch, const std::vector<Draft>& drafts,
                            const std::string& reviewer, const ReviewRoles& roles,
                            bool accept_disagreements, const PieceSet& pieces) {
  FilledSheet sheet;
  if (roles.lead) {
    const Settlement settled = settle(batch, drafts, reviewer, pieces);
    Faults faults(settled.sheet.origin, "answered differently by the reviewers",
                  "answer each of them yourself (d goes to the next): your answer settles it");
    add_rows(faults, batch, settled.unsettled, pieces);
    faults.throw_if_any();
    sheet = settled.sheet;
  } else {
    sheet = sheet_of_drafts(batch, drafts, reviewer, pieces);
  }
  if (sheet.rows.empty()) {
    throw InputError("", 0, "reviewer",
                     fmt::format("{} {} no row of batch {}", reviewer,
                                 roles.lead ? "can settle" : "has answered", batch.id));
  }
  if (!roles.lead && !accept_disagreements) {
    Faults faults(sheet.origin, "answered otherwise by another reviewer",
                  "settle them with the other reviewers, or submit anyway",
                  Choice::AcceptDisagreements);
    add_rows(faults, batch, disagreements_of(batch_agreement(batch, drafts), reviewer), pieces);
    faults.throw_if_any();
  }
  return sheet;
}

}  // namespace egkb
