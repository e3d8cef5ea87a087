// Several reviewers on one batch (docs/guide-expert.md, "A lead reviewer"): rows split among
// them with an overlap, a lead reviewer who settles each row the others answered differently,
// and every reviewer's answer kept beside the verdicts a submit settles.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "review/agreement.h"
#include "review/sheet_reader.h"
#include "store/batches.h"
#include "store/store.h"

namespace egkb {

// The reviewers each of `rows` rows is assigned to: `overlap` (K) of the n `reviewers` per row,
// each row taking the least loaded, so each reviewer gets rows × K / n of them ± 1, and among
// those the ones that share the fewest rows yet, so with K ≥ 2 every pair shares rows (for the
// agreement figures). Deterministic. Requires 1 ≤ overlap ≤ reviewers.size().
std::vector<std::vector<std::string>> assign_rows(std::size_t rows,
                                                  const std::vector<std::string>& reviewers,
                                                  std::size_t overlap);

// A lead's submit: each row's answer settled from every reviewer's drafts.
struct Settlement {
  FilledSheet sheet;                    // the settled rows, in the batch's order
  std::vector<Disagreement> unsettled;  // rows answered differently that the lead did not answer
};

// Whether a lead's submit settles a row drawn with `drawn`, given every reviewer's answer to it:
// the lead answered it, or the reviewers who answered it agree (review/agreement.h).
bool is_settled(Score drawn, const std::map<std::string, Verdict>& answers,
                const std::optional<std::string>& lead);

// The lead's answer where the lead gave one; else the answer of the other reviewers when every
// one of them who answered stands for the same score (ok: the score drawn), with their notes;
// rows nobody answered are left out (a partial submit) and rows answered differently are
// unsettled.
Settlement settle(const Batch& batch, const std::vector<Draft>& drafts, const std::string& lead,
                  const PieceSet& pieces);

// Every reviewer's answer, skip, note and seconds on the batch's rows, to keep beside the
// verdicts a submit from the app settles.
std::vector<ReviewerAnswer> answers_of_drafts(const std::vector<Draft>& drafts,
                                              const std::vector<RowTime>& times);

// One row's answers as an exported sheet's `answers` column: "alice: 5, 12 s; bob: ok, 8 s, \"a
// note\"; carol: skip, 3 s", the notes as JSON strings, so a note holding ; or , reads back whole.
std::string answers_text(const std::vector<const ReviewerAnswer*>& row);

// A sheet's verdicts as its reviewer's answers, for an import of a CSV sheet.
std::vector<ReviewerAnswer> answers_of_sheet(const FilledSheet& sheet, const std::string& reviewer);

}  // namespace egkb
