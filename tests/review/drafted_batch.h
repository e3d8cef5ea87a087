// A batch drawn by hand and reviewers' drafts of its rows, for the review tests: row i has key
// 10 + i and the score given.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "store/batches.h"
#include "store/drafts.h"
#include "store/store.h"
#include "store/verdict.h"

namespace egkb::test {

inline Batch batch_of(const std::vector<int>& drawn) {
  Batch b{BatchId(1), "hss", 0, "{}", 100, "", {}};
  for (std::size_t i = 0; i < drawn.size(); ++i) {
    b.items.push_back({Key(10 + i), Score(drawn[i]), 0.5, Source::Manual});
  }
  return b;
}

// `verdict` "0".."9" or "ok"; anything else is no verdict.
inline Draft draft(std::size_t item, const std::string& reviewer, const char* verdict,
                   std::string note = "") {
  return {Key(10 + item), reviewer, {Verdict::parse(verdict), std::move(note), false}, ""};
}

}  // namespace egkb::test
