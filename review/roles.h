// Who does what when several reviewers share a batch in the review app (egkb serve --lead,
// --assign; docs/guide-expert.md, "A lead reviewer"): who may change a row's drafts and who
// submits. The server's role, not the store's: a batch may be answered on several days under
// different leads.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "base/errors.h"
#include "lattice/piece_set.h"
#include "store/batches.h"
#include "store/drafts.h"
#include "store/store.h"

namespace egkb {

struct ReviewRoles {
  // Settles the rows the others answered differently and alone submits; nullopt: each reviewer
  // submits their own answers.
  std::optional<std::string> lead;
  std::vector<std::string> assignees;  // the reviewers rows are split among, in order
  std::size_t overlap = 0;             // reviewers per row (review/adjudication.h); 0: none
  // A blind review (serve --blind): a reviewer sees the others' answers and notes on a row only
  // once they have answered it themselves, so that no answer is given looking at another's.
  bool blind = false;

  bool is_lead(const std::string& reviewer) const { return lead && *lead == reviewer; }
  // The reviewers each row of a batch of `rows` rows is assigned to: none without an overlap.
  std::vector<std::vector<std::string>> assigned(std::size_t rows) const;
  // Who may change the drafts of a row assigned to `assigned`: its reviewers and the lead;
  // nullopt when rows are not assigned and anyone may.
  std::optional<std::vector<std::string>> answerers(const std::vector<std::string>& assigned) const;
};

// What `viewer` may see of the drafts of a batch: everything, unless the review is blind and
// `viewer` is not the lead; then, on the rows `viewer` has answered (a verdict, not a skip), every
// reviewer's drafts, and elsewhere their own alone. nullopt `viewer`: a request naming nobody,
// which under a blind review sees no one's. The batch's JSON and the agreement are built from
// these, so that every figure of them follows the same rule.
std::vector<Draft> drafts_seen_by(const ReviewRoles& roles, std::span<const Draft> drafts,
                                  const std::optional<std::string>& viewer);
// The revisions of the drafts drafts_seen_by keeps, by the same rule.
std::vector<DraftRevision> revisions_seen_by(const ReviewRoles& roles,
                                             std::span<const Draft> drafts,
                                             std::span<const DraftRevision> revisions,
                                             const std::optional<std::string>& viewer);

// A change a reviewer's role does not allow: a row assigned to others, or a submit under a lead
// by someone else. Input refused (exit 2 on a command line); the review app answers it 403.
class RoleError : public InputError {
 public:
  using InputError::InputError;
};

// Refuses (RoleError) a change of `reviewer`'s draft of the row `key` when rows are assigned and
// it is not one of theirs (the lead changes any): an answer to another's row would count for a
// row nobody asked of them. A row the batch did not draw passes: the store refuses it.
void require_assigned(const ReviewRoles& roles, const Batch& batch, Key key,
                      const std::string& reviewer, const PieceSet& pieces);

// Refuses (RoleError) a submit of `batch` by anyone but the lead, when there is one.
void require_submitter(const ReviewRoles& roles, BatchId batch, const std::string& reviewer);

}  // namespace egkb
