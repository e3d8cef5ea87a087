// What an engine's scores say about a material: each position's result from red's side at a
// threshold, the counts over the positions, the expected result with its 95% interval, and when
// the positions searched so far are enough (docs/design.md section 4b).
#pragma once

#include <cstdint>
#include <span>

#include "engine/uci_engine.h"
#include "lattice/types.h"

namespace egkb {

enum class Outcome : int8_t { BlackWins = -1, Draw = 0, RedWins = 1 };

// How a material's scores are read: a mate is a win or a loss; a score (turned to red's side)
// more than `threshold` centipawns above `bias` a win for red, more than that below it a loss,
// else a draw. The bias is what the engine's score counts that wins nothing (engine/score_bias.h).
struct ScoreReading {
  int threshold = 0;
  int bias = 0;  // red's side
};

// The engine's score is the side to move's.
Outcome outcome_for_red(const EngineScore& score, Side to_move, const ScoreReading& reading);

struct ResultCounts {
  uint32_t wins = 0;  // red's
  uint32_t draws = 0;
  uint32_t losses = 0;

  uint32_t total() const { return wins + draws + losses; }
  void add(Outcome o);
  friend bool operator==(const ResultCounts&, const ResultCounts&) = default;
};

// The counts of `scores`, position i's side to move being side_to_move(i).
ResultCounts count_results(std::span<const EngineScore> scores, const ScoreReading& reading);

struct ExpectedResult {
  double expected = 0;  // (wins - losses) / positions
  double low = -1;      // its 95% interval
  double high = 1;
};

// The mean of the positions' results with a normal interval whose variance counts one extra win
// and one extra loss: a material of all wins or all draws still gets an interval that narrows
// only as positions are added. No positions: the whole range.
ExpectedResult expected_result(const ResultCounts& counts);

// Sequential search: the counts at which a material may stop early (16, 32, 64, ...: few looks,
// so the chance that one of them stops on a wrong bin stays small), and whether it does.
bool is_look(uint32_t positions);
bool settled(const ResultCounts& counts);

}  // namespace egkb
