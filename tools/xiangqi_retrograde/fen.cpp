#include "tools/xiangqi_retrograde/fen.h"

#include <cctype>

namespace xiangqi_retrograde {

std::string fairy_stockfish_fen(const Board& b, Colour to_move) {
  static constexpr char letters[kKinds] = {'K', 'R', 'N', 'C', 'P', 'A', 'B'};
  std::string fen;
  for (int rank = kRanks - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < kFiles; ++file) {
      const uint8_t code = b.cell[square(file, rank)];
      if (code == kEmpty) {
        ++empty;
        continue;
      }
      if (empty > 0) fen += std::to_string(empty);
      empty = 0;
      const char letter = letters[index(kind_of(code))];
      fen += colour_of(code) == Colour::red ? letter : static_cast<char>(std::tolower(letter));
    }
    if (empty > 0) fen += std::to_string(empty);
    if (rank > 0) fen += '/';
  }
  fen += to_move == Colour::red ? " w - - 0 1" : " b - - 0 1";
  return fen;
}

}  // namespace xiangqi_retrograde
