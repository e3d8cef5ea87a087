// A material's positions counted by result, as tablebase statistics give them (Syzygy's: per side
// to move, with the wins and losses the 50-move rule turns into draws), and the score they make:
// the expected result binned, a material drawn from almost every position "almost a draw".
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "base/name_table.h"
#include "lattice/expected_result.h"
#include "lattice/types.h"

namespace egkb {

// Whose move the counted positions are: red's or black's, each counted from the side to move's
// view (`win` is the side to move winning), or either, counted from red's view.
enum class ToMove : uint8_t { Red, Black, Either };

// The store's position_counts.to_move.
inline constexpr auto kToMove = name_table<ToMove>({
    {ToMove::Red, "red"},
    {ToMove::Black, "black"},
    {ToMove::Either, "either"},
});

constexpr std::string_view to_move_name(ToMove to_move) {
  return kToMove.name(to_move);
}

struct OutcomeCounts {
  ToMove to_move = ToMove::Either;
  uint64_t win = 0;
  uint64_t cursed_win = 0;  // a win the 50-move rule makes a draw
  uint64_t draw = 0;
  uint64_t blessed_loss = 0;  // a loss the 50-move rule makes a draw
  uint64_t loss = 0;

  // The counts' names as files and the store write them, in the order counts() gives them.
  static constexpr std::array<const char*, 5> kNames = {"win", "cursed_win", "draw", "blessed_loss",
                                                        "loss"};
  std::array<uint64_t*, 5> counts() { return {&win, &cursed_win, &draw, &blessed_loss, &loss}; }
  std::array<uint64_t, 5> values() const { return {win, cursed_win, draw, blessed_loss, loss}; }

  uint64_t positions() const { return win + cursed_win + draw + blessed_loss + loss; }
  // Draws under the 50-move rule, as the shipped chess scores count them.
  uint64_t drawn() const { return cursed_win + draw + blessed_loss; }
  // (wins - losses) / positions from red's side; 0 without positions.
  double red_result() const;
  friend bool operator==(const OutcomeCounts&, const OutcomeCounts&) = default;
};

// One material's counts: a set per side to move, or one set.
struct PositionCounts {
  Key key = 0;
  std::vector<OutcomeCounts> sets;
  std::size_t line = 0;  // where the counts came from, for messages; 0 if not a file line

  // The mean of the sets' red results: each side to move weighs half, however many positions
  // it has (datasets/README.md's `expectation`).
  double expected() const;
  // Whether at least `share` of the positions of every set are drawn.
  bool almost_drawn(double share) const;
};

// The shipped chess data's default: drawn from 95% of the positions with either side to move.
constexpr double kAlmostDrawShare = 0.95;

// The expected result binned; a material of rank 4 that is almost drawn scores 5, "almost a
// draw", whichever side the bins lean it to. The rule never moves a material to another rank,
// so it changes no comparison of the piece additive rule.
Score score_of_counts(const PositionCounts& counts, const ScoreBins& bins = kChessBins,
                      double almost_draw = kAlmostDrawShare);

}  // namespace egkb
