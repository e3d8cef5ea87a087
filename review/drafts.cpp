#include "review/drafts.h"

#include <fmt/format.h>

#include <unordered_map>

#include "lattice/material.h"

namespace egkb {

FilledSheet sheet_of_drafts(const Batch& batch, const std::vector<Draft>& drafts,
                            const std::string& reviewer, const PieceSet& pieces) {
  std::unordered_map<Key, const Draft*> mine;
  for (const Draft& d : drafts) {
    if (d.reviewer == reviewer && d.state.verdict) mine.emplace(d.key, &d);
  }
  FilledSheet sheet{fmt::format("batch {} as answered by {}", batch.id, reviewer), batch.id, {}};
  for (std::size_t i = 0; i < batch.items.size(); ++i) {
    const auto it = mine.find(batch.items[i].key);
    if (it == mine.end()) continue;
    const DraftState& state = it->second->state;
    sheet.rows.push_back(
        {sheet_line(i), it->first, material_text(it->first, pieces), *state.verdict, state.note});
  }
  return sheet;
}

}  // namespace egkb
