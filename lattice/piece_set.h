// Piece sets are data: which piece kinds exist, how they are spelled, how many a side may have.
#pragma once

#include <array>
#include <bit>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lattice/piece_kind.h"
#include "lattice/types.h"

namespace egkb {

// How a set spells and bounds one of its kinds.
struct PieceKindInfo {
  char letter;          // canonical spelling, used on output
  std::string aliases;  // other letters accepted on input
  int max;              // most pieces of this kind one side may have
  std::string name;     // for messages and the reviewer's pretty form
};

// One piece more or one fewer: a step along a lattice edge, from a material to its neighbour.
struct PieceStep {
  Side side;
  PieceKind kind;
  bool more;  // the neighbour has the piece more; false: it has one fewer
};

// Which steps a walk takes: both ways, or only to the neighbours with a piece fewer or more.
enum class Toward : uint8_t { Either, Fewer, More };

// A letter a set refuses on purpose, with the reason given to the user.
struct RejectedLetter {
  char letter;
  std::string reason;
};

class PieceSet {
 public:
  PieceSet(std::string name, std::vector<PieceKindInfo> kinds, std::vector<RejectedLetter> rejected,
           char separator, std::array<std::string, 2> sides);

  // Chinese chess, the default: K plus R N C P G M (aliases H for N, A for G, E for M).
  static const PieceSet& xiangqi();
  // Western chess: K plus Q R B N P, printed with a 'v' between the sides as Syzygy does.
  static const PieceSet& chess();
  // The built-in set of that name; throws InputError naming the known sets.
  static const PieceSet& named(std::string_view name);
  // The set a material text is written in: chess when it uses a letter only chess has (Q, B),
  // or separates the sides with 'v' and uses only chess letters (KRPvKR, as Syzygy names
  // endgames); xiangqi otherwise, the default.
  static const PieceSet& of_material(std::string_view text);

  const std::string& name() const { return name_; }
  // "red" and "black" in xiangqi, "white" and "black" in chess.
  const std::string& side_name(Side s) const { return sides_[static_cast<std::size_t>(s)]; }
  int kind_count() const { return static_cast<int>(kinds_.size()); }
  // The set's kinds in order: for (PieceKind k : pieces.kinds()).
  KindRange kinds() const { return KindRange(kind_count()); }
  const PieceKindInfo& kind(PieceKind k) const { return kinds_[static_cast<size_t>(k)]; }
  // The kind a letter (canonical or alias) denotes, if any.
  std::optional<PieceKind> kind_of(char letter) const {
    const int8_t k = kind_of_letter_[static_cast<unsigned char>(letter)];
    if (k < 0) return std::nullopt;
    return PieceKind(k);
  }
  // Why this set refuses the letter, or an empty view if it does not refuse it on purpose.
  std::string_view rejection(char letter) const;
  // The character printed between red and black (0 for none). Input accepts 'v' in every set.
  char separator() const { return separator_; }
  // "K R N C P G M (aliases H A E)": what a parser expects, for messages.
  std::string expected_letters() const;

  // Keys are mixed radix: a side's counts form one number, red's block before black's.
  Key side_key_count() const { return side_key_count_; }
  Key key_count() const { return side_key_count_ * side_key_count_; }
  Key side_stride(PieceKind k) const { return strides_[k]; }
  // How a material's key grows when one piece of kind k is added to side s.
  Key key_step(Side s, PieceKind k) const {
    return strides_[k] * (s == Side::Red ? side_key_count_ : 1);
  }

  // Calls f(neighbour, step) for every material one piece away from `key` within the set's
  // bounds, `toward` the side asked: red's kinds, then black's, each kind's piece fewer before
  // its piece more. The one walk over a key's neighbours: the lattice's edges, the presets'
  // extensions, the truth model's envelopes and distance-k's balls all take it.
  template <Toward toward = Toward::Either, typename F>
  void for_each_step(Key key, F&& f) const {
    const std::array<Key, 2> side_keys = {key / side_key_count_, key % side_key_count_};
    for (std::size_t s = 0; s < 2; ++s) {
      const Side side = Side(s);
      const unsigned room = room_[side_keys[s]];
      unsigned more = room & kKindBits, fewer = room >> kMaxKinds;
      if constexpr (toward == Toward::More) fewer = 0;
      if constexpr (toward == Toward::Fewer) more = 0;
      // The kinds with a step either way, lowest first.
      for (unsigned open = more | fewer; open != 0; open &= open - 1) {
        const int i = std::countr_zero(open);
        const auto k = static_cast<PieceKind>(i);
        if ((fewer >> i & 1u) != 0) f(key - steps_[s][k], PieceStep{side, k, false});
        if ((more >> i & 1u) != 0) f(key + steps_[s][k], PieceStep{side, k, true});
      }
    }
  }

 private:
  std::string name_;
  std::vector<PieceKindInfo> kinds_;
  std::vector<RejectedLetter> rejected_;
  char separator_;
  std::array<std::string, 2> sides_;
  Key side_key_count_ = 1;
  ByKind<Key> strides_{};
  // For each side's count number: bit k set where a piece of kind k may be added, bit
  // kMaxKinds + k where one may be taken. A look-up per side instead of decoding the counts.
  std::vector<uint16_t> room_;
  static constexpr unsigned kKindBits = (1u << kMaxKinds) - 1;
  std::array<ByKind<Key>, 2> steps_{};        // key_step: red's, then black's
  std::array<int8_t, 256> kind_of_letter_{};  // every material parsed looks its letters up here;
                                              // -1 for a letter of no kind
};

}  // namespace egkb
