#include "tests/support/xiangqi_brute_force.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <map>
#include <stdexcept>
#include <utility>

namespace xiangqi_brute_force {

namespace {

// grid[rank][file], '.' for an empty point.
using Grid = std::array<std::array<char, 9>, 10>;
using Square = std::pair<int, int>;  // file, rank

bool red(char letter) {
  return std::isupper(static_cast<unsigned char>(letter)) != 0;
}
char upper(char letter) {
  return static_cast<char>(std::toupper(static_cast<unsigned char>(letter)));
}
bool inside(int file, int rank) {
  return file >= 0 && file < 9 && rank >= 0 && rank < 10;
}

Square named(const std::string& name) {
  return {name[0] - 'a', std::stoi(name.substr(1)) - 1};
}

// The points as the rules list them, for red; black's are the same seen from the other end.
bool red_point(const std::vector<std::string>& names, int file, int rank) {
  return std::any_of(names.begin(), names.end(), [&](const std::string& n) {
    return named(n) == Square{file, rank};
  });
}

bool may_stand(char letter, int file, int rank) {
  if (!red(letter)) rank = 9 - rank;
  switch (upper(letter)) {
    case 'K':
      return file >= 3 && file <= 5 && rank <= 2;
    case 'G':
      return red_point({"d1", "f1", "e2", "d3", "f3"}, file, rank);
    case 'M':
      return red_point({"c1", "g1", "a3", "e3", "i3", "c5", "g5"}, file, rank);
    case 'P':
      return rank >= 5 ||
             ((rank == 3 || rank == 4) && red_point({"a1", "c1", "e1", "g1", "i1"}, file, 0));
    default:
      return true;  // R N C
  }
}

// Every point the piece on (file, rank) may go to, its own king's safety aside, into `out`.
void destinations(const Grid& g, int file, int rank, std::vector<Square>& out) {
  const char piece = g[rank][file];
  const bool is_red = red(piece);
  out.clear();
  auto mine = [&](int f, int r) { return g[r][f] != '.' && red(g[r][f]) == is_red; };
  auto palace = [&](int f, int r) { return f >= 3 && f <= 5 && (is_red ? r <= 2 : r >= 7); };
  auto add = [&](int f, int r) {
    if (inside(f, r) && !mine(f, r)) out.push_back({f, r});
  };
  const int orth[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
  const int diag[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
  switch (upper(piece)) {
    case 'K':
      for (auto& d : orth) {
        if (palace(file + d[0], rank + d[1])) add(file + d[0], rank + d[1]);
      }
      break;
    case 'G':
      for (auto& d : diag) {
        if (palace(file + d[0], rank + d[1])) add(file + d[0], rank + d[1]);
      }
      break;
    case 'M':
      for (auto& d : diag) {
        const int f = file + 2 * d[0], r = rank + 2 * d[1];
        const bool own_half = is_red ? r <= 4 : r >= 5;
        if (inside(f, r) && own_half && g[rank + d[1]][file + d[0]] == '.') add(f, r);
      }
      break;
    case 'N':
      for (int df : {-2, -1, 1, 2}) {
        for (int dr : {-2, -1, 1, 2}) {
          if (std::abs(df) == std::abs(dr)) continue;
          const int f = file + df, r = rank + dr;
          if (!inside(f, r)) continue;
          // The leg: one point straight from the horse toward the long side of its jump.
          const int lf = std::abs(df) == 2 ? file + df / 2 : file;
          const int lr = std::abs(dr) == 2 ? rank + dr / 2 : rank;
          if (g[lr][lf] == '.') add(f, r);
        }
      }
      break;
    case 'R':
      for (auto& d : orth) {
        for (int f = file + d[0], r = rank + d[1]; inside(f, r); f += d[0], r += d[1]) {
          add(f, r);
          if (g[r][f] != '.') break;
        }
      }
      break;
    case 'C':
      for (auto& d : orth) {
        int screens = 0;
        for (int f = file + d[0], r = rank + d[1]; inside(f, r); f += d[0], r += d[1]) {
          if (g[r][f] == '.') {
            if (screens == 0) out.push_back({f, r});
            continue;
          }
          if (++screens == 2) {
            add(f, r);
            break;
          }
        }
      }
      break;
    case 'P': {
      const int ahead = is_red ? 1 : -1;
      add(file, rank + ahead);
      const bool crossed = is_red ? rank >= 5 : rank <= 4;
      if (crossed) {
        add(file - 1, rank);
        add(file + 1, rank);
      }
      break;
    }
    default:
      throw std::logic_error("unknown piece");
  }
}

Square king_of(const Grid& g, bool is_red) {
  for (int r = 0; r < 10; ++r) {
    for (int f = 0; f < 9; ++f) {
      if (g[r][f] == (is_red ? 'K' : 'k')) return {f, r};
    }
  }
  throw std::logic_error("no king");
}

bool kings_facing(const Grid& g) {
  const Square a = king_of(g, true), b = king_of(g, false);
  if (a.first != b.first) return false;
  for (int r = a.second + 1; r < b.second; ++r) {
    if (g[r][a.first] != '.') return false;
  }
  return true;
}

// A king is attacked when some piece of the other side could move onto its point.
bool king_attacked(const Grid& g, bool red_king) {
  const Square k = king_of(g, red_king);
  std::vector<Square> moves;
  for (int r = 0; r < 10; ++r) {
    for (int f = 0; f < 9; ++f) {
      if (g[r][f] == '.' || red(g[r][f]) == red_king) continue;
      destinations(g, f, r, moves);
      for (const Square& to : moves) {
        if (to == k) return true;
      }
    }
  }
  return false;
}

// Legal with this side to move: kings apart, the other side not in check.
bool legal(const Grid& g, bool red_to_move) {
  return !kings_facing(g) && !king_attacked(g, !red_to_move);
}

// The pieces in board order, each as its letter and point, and the side to move: short enough
// for the string to need no allocation.
std::string key(const Grid& g, bool red_to_move) {
  std::string k;
  for (int r = 0; r < 10; ++r) {
    for (int f = 0; f < 9; ++f) {
      if (g[r][f] == '.') continue;
      k += g[r][f];
      k += static_cast<char>(r * 9 + f);
    }
  }
  k += red_to_move ? 'w' : 'b';
  return k;
}

// "KRKG" -> the two sides' letters, black's in lower case.
std::string letters_of(const std::string& material) {
  const size_t second_king = material.find('K', 1);
  std::string out = material.substr(0, second_king);
  for (size_t i = second_king; i < material.size(); ++i) {
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(material[i])));
  }
  return out;
}

std::string text_of(std::string letters) {
  const std::string order = "KRNCPGM";
  auto rank = [&](char c) { return (red(c) ? 0 : 10) + static_cast<int>(order.find(upper(c))); };
  std::sort(letters.begin(), letters.end(), [&](char a, char b) { return rank(a) < rank(b); });
  for (char& c : letters) c = upper(c);
  return letters;
}

}  // namespace

Solution solve(const std::string& material) {
  // Every material captures can lead to: any of the non-king pieces gone.
  std::map<std::string, std::string> materials;  // text -> letters
  const std::string all = letters_of(material);
  std::string others;
  for (char c : all) {
    if (upper(c) != 'K') others += c;
  }
  for (unsigned mask = 0; mask < (1u << others.size()); ++mask) {
    std::string letters = "Kk";
    for (size_t i = 0; i < others.size(); ++i) {
      if (mask & (1u << i)) letters += others[i];
    }
    materials[text_of(letters)] = letters;
  }

  Solution s;
  std::unordered_map<std::string, size_t> id;
  for (const auto& entry : materials) {
    const std::string& text = entry.first;  // a lambda below takes it: no structured binding
    std::string letters = entry.second;
    std::sort(letters.begin(), letters.end());  // identical pieces side by side
    Grid g;
    for (auto& row : g) row.fill('.');
    // Place piece i and the rest; an identical piece goes on a later point than the one before
    // it, so that each position is made once.
    std::function<void(size_t, int)> place = [&](size_t i, int first) {
      if (i == letters.size()) {
        for (bool red_to_move : {true, false}) {
          if (!legal(g, red_to_move)) continue;
          Position p;
          p.material = text;
          p.red_to_move = red_to_move;
          for (int r = 0; r < 10; ++r) {
            for (int f = 0; f < 9; ++f) {
              if (g[r][f] != '.') p.pieces.push_back({g[r][f], f, r});
            }
          }
          id[key(g, red_to_move)] = s.positions.size();
          s.positions.push_back(p);
        }
        return;
      }
      for (int sq = first; sq < 90; ++sq) {
        const int f = sq % 9, r = sq / 9;
        if (g[r][f] != '.' || !may_stand(letters[i], f, r)) continue;
        g[r][f] = letters[i];
        const bool same_next = i + 1 < letters.size() && letters[i + 1] == letters[i];
        place(i + 1, same_next ? sq + 1 : 0);
        g[r][f] = '.';
      }
    };
    place(0, 0);
  }

  // Each position's legal moves, as the positions they reach and whether they take a piece.
  struct Next {
    size_t to;
    bool capture;
  };
  std::vector<std::vector<Next>> next(s.positions.size());
  std::vector<Square> moves;
  for (size_t i = 0; i < s.positions.size(); ++i) {
    const Position& p = s.positions[i];
    Grid g;
    for (auto& row : g) row.fill('.');
    for (const Piece& q : p.pieces) g[q.rank][q.file] = q.letter;
    for (const Piece& q : p.pieces) {
      if (red(q.letter) != p.red_to_move) continue;
      destinations(g, q.file, q.rank, moves);
      for (const Square& to : moves) {
        Grid after = g;
        after[to.second][to.first] = q.letter;
        after[q.rank][q.file] = '.';
        if (kings_facing(after) || king_attacked(after, p.red_to_move)) continue;  // illegal move
        const auto it = id.find(key(after, !p.red_to_move));
        if (it == id.end())
          throw std::logic_error("a legal move reaches a position never enumerated");
        next[i].push_back({it->second, g[to.second][to.first] != '.'});
      }
    }
  }

  // Value iteration to the fixed point.
  enum : uint8_t { unknown, won, lost };
  std::vector<uint8_t> value(s.positions.size(), unknown);
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t i = 0; i < s.positions.size(); ++i) {
      if (value[i] != unknown) continue;
      bool reaches_loss = false, all_wins = true;
      for (const Next& n : next[i]) {
        if (value[n.to] == lost) reaches_loss = true;
        if (value[n.to] != won) all_wins = false;
      }
      if (reaches_loss || all_wins) {
        value[i] = reaches_loss ? won : lost;
        changed = true;
      }
    }
  }
  // Distances, iterated to the fixed point from none known: a win is one more than its best
  // move's, a loss one more than its longest, a capture ending the line there.
  constexpr int kUnknown = 1 << 30;
  std::vector<int> distance(s.positions.size(), kUnknown);
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t i = 0; i < s.positions.size(); ++i) {
      if (value[i] == unknown) continue;
      int best = value[i] == won ? kUnknown : 0;
      bool known = true;
      for (const Next& n : next[i]) {
        const int after = n.capture ? 0 : distance[n.to];
        if (value[i] == won && value[n.to] == lost) best = std::min(best, after);
        if (value[i] == lost) {
          if (after == kUnknown) known = false;
          best = std::max(best, after);
        }
      }
      const int d = next[i].empty() ? 0 : best == kUnknown || !known ? kUnknown : best + 1;
      if (d != distance[i]) {
        distance[i] = d;
        changed = true;
      }
    }
  }
  // Forced mates, from the shortest distance up: a loss with no capture whose every move reaches
  // one; a win with a move that is no capture to one a ply shorter.
  std::vector<size_t> by_distance;
  for (size_t i = 0; i < s.positions.size(); ++i) {
    if (value[i] != unknown) by_distance.push_back(i);
  }
  std::stable_sort(by_distance.begin(), by_distance.end(),
                   [&](size_t a, size_t b) { return distance[a] < distance[b]; });
  std::vector<bool> mate(s.positions.size(), false);
  for (size_t i : by_distance) {
    if (value[i] == lost) {
      mate[i] = std::all_of(next[i].begin(), next[i].end(),
                            [&](const Next& n) { return !n.capture && mate[n.to]; });
    } else {
      mate[i] = std::any_of(next[i].begin(), next[i].end(), [&](const Next& n) {
        return !n.capture && value[n.to] == lost && distance[n.to] == distance[i] - 1 && mate[n.to];
      });
    }
  }
  for (size_t i = 0; i < s.positions.size(); ++i) {
    Position& p = s.positions[i];
    p.result = value[i] == won ? Result::win : value[i] == lost ? Result::loss : Result::draw;
    if (value[i] != unknown) {
      p.distance = distance[i];
      p.forced_mate = mate[i];
    }
    Counts& c = s.counts[p.material][p.red_to_move ? 0 : 1];
    ++(p.result == Result::win ? c.win : p.result == Result::loss ? c.loss : c.draw);
  }
  return s;
}

}  // namespace xiangqi_brute_force
