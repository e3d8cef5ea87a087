#include "board/random_positions.h"

#include <fmt/format.h>

#include "base/errors.h"
#include "lattice/random.h"

namespace egkb {

namespace {

// SplitMix64's finaliser: spreads seed, key and index over the generator's whole seed.
uint64_t mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

}  // namespace

PositionSampler::PositionSampler(const Material& material, const PieceSet& pieces)
    : rules_(rules_of(pieces)),
      key_(key_of(material, pieces)),
      material_text_(format_material(material, pieces)) {
  std::size_t total = 0;
  for (Side side : {Side::Red, Side::Black}) {
    pieces_.push_back({side, 'K', &rules_.placement(side, 'K')});
    ++total;
  }
  for (Side side : {Side::Red, Side::Black}) {
    for (PieceKind k : pieces.kinds()) {
      const char letter = pieces.kind(k).letter;
      const int count = material.count(side, k);
      const auto& squares = rules_.placement(side, letter);
      if (static_cast<std::size_t>(count) > squares.size()) {
        throw InputError("", 0, "MATERIAL",
                         fmt::format("{} has no legal position: {} {} {}s and only {} squares "
                                     "they may stand on",
                                     material_text_, count, pieces.side_name(side),
                                     pieces.kind(k).name, squares.size()));
      }
      for (int i = 0; i < count; ++i) pieces_.push_back({side, letter, &squares});
      total += static_cast<std::size_t>(count);
    }
  }
  const auto squares = static_cast<std::size_t>(rules_.files() * rules_.ranks());
  if (total > squares) {
    throw InputError("", 0, "MATERIAL",
                     fmt::format("{} has no legal position: {} pieces on {} squares",
                                 material_text_, total, squares));
  }
}

Position PositionSampler::draw(uint64_t seed, uint64_t index) const {
  Random random(mix(mix(mix(seed) ^ key_) ^ index));
  const Side to_move = side_to_move(index);
  for (uint64_t attempt = 0; attempt < kMostTries; ++attempt) {
    Position p = rules_.empty_position(to_move);
    bool collided = false;
    for (const Piece& piece : pieces_) {
      const Square s = (*piece.squares)[random.below(piece.squares->size())];
      if (p.at(s) != kEmpty) {
        collided = true;
        break;
      }
      p.put(s, piece_letter(piece.side, piece.letter));
    }
    if (!collided && rules_.legal(p)) return p;
  }
  throw InputError("", 0, "MATERIAL",
                   fmt::format("no legal position of {} found in {} random placements: it has "
                               "none, or too few to draw",
                               material_text_, kMostTries));
}

}  // namespace egkb
