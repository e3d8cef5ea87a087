#include "solve/position_query.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "base/errors.h"
#include "base/text.h"
#include "board/game_rules.h"
#include "board/xiangqi_moves.h"
#include "board/xiangqi_position.h"
#include "solve/materials.h"

namespace egkb::solve {

namespace {

using xiangqi::Board;

struct Move {
  int from, to;
  bool capture;
};

// Every legal move of `side` on `b`: its king not in check afterwards.
std::vector<Move> legal_moves(const Board& b, Side side) {
  std::vector<Move> moves;
  int kings[2] = {-1, -1};
  for (int p = 0; p < xiangqi::kPoints; ++p) {
    if (b.cell[p] != xiangqi::kEmpty && xiangqi::cell_kind(b.cell[p]) == xiangqi::Kind::king) {
      kings[xiangqi::index(xiangqi::cell_side(b.cell[p]))] = p;
    }
  }
  for (int from = 0; from < xiangqi::kPoints; ++from) {
    if (b.cell[from] == xiangqi::kEmpty || xiangqi::cell_side(b.cell[from]) != side) continue;
    xiangqi::for_each_destination(b, from, [&](int to) {
      Board after = b;
      after.cell[to] = after.cell[from];
      after.cell[from] = xiangqi::kEmpty;
      int k[2] = {kings[0], kings[1]};
      if (from == k[xiangqi::index(side)]) k[xiangqi::index(side)] = to;
      if (!xiangqi::in_check(after, k[0], k[1], side)) {
        moves.push_back({from, to, b.cell[to] != xiangqi::kEmpty});
      }
    });
  }
  return moves;
}

Material material_of(const Board& b) {
  Material m;
  for (const xiangqi::Cell c : b.cell) {
    if (c == xiangqi::kEmpty || xiangqi::cell_kind(c) == xiangqi::Kind::king) continue;
    ++m.count(xiangqi::cell_side(c), xiangqi::piece_kind_of(xiangqi::cell_kind(c)));
  }
  return m;
}

// The board with the sides swapped: each piece changes colour and moves to the mirrored rank.
Board swapped(const Board& b) {
  Board out;
  for (int p = 0; p < xiangqi::kPoints; ++p) {
    const xiangqi::Cell c = b.cell[p];
    if (c == xiangqi::kEmpty) continue;
    const int q = xiangqi::point(xiangqi::file_of(p), xiangqi::kRanks - 1 - xiangqi::rank_of(p));
    out.cell[q] = xiangqi::cell_of(opposite(xiangqi::cell_side(c)), xiangqi::cell_kind(c));
  }
  return out;
}

std::string point_name(int p) {
  return fmt::format("{}{}", static_cast<char>('a' + xiangqi::file_of(p)), xiangqi::rank_of(p) + 1);
}

Outcome flipped(Outcome o) {
  return o == Outcome::win ? Outcome::loss : o == Outcome::loss ? Outcome::win : o;
}

// What a table says of a position: its outcome and distance for the side to move.
struct Probe {
  Outcome outcome;
  int distance;
  bool forced_mate;
};

class Prober {
 public:
  explicit Prober(TableShelf& shelf) : shelf_(shelf) {}

  Probe probe(const Board& board, Side to_move, SolveRules* rules = nullptr) {
    const Material m = material_of(board);
    bool mirrored = false;
    TableReader* reader = shelf_.find(m, mirrored);
    if (reader == nullptr) {
      throw InputError(
          "", 0, "FEN",
          fmt::format("{} is not solved in {}: run egkb solve {} --keep-tables {} "
                      "first",
                      material_text(m), path_text(shelf_.folder()),
                      material_text(stored_orientation(m)), path_text(shelf_.folder())));
    }
    if (reader->header().distance_bytes == 0) {
      throw InputError("", 0, "FEN",
                       fmt::format("{}'s table in {} keeps no distances", material_text(m),
                                   path_text(shelf_.folder())));
    }
    if (rules != nullptr) *rules = reader->header().rules;
    const Board b = mirrored ? swapped(board) : board;
    const Side side = mirrored ? opposite(to_move) : to_move;
    std::vector<PlacedPiece> placed;
    for (int p = 0; p < xiangqi::kPoints; ++p) {
      if (b.cell[p] != xiangqi::kEmpty) {
        placed.push_back({xiangqi::cell_side(b.cell[p]), xiangqi::cell_kind(b.cell[p]), p});
      }
    }
    const uint64_t entry = reader->index().encode(placed);
    const Outcome o = reader->outcome(side, entry);
    if (o == Outcome::illegal) throw std::logic_error("a legal position's entry is illegal");
    const uint16_t d = reader->distance(side, entry);
    return {o, d & kPlies, (d & kForcedMate) != 0};
  }

