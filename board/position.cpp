#include "board/position.h"

#include <cassert>

namespace egkb {

Position::Position(int files, int ranks, Side to_move)
    : files_(files), ranks_(ranks), to_move_(to_move) {
  assert(files * ranks <= kMaxSquares);
  cells_.fill(kEmpty);
}

Square Position::king(Side side) const {
  const char k = piece_letter(side, 'K');
  for (int r = 0; r < ranks_; ++r) {
    for (int f = 0; f < files_; ++f) {
      if (at({f, r}) == k) return {f, r};
    }
  }
  assert(false && "a position without a king");
  return {};
}

}  // namespace egkb
