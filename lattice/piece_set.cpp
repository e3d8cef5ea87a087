#include "lattice/piece_set.h"

#include <fmt/format.h>

#include <stdexcept>

#include "base/errors.h"
#include "base/text.h"

namespace egkb {

PieceSet::PieceSet(std::string name, std::vector<PieceKindInfo> kinds,
                   std::vector<RejectedLetter> rejected, char separator,
                   std::array<std::string, 2> sides)
    : name_(std::move(name)),
      kinds_(std::move(kinds)),
      rejected_(std::move(rejected)),
      separator_(separator),
      sides_(std::move(sides)) {
  if (kinds_.size() > static_cast<size_t>(kMaxKinds)) {
    throw std::logic_error("piece set " + name_ + " has too many kinds");
  }
  // The last kind is the least significant digit, so canonical order is also key order.
  for (int k = kind_count() - 1; k >= 0; --k) {
    strides_[PieceKind(k)] = side_key_count_;
    side_key_count_ *= static_cast<Key>(kind(PieceKind(k)).max + 1);
  }
  for (PieceKind k : KindRange(kind_count())) {
    steps_[0][k] = key_step(Side::Red, k);
    steps_[1][k] = key_step(Side::Black, k);
  }
  room_.resize(side_key_count_);
  for (Key s = 0; s < side_key_count_; ++s) {
    for (PieceKind k : KindRange(kind_count())) {
      const Key most = static_cast<Key>(kind(k).max);
      const Key count = s / strides_[k] % (most + 1);
      if (count < most) room_[s] |= static_cast<uint16_t>(1u << kind_index(k));
      if (count > 0) room_[s] |= static_cast<uint16_t>(1u << (kMaxKinds + kind_index(k)));
    }
  }
  kind_of_letter_.fill(-1);
  for (PieceKind k : KindRange(kind_count())) {
    const PieceKindInfo& info = kind(k);
    kind_of_letter_[static_cast<unsigned char>(info.letter)] = static_cast<int8_t>(k);
    for (char alias : info.aliases) {
      kind_of_letter_[static_cast<unsigned char>(alias)] = static_cast<int8_t>(k);
    }
  }
}

const PieceSet& PieceSet::xiangqi() {
  static const PieceSet set(
      "xiangqi",
      {{'R', "", 2, "rook"},
       {'N', "H", 2, "horse"},
       {'C', "", 2, "cannon"},
       {'P', "", 5, "pawn"},
       {'G', "A", 2, "guard"},
       {'M', "E", 2, "minister"}},
      {{'B',
        "'B' is ambiguous (a bishop in chess, an elephant in some xiangqi notations): "
        "write M (or E) for a minister, G (or A) for a guard; chess materials are read with "
        "the chess piece set"}},
      '\0', {"red", "black"});
  return set;
}

const PieceSet& PieceSet::chess() {
  static const PieceSet set("chess",
                            {{'Q', "", 9, "queen"},
                             {'R', "", 10, "rook"},
                             {'B', "", 10, "bishop"},
                             {'N', "", 10, "knight"},
                             {'P', "", 8, "pawn"}},
                            {}, 'v', {"white", "black"});
  return set;
}

const PieceSet& PieceSet::named(std::string_view name) {
  if (name == "xiangqi") return xiangqi();
  if (name == "chess") return chess();
  throw InputError("", 0, "pieces",
                   fmt::format("unknown piece set {}; expected xiangqi or chess", in_quotes(name)));
}

const PieceSet& PieceSet::of_material(std::string_view text) {
  const PieceSet& chess = PieceSet::chess();
  bool separated = false, chess_letters = true;
  for (char c : text) {
    if (c == 'Q' || c == 'B') return chess;
    if (c == 'v') {
      separated = true;
    } else if (c != 'K' && !chess.kind_of(c)) {
      chess_letters = false;
    }
  }
  return separated && chess_letters ? chess : xiangqi();
}

std::string_view PieceSet::rejection(char letter) const {
  for (const RejectedLetter& r : rejected_) {
    if (r.letter == letter) return r.reason;
  }
  return {};
}

std::string PieceSet::expected_letters() const {
  std::string letters = "K";
  std::string aliases;
  for (const PieceKindInfo& kind : kinds_) {
    letters += ' ';
    letters += kind.letter;
    for (char a : kind.aliases) {
      aliases += aliases.empty() ? "" : " ";
      aliases += a;
    }
  }
  return aliases.empty() ? letters : letters + " (aliases " + aliases + ")";
}

}  // namespace egkb
