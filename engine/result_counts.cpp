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

Outcome outcome_for_red(const EngineScore& score, Side to_move, const ScoreReading& reading) {
  const int red = to_move == Side::Red ? 1 : -1;
  if (score.kind == EngineScore::Kind::Mate) {
    // mate 0: the side to move has no move, and loses
    return static_cast<Outcome>(score.value > 0 ? red : -red);
  }
  const int64_t from_bias = int64_t{red} * score.value - reading.bias;
  if (from_bias > reading.threshold) return Outcome::RedWins;
  if (from_bias < -int64_t{reading.threshold}) return Outcome::BlackWins;
  return Outcome::Draw;
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

ResultCounts count_results(std::span<const EngineScore> scores, const ScoreReading& reading) {
  ResultCounts counts;
  for (std::size_t i = 0; i < scores.size(); ++i) {
    counts.add(outcome_for_red(scores[i], side_to_move(i), reading));
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
