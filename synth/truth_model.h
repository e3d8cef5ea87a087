// The synthetic truth: a score for every xiangqi material that obeys the piece additive rule on
// the whole lattice and is mirror-symmetric by construction (docs/design.md section 7).
#pragma once

#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "base/name_table.h"
#include "lattice/material.h"
#include "lattice/types.h"

namespace egkb {

// Which raw evaluation the truth is made from (docs/synthetic-data.md describes both).
enum class TruthKind {
  Additive,   // attack against defence piece by piece, close to additive: the default
  Interplay,  // pieces that matter only together or only against some defences
};

// --truth-model's names; help: what sets the kind apart, where the help says more than its name.
inline constexpr auto kTruthKinds = name_table<TruthKind>({
    {TruthKind::Additive, "additive"},
    {TruthKind::Interplay, "interplay", "far from additive piece values"},
});

constexpr std::string_view truth_kind_name(TruthKind kind) {
  return kTruthKinds.name(kind);
}
constexpr std::optional<TruthKind> truth_kind_named(std::string_view name) {
  return kTruthKinds.named(name);
}

class TruthModel {
 public:
  // Evaluates all 2,125,764 xiangqi materials (a fraction of a second).
  explicit TruthModel(TruthKind kind = TruthKind::Additive);

  Score score(Key key) const { return scores_[key]; }
  std::span<const Score> scores() const { return scores_; }

 private:
  std::vector<Score> scores_;  // indexed by key
};

}  // namespace egkb
