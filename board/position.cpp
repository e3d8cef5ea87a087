#include "board/position.h"

#include <fmt/format.h>

#include <cassert>
#include <cctype>
#include <charconv>

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

Position mirrored(const Position& p) {
  Position m(p.files(), p.ranks(), opposite(p.to_move()));
  for (int r = 0; r < p.ranks(); ++r) {
    for (int f = 0; f < p.files(); ++f) {
      const char c = p.at({f, r});
      if (c != kEmpty)
        m.put({f, p.ranks() - 1 - r}, piece_letter(opposite(side_of(c)), kind_letter(c)));
    }
  }
  return m;
}

std::string mirrored_move(std::string_view move, int ranks) {
  std::string out;
  for (std::size_t i = 0; i < move.size();) {
    std::size_t digits = i;
    while (digits < move.size() && std::isdigit(static_cast<unsigned char>(move[digits]))) ++digits;
    const bool rank = digits > i && i > 0 && std::islower(static_cast<unsigned char>(move[i - 1]));
    if (!rank) {
      out += move[i++];
      continue;
    }
    int number = 0;
    const auto [end, error] = std::from_chars(move.data() + i, move.data() + digits, number);
    // A rank past the board (a damaged line) is kept as it reads rather than turned over.
    if (error == std::errc() && number >= 1 && number <= ranks) {
      out += std::to_string(ranks + 1 - number);
    } else {
      out += move.substr(i, digits - i);
    }
    i = digits;
  }
  return out;
}

std::string diagram(const Position& p) {
  std::string out;
  for (int r = p.ranks() - 1; r >= 0; --r) {
    out += fmt::format("{:>2} ", r + 1);
    for (int f = 0; f < p.files(); ++f) out += fmt::format(" {}", p.at({f, r}));
    out += '\n';
  }
  out += "   ";
  for (int f = 0; f < p.files(); ++f) out += fmt::format(" {}", static_cast<char>('a' + f));
  out += '\n';
  return out;
}

}  // namespace egkb
