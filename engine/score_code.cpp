#include "engine/score_code.h"

#include <cstdlib>

namespace egkb {

namespace {

// Centipawn scores stay far below it; any engine's mate distance does too.
constexpr int32_t kMateBand = kMateCode / 2;

}  // namespace

int32_t score_code(const EngineScore& s) {
  if (s.kind == EngineScore::Kind::Centipawns) return s.value;
  if (s.value == 0) return -kMateCode;
  return s.value > 0 ? kMateCode - s.value : -(kMateCode + s.value);
}

EngineScore score_of_code(int32_t code) {
  if (std::abs(code) < kMateBand) return {EngineScore::Kind::Centipawns, code};
  if (code == -kMateCode) return {EngineScore::Kind::Mate, 0};
  return {EngineScore::Kind::Mate, code > 0 ? kMateCode - code : -(kMateCode + code)};
}

std::vector<int32_t> score_codes(std::span<const EngineScore> scores) {
  std::vector<int32_t> codes;
  codes.reserve(scores.size());
  for (const EngineScore& s : scores) codes.push_back(score_code(s));
  return codes;
}

std::vector<EngineScore> scores_of_codes(std::span<const int32_t> codes) {
  std::vector<EngineScore> scores;
  scores.reserve(codes.size());
  for (int32_t c : codes) scores.push_back(score_of_code(c));
  return scores;
}

}  // namespace egkb
