#include "review/roles.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <set>

#include "lattice/material.h"
#include "review/adjudication.h"
#include "review/drafts.h"

namespace egkb {

std::vector<std::vector<std::string>> ReviewRoles::assigned(std::size_t rows) const {
  if (!overlap) return std::vector<std::vector<std::string>>(rows);
  return assign_rows(rows, assignees, overlap);
}

std::optional<std::vector<std::string>> ReviewRoles::answerers(
    const std::vector<std::string>& assigned) const {
  if (!overlap) return std::nullopt;
  std::vector<std::string> names = assigned;
  if (lead && std::find(names.begin(), names.end(), *lead) == names.end()) names.push_back(*lead);
  return names;
}

namespace {

// The rows whose drafts `viewer` sees whole; nullopt: every row.
std::optional<std::set<Key>> rows_seen_whole(const ReviewRoles& roles,
                                             std::span<const Draft> drafts,
                                             const std::optional<std::string>& viewer) {
  if (!roles.blind || (viewer && roles.is_lead(*viewer))) return std::nullopt;
  std::set<Key> answered;
  for (const Draft& d : drafts) {
    if (viewer && d.reviewer == *viewer && d.state.verdict) answered.insert(d.key);
  }
  return answered;
}

template <typename Row>
std::vector<Row> seen(std::span<const Row> rows, const std::optional<std::set<Key>>& whole,
                      const std::optional<std::string>& viewer) {
  std::vector<Row> kept;
  for (const Row& r : rows) {
    if (!whole || whole->contains(r.key) || (viewer && r.reviewer == *viewer)) kept.push_back(r);
  }
  return kept;
}

}  // namespace

std::vector<Draft> drafts_seen_by(const ReviewRoles& roles, std::span<const Draft> drafts,
                                  const std::optional<std::string>& viewer) {
  return seen(drafts, rows_seen_whole(roles, drafts, viewer), viewer);
}

std::vector<DraftRevision> revisions_seen_by(const ReviewRoles& roles,
                                             std::span<const Draft> drafts,
                                             std::span<const DraftRevision> revisions,
                                             const std::optional<std::string>& viewer) {
  return seen(revisions, rows_seen_whole(roles, drafts, viewer), viewer);
}

void require_assigned(const ReviewRoles& roles, const Batch& batch, Key key,
                      const std::string& reviewer, const PieceSet& pieces) {
  if (!roles.overlap || roles.is_lead(reviewer)) return;
  const auto item = std::find_if(batch.items.begin(), batch.items.end(),
                                 [&](const BatchItem& i) { return i.key == key; });
  if (item == batch.items.end()) return;
  const std::size_t index = static_cast<std::size_t>(item - batch.items.begin());
  const std::vector<std::string> assigned = roles.assigned(batch.items.size())[index];
  if (std::find(assigned.begin(), assigned.end(), reviewer) != assigned.end()) return;
  throw RoleError("", sheet_line(index), "material",
                  fmt::format("{} (line {}) is assigned to {}, not to {}: each reviewer answers "
                              "the rows assigned to them",
                              material_text(key, pieces), sheet_line(index),
                              fmt::join(assigned, " and "), reviewer));
}

void require_submitter(const ReviewRoles& roles, BatchId batch, const std::string& reviewer) {
  if (!roles.lead || roles.is_lead(reviewer)) return;
  throw RoleError("", 0, "reviewer",
                  fmt::format("{} is the lead reviewer: the lead settles and submits batch {}, "
                              "with every reviewer's answers",
                              *roles.lead, batch));
}

}  // namespace egkb
