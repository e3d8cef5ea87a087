#include "board/game_rules.h"

#include <fmt/format.h>

#include <cassert>
#include <cctype>

#include "base/errors.h"
#include "base/text.h"

namespace egkb {

GameRules::GameRules(int files, int ranks, std::string_view letters,
                     bool (*placeable)(Side side, char letter, Square s),
                     char (*engine_letter)(char), char (*read_letter)(char))
    : files_(files),
      ranks_(ranks),
      letters_(letters),
      engine_letter_(engine_letter),
      read_letter_(read_letter),
      placeable_(placeable) {
  for (Side side : {Side::Red, Side::Black}) {
    for (char letter : letters_) {
      auto& squares = placement_[static_cast<std::size_t>(side)].emplace_back();
      for (int r = 0; r < ranks; ++r) {
        for (int f = 0; f < files; ++f) {
          if (placeable(side, letter, {f, r})) squares.push_back({f, r});
        }
      }
    }
  }
}

const std::vector<Square>& GameRules::placement(Side side, char letter) const {
  const auto at = letters_.find(letter);
  assert(at != std::string::npos);
  return placement_[static_cast<std::size_t>(side)][at];
}

std::string GameRules::fen(const Position& p) const {
  std::string out;
  for (int r = p.ranks() - 1; r >= 0; --r) {
    int gap = 0;
    for (int f = 0; f < p.files(); ++f) {
      const char c = p.at({f, r});
      if (c == kEmpty) {
        ++gap;
        continue;
      }
      if (gap > 0) out += std::to_string(gap);
      gap = 0;
      out += engine_letter_(c);
    }
    if (gap > 0) out += std::to_string(gap);
    if (r > 0) out += '/';
  }
  return out + (p.to_move() == Side::Red ? " w" : " b") + " - - 0 1";
}

Position GameRules::parse_fen(std::string_view fen) const {
  auto refuse = [&](const std::string& why) {
    throw InputError("", 0, "FEN", fmt::format("{}: {}", in_quotes(fen, 120), why));
  };
  const std::size_t board_end = fen.find(' ');
  const std::string_view board = fen.substr(0, board_end);
  std::string_view rest = board_end == std::string_view::npos ? "" : fen.substr(board_end + 1);
  while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
  const char to_move = rest.empty() ? '\0' : rest.front();
  if (to_move != 'w' && to_move != 'r' && to_move != 'b') {
    refuse("no side to move after the board (w or b)");
  }
  Position p(files_, ranks_, to_move == 'b' ? Side::Black : Side::Red);
  std::array<int, 2> kings{};
  int rank = ranks_ - 1, file = 0;
  for (const char c : board) {
    if (c == '/') {
      if (file != files_)
        refuse(fmt::format("rank {} has {} files, not {}", rank + 1, file, files_));
      if (--rank < 0) refuse(fmt::format("more than {} ranks", ranks_));
      file = 0;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      file += c - '0';
    } else {
      const char letter = read_letter_(c);
      if (letter == 0 || letters_.find(kind_letter(letter)) == std::string::npos) {
        refuse(fmt::format("{} is no piece of this game", in_quotes(std::string_view(&c, 1))));
      }
      if (file >= files_) refuse(fmt::format("rank {} has more than {} files", rank + 1, files_));
      const Side side = side_of(letter);
      const Square s{file, rank};
      if (!placeable_(side, kind_letter(letter), s)) {
        refuse(
            fmt::format("'{}' may not stand on {}{}", c, static_cast<char>('a' + file), rank + 1));
      }
      if (kind_letter(letter) == 'K') ++kings[static_cast<std::size_t>(side)];
      p.put(s, letter);
      ++file;
    }
  }
  if (file != files_ || rank != 0) {
    refuse(fmt::format("the board has {} ranks, not {}", ranks_ - rank, ranks_));
  }
  if (kings[0] != 1 || kings[1] != 1) refuse("each side needs exactly one king");
  return p;
}

const GameRules& rules_of(const PieceSet& pieces) {
  if (&pieces == &PieceSet::chess()) return chess_rules();
  assert(&pieces == &PieceSet::xiangqi());
  return xiangqi_rules();
}

}  // namespace egkb
