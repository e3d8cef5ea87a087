#include "lattice/compare.h"

#include <fmt/format.h>

#include <unordered_map>

#include "base/errors.h"
#include "lattice/material.h"

namespace egkb {

void ErrorCounts::add(Score truth, Score observed) {
  ++size;
  if (truth == observed) return;
  ++errors;
  switch (error_distance(truth, observed)) {
    case 0:
      ++d0;
      break;
    case 1:
      ++d1;
      break;
    case 2:
      ++d2;
      break;
    case 3:
      ++d3;
      break;
    default:
      ++d_ge4;
      break;
  }
  inverted += egkb::inverted(truth, observed);
}

ErrorCounts compare_to_truth(const KnowledgeBase& kb, const KnowledgeBase& truth) {
  if (kb.pieces != truth.pieces) {
    throw InputError(truth.origin, 0, "truth",
                     fmt::format("the truth holds {} materials, the KB {}", truth.pieces->name(),
                                 kb.pieces->name()));
  }
  std::unordered_map<Key, Score> truth_of;
  truth_of.reserve(truth.rows.size() * 2);
  for (const KbRow& row : truth.rows) truth_of.emplace(row.key, row.score);
  for (const KbRow& row : truth.rows)
    truth_of.emplace(mirror_key(row.key, *truth.pieces), mirror(row.score));
  ErrorCounts counts;
  for (const KbRow& row : kb.rows) {
    const auto it = truth_of.find(row.key);
    if (it == truth_of.end()) {
      throw InputError(kb.origin, row.line, "material",
                       fmt::format("{} has no score in the truth {} (nor has its mirror)",
                                   material_text(row.key, *kb.pieces), truth.origin));
    }
    counts.add(it->second, row.score);
  }
  return counts;
}

}  // namespace egkb
