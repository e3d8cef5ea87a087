// The synthetic truth: a score for every xiangqi material that obeys the piece additive rule on
// the whole lattice and is mirror-symmetric by construction (DESIGN.md section 7).
#pragma once

#include <span>
#include <vector>

#include "lattice/material.h"
#include "lattice/types.h"

namespace egkb {

class TruthModel {
 public:
  // Evaluates all 2,125,764 xiangqi materials (a fraction of a second).
  TruthModel();

  Score score(Key key) const { return scores_[key]; }
  std::span<const Score> scores() const { return scores_; }

 private:
  std::vector<Score> scores_;  // indexed by key
};

}  // namespace egkb
