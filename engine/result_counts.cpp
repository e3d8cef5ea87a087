#include "engine/result_counts.h"

#include <algorithm>
#include <cmath>

#include "board/random_positions.h"
#include "lattice/expected_result.h"

namespace egkb {

namespace {

constexpr double kZ95 = 1.959964;
constexpr uint32_t kFirstLook = 16;

}  // namespace

Outcome outcome_for_red(const EngineScore& score, Side to_move, int threshold) {
  int sign = 0;  // for the side to move
  if (score.kind == EngineScore::Kind::Mate) {
    sign = score.value > 0 ? 1 : -1;  // mate 0: it has no move, and loses
  } else if (score.value > threshold) {
    sign = 1;
  } else if (score.value < -threshold) {
    sign = -1;
  }
  if (to_move == Side::Black) sign = -sign;
  return static_cast<Outcome>(sign);
}

void ResultCounts::add(Outcome o) {
  switch (o) {
    case Outcome::RedWins:
      ++wins;
      break;
    case Outcome::Draw:
      ++draws;
      break;
    case Outcome::BlackWins:
      ++losses;
      break;
  }
}

ResultCounts count_results(std::span<const EngineScore> scores, int threshold) {
  ResultCounts counts;
  for (std::size_t i = 0; i < scores.size(); ++i) {
    counts.add(outcome_for_red(scores[i], side_to_move(i), threshold));
  }
  return counts;
}

ExpectedResult expected_result(const ResultCounts& c) {
  const double n = c.total();
  if (n == 0) return {};
  const double expected = (static_cast<double>(c.wins) - static_cast<double>(c.losses)) / n;
  const double padded = n + 2;
  const double mean = (static_cast<double>(c.wins) - static_cast<double>(c.losses)) / padded;
  const double square = (static_cast<double>(c.wins) + static_cast<double>(c.losses) + 2) / padded;
  const double half = kZ95 * std::sqrt(std::max(0.0, square - mean * mean) / padded);
  return {expected, std::max(-1.0, expected - half), std::min(1.0, expected + half)};
}

bool is_look(uint32_t positions) {
  return positions >= kFirstLook && (positions & (positions - 1)) == 0;
}

bool settled(const ResultCounts& counts) {
  const ExpectedResult e = expected_result(counts);
  return one_rank(e.low, e.high);
}

}  // namespace egkb
