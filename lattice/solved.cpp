#include "lattice/solved.h"

#include <fmt/format.h>

#include <utility>

namespace egkb {

SolveRules rules_of(const Material& material, const PieceSet& pieces) {
  if (&pieces != &PieceSet::xiangqi()) return SolveRules::Exact;
  const auto attacks = [&](Side side) {
    for (const char letter : {'R', 'N', 'C', 'P'}) {
      if (material.count(side, *pieces.kind_of(letter)) > 0) return true;
    }
    return false;
  };
  return attacks(Side::Red) && attacks(Side::Black) ? SolveRules::RepetitionDraw
                                                    : SolveRules::Exact;
}

std::string rules_meaning(SolveRules rules) {
  return fmt::format("{}: {}", rules_name(rules), kSolveRules.find(rules)->help);
}

SolvedMaterial SolvedMaterial::mirrored(const PieceSet& pieces) const {
  SolvedMaterial m = *this;
  m.counts.key = mirror_key(counts.key, pieces);
  if (m.counts.sets.size() == 2) {
    std::swap(m.counts.sets[0], m.counts.sets[1]);
    m.counts.sets[0].to_move = ToMove::Red;
    m.counts.sets[1].to_move = ToMove::Black;
  }
  return m;
}

bool counts_per_side_to_move(const PositionCounts& counts) {
  return counts.sets.size() == 2 && counts.sets[0].to_move == ToMove::Red &&
         counts.sets[1].to_move == ToMove::Black && counts.sets[0].positions() > 0 &&
         counts.sets[1].positions() > 0;
}

}  // namespace egkb
