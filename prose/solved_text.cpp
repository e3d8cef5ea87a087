#include "prose/solved_text.h"

#include <fmt/format.h>

#include "lattice/material.h"
#include "prose/score_meaning.h"

namespace egkb {

std::string counts_text(const PieceSet& pieces, const PositionCounts& counts) {
  std::string text;
  for (const OutcomeCounts& set : counts.sets) {
    if (!text.empty()) text += "; ";
    const std::string mover = set.to_move == ToMove::Black ? pieces.side_name(Side::Black)
                              : set.to_move == ToMove::Red ? pieces.side_name(Side::Red)
                                                           : "either side";
    text += fmt::format("{} to move wins {}, draws {}, loses {}", mover, set.win, set.drawn(),
                        set.loss);
  }
  return text;
}

std::string solved_text(const PieceSet& pieces, const SolvedMaterial& solved, Score score) {
  return fmt::format("{}, solved {} ({}; {})",
                     format_material(material_of(solved.counts.key, pieces), pieces), value(score),
                     counts_text(pieces, solved.counts), rules_name(solved.rules));
}

std::string bound_text(const PieceSet& pieces, Rank rank, bool at_most) {
  // The side the bound favours and how far, counted from that side's best (0, it wins).
  const Side side = at_most ? Side::Red : Side::Black;
  const int from_best = at_most ? value(rank) : kMaxRank - value(rank);
  const std::string& name = pieces.side_name(side);
  if (from_best == 0) return name + " wins";
  if (from_best < 4) {
    const Score lean = at_most ? Score(from_best) : Score(kMaxScore - from_best);
    return score_meaning(pieces, lean) + " or better";
  }
  if (from_best == 4) return "at least a draw for " + name;
  // Beyond the balance the bound says how well the other side may do at most.
  const Side other = opposite(side);
  const int other_best = kMaxRank - from_best;
  const Score lean = other == Side::Red ? Score(other_best) : Score(kMaxScore - other_best);
  return score_meaning(pieces, lean) + " at best";
}

}  // namespace egkb
