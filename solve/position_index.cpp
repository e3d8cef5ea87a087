#include "solve/position_index.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>

#include "base/errors.h"

namespace egkb::solve {

namespace {

using xiangqi::index;

uint64_t binomial(int n, int k) {
  if (k < 0 || k > n) return 0;
  uint64_t b = 1;
  for (int i = 1; i <= k; ++i) b = b * static_cast<uint64_t>(n - k + i) / static_cast<uint64_t>(i);
  return b;
}

// Colex rank of ascending slots: sum of C(slot_i, i + 1). Every C(n, k) needed, n < 90, k <= 5.
struct Binomials {
  std::array<std::array<uint64_t, kMostOfAKind + 1>, xiangqi::kPoints + 1> c{};
  Binomials() {
    for (int n = 0; n <= xiangqi::kPoints; ++n) {
      for (int k = 0; k <= kMostOfAKind; ++k) c[n][k] = binomial(n, k);
    }
  }
};
const Binomials kBinomials;

KingPairs make_king_pairs() {
  KingPairs pairs;
  for (auto& row : pairs.digit) row.fill(-1);
  int n = 0;
  for (int red : xiangqi::placement_points(Side::Red, Kind::king)) {
    for (int black : xiangqi::placement_points(Side::Black, Kind::king)) {
      if (!canonical_kings(red, black)) continue;
      pairs.points[n] = {static_cast<int8_t>(red), static_cast<int8_t>(black)};
      pairs.digit[red][black] = static_cast<int8_t>(n++);
    }
  }
  assert(n == kKingPairs);
  return pairs;
}

// The order of the groups after the kings: the last is the fastest digit. The order changes no
// result, only which moves land near in memory.
constexpr std::array<Kind, 6> kGroupOrder = {Kind::guard, Kind::minister, Kind::pawn,
                                             Kind::horse, Kind::cannon,   Kind::rook};

}  // namespace

const KingPairs& king_pairs() {
  static const KingPairs pairs = make_king_pairs();
  return pairs;
}

PositionIndex::PositionIndex(const Material& m) : material_(m) {
  for (auto& side : group_of_kind_) side.fill(-1);
  for (Side s : {Side::Red, Side::Black}) {
    for (Kind k : kGroupOrder) {
      const int count = m.count(s, xiangqi::piece_kind_of(k));
      if (count == 0) continue;
      PieceGroup g;
      g.side = s;
      g.kind = k;
      g.count = count;
      g.first = pieces_;
      g.points = &xiangqi::placement_points(s, k);
      if (count > kMostOfAKind || static_cast<std::size_t>(count) > g.points->size()) {
        throw InputError("", 0, "MATERIAL",
                         fmt::format("{} has {} {}s of one side, more than there are points "
                                     "for them",
                                     format_material(m, PieceSet::xiangqi()), count,
                                     PieceSet::xiangqi().kind(xiangqi::piece_kind_of(k)).name));
      }
      g.slot_of.fill(-1);
      for (std::size_t i = 0; i < g.points->size(); ++i)
        g.slot_of[(*g.points)[i]] = static_cast<int8_t>(i);
      g.combinations = binomial(static_cast<int>(g.points->size()), count);
      if (count > 1) {
        // Every ascending choice of `count` slots, stored at its colex rank.
        g.slots_of_rank.resize(g.combinations);
        std::array<uint8_t, kMostOfAKind> slots{};
        for (int i = 0; i < count; ++i) slots[i] = static_cast<uint8_t>(i);
        const int n = static_cast<int>(g.points->size());
        while (true) {
          uint64_t r = 0;
          for (int i = 0; i < count; ++i) r += kBinomials.c[slots[i]][i + 1];
          g.slots_of_rank[r] = slots;
          // Next combination in colex order: raise the lowest slot that can rise.
          int i = 0;
          while (i < count && slots[i] + 1 == (i + 1 < count ? slots[i + 1] : n)) ++i;
          if (i == count) break;
          ++slots[i];
          for (int j = 0; j < i; ++j) slots[j] = static_cast<uint8_t>(j);
        }
      }
      for (int i = 0; i < count; ++i)
        group_of_piece_[pieces_ + i] = static_cast<uint8_t>(groups_.size());
      group_of_kind_[index(s)][index(k)] = static_cast<int8_t>(groups_.size());
      pieces_ += count;
      if (pieces_ > kMostPieces) {
        throw InputError("", 0, "MATERIAL",
                         fmt::format("{} has more than {} pieces",
                                     format_material(m, PieceSet::xiangqi()), kMostPieces));
      }
      groups_.push_back(std::move(g));
    }
  }
  for (auto it = groups_.rbegin(); it != groups_.rend(); ++it) {
    it->stride = size_;
    size_ *= it->combinations;
  }
  king_stride_ = size_;
  size_ *= kKingPairs;
}

uint64_t PositionIndex::size_of(const Material& m) {
  uint64_t size = kKingPairs;
  for (Side s : {Side::Red, Side::Black}) {
    for (PieceKind k : PieceSet::xiangqi().kinds()) {
      size *= binomial(static_cast<int>(xiangqi::placement_points(s, xiangqi::kind_of(k)).size()),
                       m.count(s, k));
    }
  }
  return size;
}

bool PositionIndex::decode(uint64_t index, Placement& p) const {
  p.cell.fill(xiangqi::kEmpty);
  p.piece_at.fill(-1);
  const auto& kings = king_pairs().points[index / king_stride_];
  for (int piece = 0; piece < 2; ++piece) {
    const int at = kings[piece];
    p.point[piece] = static_cast<int8_t>(at);
    p.piece_at[at] = static_cast<int8_t>(piece);
    p.cell[at] = xiangqi::cell_of(piece == 0 ? Side::Red : Side::Black, Kind::king);
  }
  bool ok = true;
  for (std::size_t gi = 0; gi < groups_.size(); ++gi) {
    const PieceGroup& g = groups_[gi];
    const uint64_t r = index / g.stride % g.combinations;
    p.digit[gi] = r;
    const xiangqi::Cell code = xiangqi::cell_of(g.side, g.kind);
    for (int i = 0; i < g.count; ++i) {
      const int slot = g.count == 1 ? static_cast<int>(r) : g.slots_of_rank[r][i];
      const int at = (*g.points)[slot];
      const int piece = g.first + i;
      p.point[piece] = static_cast<int8_t>(at);
      if (p.piece_at[at] >= 0) ok = false;
      p.piece_at[at] = static_cast<int8_t>(piece);
      p.cell[at] = code;
    }
  }
  p.pieces = pieces_;
  return ok;
}

uint64_t PositionIndex::rank_of_slots(const PieceGroup& g,
                                      std::array<uint8_t, kMostOfAKind> slots) const {
  // Insertion sort: at most five slots, nearly always one or two.
  for (int i = 1; i < g.count; ++i) {
    for (int j = i; j > 0 && slots[j - 1] > slots[j]; --j) std::swap(slots[j - 1], slots[j]);
  }
  uint64_t r = 0;
  for (int i = 0; i < g.count; ++i) r += kBinomials.c[slots[i]][i + 1];
  return r;
}

uint64_t PositionIndex::after_move(uint64_t index, const Placement& p, int piece, int to) const {
  assert(piece >= 2);
  const PieceGroup& g = groups_[group_of_piece_[piece]];
  if (g.count == 1) {
    return index + static_cast<uint64_t>(g.slot_of[to]) * g.stride -
           static_cast<uint64_t>(g.slot_of[p.point[piece]]) * g.stride;
  }
  std::array<uint8_t, kMostOfAKind> before{}, after{};
  for (int i = 0; i < g.count; ++i) {
    const int at = p.point[g.first + i];
    before[i] = static_cast<uint8_t>(g.slot_of[at]);
    after[i] = static_cast<uint8_t>(g.slot_of[g.first + i == piece ? to : at]);
  }
  return index + rank_of_slots(g, after) * g.stride - rank_of_slots(g, before) * g.stride;
}

uint64_t PositionIndex::after_capture(const PositionIndex& larger, const Placement& p, int piece,
                                      int to) const {
  const int taken = p.piece_at[to];
  if (piece < 2) {
    // The king takes: the kings' pair changes, and may need the mirror.
    std::array<PlacedPiece, kMostPieces> placed;
    int n = 0;
    for (int q = 0; q < p.pieces; ++q) {
      if (q == taken) continue;
      const int at = q == piece ? to : p.point[q];
      if (q < 2) {
        placed[n++] = {q == 0 ? Side::Red : Side::Black, Kind::king, at};
      } else {
        const PieceGroup& g = larger.group_of_piece(q);
        placed[n++] = {g.side, g.kind, at};
      }
    }
    return encode(std::span(placed.data(), n));
  }
  uint64_t index = static_cast<uint64_t>(king_pairs().digit[p.point[0]][p.point[1]]) * king_stride_;
  const auto& groups = larger.groups();
  for (std::size_t gi = 0; gi < groups.size(); ++gi) {
    const PieceGroup& g = groups[gi];
    const int mine = group_of(g.side, g.kind);
    if (mine < 0) continue;  // the taken piece was its group's only one
    const PieceGroup& h = groups_[mine];
    const bool touched = (taken >= g.first && taken < g.first + g.count) ||
                         (piece >= g.first && piece < g.first + g.count);
    if (!touched) {
      index += p.digit[gi] * h.stride;
      continue;
    }
    std::array<uint8_t, kMostOfAKind> slots{};
    int n = 0;
    for (int q = g.first; q < g.first + g.count; ++q) {
      if (q == taken) continue;
      slots[n++] = static_cast<uint8_t>(h.slot_of[q == piece ? to : p.point[q]]);
    }
    index += rank_of_slots(h, slots) * h.stride;
  }
  return index;
}

uint64_t PositionIndex::encode_points(const std::array<int8_t, kMostPieces>& points,
                                      bool mirror) const {
  auto at = [&](int piece) {
    return mirror ? xiangqi::mirrored_file(points[piece]) : static_cast<int>(points[piece]);
  };
  const int digit = king_pairs().digit[at(0)][at(1)];
  assert(digit >= 0);
  uint64_t index = static_cast<uint64_t>(digit) * king_stride_;
  for (const PieceGroup& g : groups_) {
    std::array<uint8_t, kMostOfAKind> slots{};
    for (int i = 0; i < g.count; ++i) slots[i] = static_cast<uint8_t>(g.slot_of[at(g.first + i)]);
    index += rank_of_slots(g, slots) * g.stride;
  }
  return index;
}

uint64_t PositionIndex::encode(std::span<const PlacedPiece> pieces) const {
  std::array<int8_t, kMostPieces> points{};
  std::array<int, kMostPieces> filled{};
  int kings = 0;
  for (const PlacedPiece& piece : pieces) {
    if (piece.kind == Kind::king) {
      points[index(piece.side)] = static_cast<int8_t>(piece.point);
      ++kings;
      continue;
    }
    const int g = group_of(piece.side, piece.kind);
    assert(g >= 0 && filled[g] < groups_[g].count);
    assert(groups_[g].slot_of[piece.point] >= 0);
    points[groups_[g].first + filled[g]++] = static_cast<int8_t>(piece.point);
  }
  assert(kings == 2);
  (void)kings;
  return encode_points(points, !canonical_kings(points[0], points[1]));
}

uint64_t PositionIndex::after_any_move(uint64_t index, const Placement& p, int piece, int to,
                                       bool mirror) const {
  if (piece >= 2 && !mirror) return after_move(index, p, piece, to);
  std::array<int8_t, kMostPieces> points = p.point;
  points[piece] = static_cast<int8_t>(to);
  if (!mirror && canonical_kings(points[0], points[1])) {
    const auto& digit = king_pairs().digit;
    return index + static_cast<uint64_t>(digit[points[0]][points[1]]) * king_stride_ -
           static_cast<uint64_t>(digit[p.point[0]][p.point[1]]) * king_stride_;
  }
  return encode_points(points, true);
}

}  // namespace egkb::solve
