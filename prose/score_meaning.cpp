#include "prose/score_meaning.h"

namespace egkb {

std::string score_meaning(const PieceSet& pieces, Score s) {
  // How far a score leans to a side: 0..3 toward the first, 9..6 (the same words) the second.
  static constexpr const char* kLean[] = {" wins", " wins in most cases", " has a clear advantage",
                                          " has a slight advantage"};
  const int v = value(s);
  if (v == 4) return "either side can win";
  if (v == 5) return "almost a draw";
  return v < 4 ? pieces.side_name(Side::Red) + kLean[v]
               : pieces.side_name(Side::Black) + kLean[kMaxScore - v];
}

}  // namespace egkb
