#include "tests/support/board_oracle.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <sstream>
#include <utility>
#include <vector>

namespace egkb::test {

namespace {

using Cell = std::pair<int, int>;  // file, rank (rank 0 = red's or white's back rank)

struct Board {
  int files = 0;
  int ranks = 0;
  std::vector<char> cells;  // '.' empty
  char at(int f, int r) const {
    if (f < 0 || f >= files || r < 0 || r >= ranks) return '#';
    return cells[static_cast<std::size_t>(r * files + f)];
  }
};

bool upper(char c) {
  return std::isupper(static_cast<unsigned char>(c)) != 0;
}

// Parses the placement and side fields; an empty problem when the text is well formed.
std::string parse(const std::string& fen, int files, int ranks, Board& board, FenReading& out) {
  std::istringstream in(fen);
  std::string placement, side, castling, passant, halfmove, fullmove;
  if (!(in >> placement >> side >> castling >> passant >> halfmove >> fullmove)) {
    return "not six FEN fields";
  }
  if (side != "w" && side != "b") return "side to move is not w or b";
  if (castling != "-" || passant != "-") return "castling or en passant rights given";
  out.to_move = side[0];
  board.files = files;
  board.ranks = ranks;
  board.cells.assign(static_cast<std::size_t>(files * ranks), '.');
  int rank = ranks - 1;
  int file = 0;
  for (std::size_t i = 0; i < placement.size(); ++i) {
    const char c = placement[i];
    if (c == '/') {
      if (file != files) return "a rank of the wrong length";
      --rank;
      file = 0;
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(c))) {
      int n = c - '0';
      if (i + 1 < placement.size() && std::isdigit(static_cast<unsigned char>(placement[i + 1]))) {
        n = n * 10 + (placement[++i] - '0');
      }
      file += n;
      continue;
    }
    if (file >= files || rank < 0) return "a piece off the board";
    board.cells[static_cast<std::size_t>(rank * files + file)] = c;
    ++out.pieces[c];
    ++file;
  }
  if (rank != 0 || file != files) return "the wrong number of ranks";
  return "";
}

bool on_list(const std::set<Cell>& list, int f, int r) {
  return list.count({f, r}) > 0;
}

// The squares the side to move attacks, found by generating its captures piece by piece.
std::set<Cell> xiangqi_targets(const Board& b, bool red) {
  std::set<Cell> hit;
  const int forward = red ? 1 : -1;
  for (int r = 0; r < b.ranks; ++r) {
    for (int f = 0; f < b.files; ++f) {
      const char c = b.at(f, r);
      if (c == '.' || upper(c) != red) continue;
      const char kind = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      if (kind == 'R' || kind == 'C' || kind == 'K') {
        const std::vector<Cell> lines = kind == 'K'
                                            ? std::vector<Cell>{{0, forward}}
                                            : std::vector<Cell>{{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
        for (const auto& [df, dr] : lines) {
          bool screened = false;
          for (int x = f + df, y = r + dr; b.at(x, y) != '#'; x += df, y += dr) {
            if (b.at(x, y) == '.') continue;
            if (kind == 'C' && !screened) {
              screened = true;
              continue;
            }
            hit.insert({x, y});  // the rook's, the cannon's over its screen, the flying king's
            break;
          }
        }
      } else if (kind == 'N') {
        for (const auto& [lf, lr] : std::vector<Cell>{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
          if (b.at(f + lf, r + lr) != '.') continue;  // the horse's leg is blocked
          if (lf != 0) {
            hit.insert({f + 2 * lf, r + 1});
            hit.insert({f + 2 * lf, r - 1});
          } else {
            hit.insert({f + 1, r + 2 * lr});
            hit.insert({f - 1, r + 2 * lr});
          }
        }
      } else if (kind == 'P') {
        hit.insert({f, r + forward});
        const bool crossed = red ? r >= 5 : r <= 4;
        if (crossed) {
          hit.insert({f - 1, r});
          hit.insert({f + 1, r});
        }
      }
    }
  }
  return hit;
}

std::set<Cell> chess_targets(const Board& b, bool white) {
  std::set<Cell> hit;
  for (int r = 0; r < b.ranks; ++r) {
    for (int f = 0; f < b.files; ++f) {
      const char c = b.at(f, r);
      if (c == '.' || upper(c) != white) continue;
      const char kind = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      std::vector<Cell> steps, slides;
      if (kind == 'N')
        steps = {{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}};
      if (kind == 'K')
        steps = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
      if (kind == 'P') steps = {{1, white ? 1 : -1}, {-1, white ? 1 : -1}};
      if (kind == 'R' || kind == 'Q')
        slides.insert(slides.end(), {{1, 0}, {-1, 0}, {0, 1}, {0, -1}});
      if (kind == 'B' || kind == 'Q')
        slides.insert(slides.end(), {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}});
      for (const auto& [df, dr] : steps) hit.insert({f + df, r + dr});
      for (const auto& [df, dr] : slides) {
        for (int x = f + df, y = r + dr; b.at(x, y) != '#'; x += df, y += dr) {
          hit.insert({x, y});
          if (b.at(x, y) != '.') break;
        }
      }
    }
  }
  return hit;
}

Cell find(const Board& b, char piece) {
  for (int r = 0; r < b.ranks; ++r) {
    for (int f = 0; f < b.files; ++f) {
      if (b.at(f, r) == piece) return {f, r};
    }
  }
  return {-1, -1};
}

}  // namespace

FenReading read_xiangqi_fen(const std::string& fen) {
  FenReading out;
  Board b;
  out.problem = parse(fen, 9, 10, b, out);
  if (!out.problem.empty()) return out;
  // Red's points, written out; black's are the same files on the mirrored ranks.
  const std::set<Cell> palace = {{3, 0}, {4, 0}, {5, 0}, {3, 1}, {4, 1},
                                 {5, 1}, {3, 2}, {4, 2}, {5, 2}};
  const std::set<Cell> advisor = {{3, 0}, {5, 0}, {4, 1}, {3, 2}, {5, 2}};
  const std::set<Cell> elephant = {{2, 0}, {6, 0}, {0, 2}, {4, 2}, {8, 2}, {2, 4}, {6, 4}};
  for (int r = 0; r < 10; ++r) {
    for (int f = 0; f < 9; ++f) {
      const char c = b.at(f, r);
      if (c == '.') continue;
      const bool red = upper(c);
      const int own = red ? r : 9 - r;  // the rank seen from the piece's own side
      switch (std::toupper(static_cast<unsigned char>(c))) {
        case 'K':
          if (!on_list(palace, f, own)) return out.problem = "a king outside its palace", out;
          break;
        case 'A':
          if (!on_list(advisor, f, own)) return out.problem = "an advisor off its points", out;
          break;
        case 'B':
          if (!on_list(elephant, f, own)) return out.problem = "an elephant off its points", out;
          break;
        case 'P':
          if (own < 3 || (own < 5 && f % 2 == 1))
            return out.problem = "a pawn where none can be", out;
          break;
        case 'R':
        case 'N':
        case 'C':
          break;
        default:
          return out.problem = std::string("an unknown piece ") + c, out;
      }
    }
  }
  if (out.pieces['K'] != 1 || out.pieces['k'] != 1) return out.problem = "not one king a side", out;
  // The side to move could take the other king: the side not to move is in check (the flying
  // king included: kings facing each other).
  const bool red_moves = out.to_move == 'w';
  const Cell king = find(b, red_moves ? 'k' : 'K');
  if (xiangqi_targets(b, red_moves).count(king) > 0)
    out.problem = "the side not to move is in check";
  return out;
}

FenReading read_chess_fen(const std::string& fen) {
  FenReading out;
  Board b;
  out.problem = parse(fen, 8, 8, b, out);
  if (!out.problem.empty()) return out;
  for (int f = 0; f < 8; ++f) {
    for (int r : {0, 7}) {
      if (b.at(f, r) == 'P' || b.at(f, r) == 'p')
        return out.problem = "a pawn on the first or last rank", out;
    }
  }
  if (out.pieces['K'] != 1 || out.pieces['k'] != 1) return out.problem = "not one king a side", out;
  const bool white_moves = out.to_move == 'w';
  const Cell king = find(b, white_moves ? 'k' : 'K');
  if (chess_targets(b, white_moves).count(king) > 0)
    out.problem = "the side not to move is in check";
  return out;
}

}  // namespace egkb::test
