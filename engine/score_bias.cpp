#include "engine/score_bias.h"

#include <array>
#include <utility>

namespace egkb {

namespace {

// Chosen with the threshold on 287 solved materials (the shipped 227 and half of those beyond
// them), measured on the other half: docs/evidence.md, "Reading a score".
constexpr std::array<std::pair<char, int>, 3> kXiangqiBias{{{'G', 75}, {'M', 50}, {'P', -100}}};

}  // namespace

int score_bias(const Material& material, const PieceSet& pieces) {
  if (&pieces != &PieceSet::xiangqi()) return 0;
  int bias = 0;
  for (const auto& [letter, centipawns] : kXiangqiBias) {
    const PieceKind kind = *pieces.kind_of(letter);
    bias += centipawns * (material.count(Side::Red, kind) - material.count(Side::Black, kind));
  }
  return bias;
}

ScoreReading score_reading(const Material& material, const PieceSet& pieces, int threshold) {
  return {threshold, score_bias(material, pieces)};
}

}  // namespace egkb
