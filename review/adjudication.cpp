#include "review/adjudication.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <unordered_map>

#include "lattice/material.h"
#include "review/drafts.h"

namespace egkb {

std::vector<std::vector<std::string>> assign_rows(std::size_t rows,
                                                  const std::vector<std::string>& reviewers,
                                                  std::size_t overlap) {
  assert(overlap >= 1 && overlap <= reviewers.size());
  const std::size_t n = reviewers.size();
  std::vector<std::size_t> load(n, 0);
  std::vector<std::size_t> shared(n * n, 0);  // rows each pair shares
  std::vector<std::vector<std::string>> assigned(rows);
  for (std::size_t i = 0; i < rows; ++i) {
    std::vector<std::size_t> chosen;
    for (std::size_t j = 0; j < overlap; ++j) {
      // The least loaded first keeps the loads within one; among them, the one sharing the
      // fewest rows with those chosen spreads the pairs.
      std::size_t best = n;
      std::pair<std::size_t, std::size_t> best_cost{};
      for (std::size_t c = 0; c < n; ++c) {
        if (std::find(chosen.begin(), chosen.end(), c) != chosen.end()) continue;
        std::size_t pairs = 0;
        for (std::size_t x : chosen) pairs += shared[c * n + x];
        const std::pair<std::size_t, std::size_t> cost{load[c], pairs};
        if (best == n || cost < best_cost) {
          best = c;
          best_cost = cost;
        }
      }
      for (std::size_t x : chosen) {
        ++shared[best * n + x];
        ++shared[x * n + best];
      }
      ++load[best];
      chosen.push_back(best);
      assigned[i].push_back(reviewers[best]);
    }
  }
  return assigned;
}

bool is_settled(Score drawn, const std::map<std::string, Verdict>& answers,
                const std::optional<std::string>& lead) {
  if (lead && answers.contains(*lead)) return true;
  return !answers.empty() && !answers_differ(drawn, answers);
}

Settlement settle(const Batch& batch, const std::vector<Draft>& drafts, const std::string& lead,
                  const PieceSet& pieces) {
  std::unordered_map<Key, std::map<std::string, const Draft*>> by_row;
  for (const Draft& d : drafts) {
    if (d.state.verdict) by_row[d.key].emplace(d.reviewer, &d);
  }
  Settlement s{{fmt::format("batch {} as settled by {}", batch.id, lead), batch.id, {}}, {}};
  for (std::size_t i = 0; i < batch.items.size(); ++i) {
    const BatchItem& item = batch.items[i];
    const auto row = by_row.find(item.key);
    if (row == by_row.end()) continue;
    std::map<std::string, Verdict> answers;
    for (const auto& [name, d] : row->second) answers.emplace(name, *d->state.verdict);
    const std::string material = material_text(item.key, pieces);
    if (!is_settled(item.score, answers, lead)) {
      s.unsettled.push_back({i, std::move(answers)});
      continue;
    }
    if (const auto own = row->second.find(lead); own != row->second.end()) {
      const DraftState& state = own->second->state;
      s.sheet.rows.push_back({sheet_line(i), item.key, material, *state.verdict, state.note});
      continue;
    }
    std::string notes;
    for (const auto& [name, d] : row->second) {
      if (!d->state.note.empty())
        notes += fmt::format("{}{}: {}", notes.empty() ? "" : "; ", name, d->state.note);
    }
    s.sheet.rows.push_back({sheet_line(i), item.key, material, answers.begin()->second, notes});
  }
  return s;
}

std::vector<ReviewerAnswer> answers_of_drafts(const std::vector<Draft>& drafts,
                                              const std::vector<RowTime>& times) {
  std::map<std::pair<Key, std::string>, ReviewerAnswer> answers;
  for (const Draft& d : drafts) {
    answers[{d.key, d.reviewer}] = {d.key,           d.reviewer,   d.state.verdict,
                                    d.state.skipped, d.state.note, std::nullopt};
  }
  for (const RowTime& t : times) {
    auto [it, added] = answers.try_emplace({t.key, t.reviewer});
    if (added) it->second = {t.key, t.reviewer, std::nullopt, false, "", std::nullopt};
    it->second.seconds = t.seconds;
  }
  std::vector<ReviewerAnswer> list;
  list.reserve(answers.size());
  for (auto& [where, a] : answers) list.push_back(std::move(a));
  return list;
}

std::vector<ReviewerAnswer> answers_of_sheet(const FilledSheet& sheet,
                                             const std::string& reviewer) {
  std::vector<ReviewerAnswer> list;
  list.reserve(sheet.rows.size());
  for (const SheetVerdict& v : sheet.rows) {
    list.push_back({v.key, reviewer, v.verdict, false, v.note, std::nullopt});
  }
  return list;
}

std::string answers_text(const std::vector<const ReviewerAnswer*>& row) {
  std::string text;
  for (const ReviewerAnswer* a : row) {
    std::string one = a->reviewer + ":";
    std::string sep = " ";
    if (a->verdict || a->skipped) {
      one += sep + (a->skipped ? "skip" : a->verdict->text());
      sep = ", ";
    }
    if (a->seconds) {
      one += fmt::format("{}{} s", sep, std::lround(*a->seconds));
      sep = ", ";
    }
    if (!a->note.empty()) one += sep + nlohmann::json(a->note).dump();
    text += (text.empty() ? "" : "; ") + one;
  }
  return text;
}

}  // namespace egkb
