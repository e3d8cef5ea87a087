// A submit from the review app: the sheet a reviewer's drafts stand for, or under a lead the
// sheet settled from every reviewer's (review/adjudication.h), refused while rows stay in
// dispute. The sheet then goes through the rules `egkb review import` applies (review/rules.h).
#pragma once

#include <string>
#include <vector>

#include "review/roles.h"
#include "review/sheet_reader.h"
#include "store/store.h"

namespace egkb {

// The sheet `reviewer` submits. Refused (InputError, every row named): under a lead, a row the
// others answered differently and the lead did not answer (no choice lifts it: submitting it
// would pick one answer silently); without one, a row `reviewer` answered that another reviewer
// answered for another score, unless `accept_disagreements` (Choice::AcceptDisagreements); and a
// sheet of no row. A submit by someone other than the lead is the caller's to refuse
// (require_submitter).
FilledSheet sheet_to_submit(const Batch& batch, const std::vector<Draft>& drafts,
                            const std::string& reviewer, const ReviewRoles& roles,
                            bool accept_disagreements, const PieceSet& pieces);

}  // namespace egkb
