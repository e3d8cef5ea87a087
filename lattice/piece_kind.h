// Piece kinds as a type: a kind of a set by its place in the set's order, arrays indexed by
// kind, and the kinds of a set to loop over. What a kind is called and how many a side may have
// is the piece set's (lattice/piece_set.h).
#pragma once

#include <cstdint>

#include "lattice/types.h"

namespace egkb {

// The most non-king piece kinds any set has; sizes the fixed arrays in Material.
constexpr int kMaxKinds = 8;

// A piece kind other than the king (which every side has exactly once), by its place in its
// set's order: xiangqi's R N C P G M are 0..5. No kind is an empty std::optional<PieceKind>.
enum class PieceKind : uint8_t {};

constexpr int kind_index(PieceKind k) {
  return static_cast<int>(k);
}

// A value for each kind a set may have.
template <typename T>
using ByKind = EnumArray<PieceKind, T, kMaxKinds>;

// The first `count` kinds in order, for range-for: a set's kinds (PieceSet::kinds()).
class KindRange {
 public:
  class iterator {
   public:
    explicit constexpr iterator(int k) : k_(k) {}
    constexpr PieceKind operator*() const { return PieceKind(k_); }
    constexpr iterator& operator++() {
      ++k_;
      return *this;
    }
    friend constexpr bool operator==(iterator, iterator) = default;

   private:
    int k_;
  };

  explicit constexpr KindRange(int count) : count_(count) {}
  constexpr iterator begin() const { return iterator(0); }
  constexpr iterator end() const { return iterator(count_); }

 private:
  int count_;
};

}  // namespace egkb
