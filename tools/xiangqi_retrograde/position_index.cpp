#include "tools/xiangqi_retrograde/position_index.h"

#include <algorithm>
#include <stdexcept>

namespace xiangqi_retrograde {

namespace {

uint64_t binomial(int n, int k) {
  if (k < 0 || k > n) return 0;
  uint64_t b = 1;
  for (int i = 1; i <= k; ++i) b = b * static_cast<uint64_t>(n - k + i) / static_cast<uint64_t>(i);
  return b;
}

// Colex rank of ascending slots: sum of C(slot_i, i + 1). Every C(n, k) needed, n < 90, k <= 5.
struct Binomials {
  std::array<std::array<uint64_t, kMostOfAKind + 1>, kSquares + 1> c{};
  Binomials() {
    for (int n = 0; n <= kSquares; ++n) {
      for (int k = 0; k <= kMostOfAKind; ++k) c[n][k] = binomial(n, k);
    }
  }
};
const Binomials kBinomials;

}  // namespace

PositionIndex::PositionIndex(const Material& m) : material_(m) {
  for (auto& side : group_of_kind_) side.fill(-1);
  // Kings first (pieces 0 and 1), then red's kinds, then black's; the last group is the fastest
  // digit. The order changes no result, only which moves land near in memory.
  auto add = [&](Colour c, Kind k) {
    const int count = m.of(c, k);
    if (count == 0) return;
    PieceGroup g;
    g.colour = c;
    g.kind = k;
    g.count = count;
    g.first = groups_.empty() ? 0 : groups_.back().first + groups_.back().count;
    g.squares = &placement_squares(c, k);
    g.slot_of.fill(-1);
    for (size_t i = 0; i < g.squares->size(); ++i)
      g.slot_of[(*g.squares)[i]] = static_cast<int8_t>(i);
    g.combinations = binomial(static_cast<int>(g.squares->size()), count);
    if (count > 1) {
      // Every ascending choice of `count` slots, stored at its colex rank.
      g.slots_of_rank.resize(g.combinations);
      std::array<uint8_t, kMostOfAKind> slots{};
      for (int i = 0; i < count; ++i) slots[i] = static_cast<uint8_t>(i);
      const int n = static_cast<int>(g.squares->size());
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
      group_of_piece_[g.first + i] = static_cast<uint8_t>(groups_.size());
    group_of_kind_[index(c)][index(k)] = static_cast<int8_t>(groups_.size());
    groups_.push_back(std::move(g));
  };
  if (m.of(Colour::red, Kind::king) != 1 || m.of(Colour::black, Kind::king) != 1) {
    throw std::invalid_argument("a material has one king a side");
  }
  add(Colour::red, Kind::king);
  add(Colour::black, Kind::king);
  for (Colour c : {Colour::red, Colour::black}) {
    for (Kind k : {Kind::guard, Kind::minister, Kind::pawn, Kind::horse, Kind::cannon, Kind::rook})
      add(c, k);
  }
  if (groups_.back().first + groups_.back().count > kMostPieces)
    throw std::invalid_argument("too many pieces");
  for (auto it = groups_.rbegin(); it != groups_.rend(); ++it) {
    it->stride = size_;
    size_ *= it->combinations;
  }
}

uint64_t PositionIndex::size_of(const Material& m) {
  uint64_t size = 1;
  for (Colour c : {Colour::red, Colour::black}) {
    for (int k = 0; k < kKinds; ++k) {
      size *= binomial(static_cast<int>(placement_squares(c, static_cast<Kind>(k)).size()),
                       m.count[index(c)][k]);
    }
  }
  return size;
}

bool PositionIndex::decode(uint64_t index, Position& p) const {
  p.cell.fill(kEmpty);
  p.piece_at.fill(-1);
  bool ok = true;
  for (const PieceGroup& g : groups_) {
    const uint64_t r = index / g.stride % g.combinations;
    for (int i = 0; i < g.count; ++i) {
      const int slot = g.count == 1 ? static_cast<int>(r) : g.slots_of_rank[r][i];
      const int sq = (*g.squares)[slot];
      const int piece = g.first + i;
      p.square[piece] = static_cast<int8_t>(sq);
      if (p.piece_at[sq] >= 0) ok = false;
      p.piece_at[sq] = static_cast<int8_t>(piece);
      p.cell[sq] = cell_code(g.colour, g.kind);
    }
  }
  p.pieces = groups_.back().first + groups_.back().count;
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

uint64_t PositionIndex::after_move(uint64_t index, const Position& p, int piece, int to) const {
  const PieceGroup& g = groups_[group_of_piece_[piece]];
  if (g.count == 1) {
    return index + static_cast<uint64_t>(g.slot_of[to]) * g.stride -
           static_cast<uint64_t>(g.slot_of[p.square[piece]]) * g.stride;
  }
  std::array<uint8_t, kMostOfAKind> before{}, after{};
  for (int i = 0; i < g.count; ++i) {
    const int sq = p.square[g.first + i];
    before[i] = static_cast<uint8_t>(g.slot_of[sq]);
    after[i] = static_cast<uint8_t>(g.slot_of[g.first + i == piece ? to : sq]);
  }
  return index + rank_of_slots(g, after) * g.stride - rank_of_slots(g, before) * g.stride;
}

uint64_t PositionIndex::encode(std::span<const PlacedPiece> pieces) const {
  std::array<std::array<uint8_t, kMostOfAKind>, kMostPieces> slots{};
  std::array<int, kMostPieces> filled{};
  for (const PlacedPiece& piece : pieces) {
    const int g = group_of_kind_[index(piece.colour)][index(piece.kind)];
    if (g < 0 || filled[g] == groups_[g].count)
      throw std::logic_error("piece not of this material");
    const int slot = groups_[g].slot_of[piece.square];
    if (slot < 0) throw std::logic_error("piece on a square it may not stand on");
    slots[g][filled[g]++] = static_cast<uint8_t>(slot);
  }
  uint64_t index = 0;
  for (size_t g = 0; g < groups_.size(); ++g) {
    if (filled[g] != groups_[g].count) throw std::logic_error("piece missing from a placement");
    index += rank_of_slots(groups_[g], slots[g]) * groups_[g].stride;
  }
  return index;
}

}  // namespace xiangqi_retrograde