  // Each legal move's value for the side that makes it, and the position it reaches. A capture
  // ends the line; any other move's value is its position's, one ply further.
  struct Successor {
    Move move;
    Board after;
    Probe next;
    Value value;  // without ends_in
  };
  std::vector<Successor> successors(const Board& b, Side side) {
    std::vector<Successor> out;
    for (const Move& m : legal_moves(b, side)) {
      Successor s{m, b, {}, {}};
      s.after.cell[m.to] = s.after.cell[m.from];
      s.after.cell[m.from] = xiangqi::kEmpty;
      s.next = probe(s.after, opposite(side));
      s.value.outcome = flipped(s.next.outcome);
      if (s.next.outcome != Outcome::draw) s.value.distance = m.capture ? 1 : s.next.distance + 1;
      out.push_back(std::move(s));
    }
    return out;
  }

  std::vector<MoveValue> moves(const Board& b, Side side) {
    std::vector<MoveValue> out;
    for (const Successor& s : successors(b, side)) {
      MoveValue v{point_name(s.move.from) + point_name(s.move.to), s.move.capture, s.value,
                  xiangqi_position(s.after, opposite(side))};
      if (s.value.outcome != Outcome::draw) {
        v.value.ends_in = !s.move.capture && s.next.forced_mate ? LineEnd::mate : LineEnd::capture;
      }
      out.push_back(std::move(v));
    }
    return out;
  }

 private:
  TableShelf& shelf_;
};

// Best first: wins by distance, then draws, then losses, the longest first.
bool better(const MoveValue& a, const MoveValue& b) {
  auto rank = [](const MoveValue& m) {
    switch (m.value.outcome) {
      case Outcome::win:
        return std::pair{0, m.value.distance};
      case Outcome::draw:
        return std::pair{1, 0};
      default:
        return std::pair{2, -m.value.distance};
    }
  };
  return rank(a) < rank(b);
}

}  // namespace

const char* line_end_name(LineEnd e) {
  return e == LineEnd::mate ? "mate" : "capture";
}

TableReader* TableShelf::find(const Material& m, bool& mirrored) {
  for (const bool mirror : {false, true}) {
    const std::string text = material_text(mirror ? egkb::mirror(m) : m);
    auto& reader = open_[text];
    if (!reader) {
      const std::string path = folder_ + "/" + text + ".table";
      if (!std::filesystem::exists(path)) continue;
      reader = std::make_unique<TableReader>(path);
    }
    mirrored = mirror;
    return reader.get();
  }
  return nullptr;
}

PositionValue query_position(const Position& p, TableShelf& shelf) {
  if (!xiangqi_rules().legal(p)) {
    throw InputError("", 0, "FEN",
                     fmt::format("the position is illegal: {} to move could take the king (the "
                                 "side not to move is in check, or the kings face each other)",
                                 PieceSet::xiangqi().side_name(p.to_move())));
  }
  const Board b = xiangqi_board(p);
  Prober prober(shelf);
  PositionValue out;
  out.material = material_of(b);
  const Probe root = prober.probe(b, p.to_move(), &out.rules);
  out.value.outcome = root.outcome;
  out.moves = prober.moves(b, p.to_move());
  if (root.outcome != Outcome::draw) {
    out.value.distance = root.distance;
    out.value.ends_in = root.forced_mate ? LineEnd::mate : LineEnd::capture;
  }
  std::stable_sort(out.moves.begin(), out.moves.end(), better);
  return out;
}

}  // namespace egkb::solve
