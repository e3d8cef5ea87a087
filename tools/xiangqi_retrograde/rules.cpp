#include "tools/xiangqi_retrograde/rules.h"

namespace xiangqi_retrograde {

bool attacked(const Board& b, int sq, Colour by) {
  const uint8_t rook = cell_code(by, Kind::rook), cannon = cell_code(by, Kind::cannon);
  for (Step s : kOrthogonal) {
    int at = shifted(sq, s);
    while (at >= 0 && b.cell[at] == kEmpty) at = shifted(at, s);
    if (at < 0) continue;
    if (b.cell[at] == rook) return true;
    // `at` screens: a cannon behind it, with nothing more between, attacks.
    for (at = shifted(at, s); at >= 0; at = shifted(at, s)) {
      if (b.cell[at] != kEmpty) {
        if (b.cell[at] == cannon) return true;
        break;
      }
    }
  }
  const uint8_t horse = cell_code(by, Kind::horse);
  for (const HorseJump& j : kHorseJumps) {
    const int from =
        shifted(sq, Step{static_cast<int8_t>(-j.jump.file), static_cast<int8_t>(-j.jump.rank)});
    if (from >= 0 && b.cell[from] == horse && b.cell[shifted(from, j.leg)] == kEmpty) return true;
  }
  const uint8_t pawn = cell_code(by, Kind::pawn);
  const int behind = shifted(sq, Step{0, static_cast<int8_t>(-forward(by))});
  if (behind >= 0 && b.cell[behind] == pawn) return true;
  for (int8_t df : {int8_t{1}, int8_t{-1}}) {
    const int beside = shifted(sq, Step{df, 0});
    if (beside >= 0 && b.cell[beside] == pawn && across_river(by, beside)) return true;
  }
  return false;
}

bool kings_face(const Board& b, int red_king, int black_king) {
  if (file_of(red_king) != file_of(black_king)) return false;
  for (int sq = red_king + kFiles; sq < black_king; sq += kFiles) {
    if (b.cell[sq] != kEmpty) return false;
  }
  return true;
}

}  // namespace xiangqi_retrograde
