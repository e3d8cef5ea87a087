// A solved material: its exact win/draw/loss counts with each side to move, the rules they hold
// under, and what solving it took. Its row is a solved row (Source::Solved): invariable, scored
// by binning its counts (lattice/position_counts.h), changed by nothing but another solve.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "base/name_table.h"
#include "lattice/material.h"
#include "lattice/position_counts.h"

namespace egkb {

enum class SolveRules : uint8_t {
  // The game's own rules decide every position: a xiangqi material where one side alone has
  // attackers (R N C P), under the Asian rules (no check or chase by the defender, no gain for
  // the attacker in repeating), and chess.
  Exact,
  // Every repetition a draw, no perpetual-check or chase ruling: the public xiangqi generators'
  // convention, exact only where no such ruling would apply.
  RepetitionDraw,
};

// The store's solved.rules and the JSON's; help: what the rules mean, for `show` and the docs.
inline constexpr auto kSolveRules = name_table<SolveRules>({
    {SolveRules::Exact, "exact",
     "the game's rules decide every position (in xiangqi one side alone has attackers, so no "
     "perpetual-check or chase ruling applies)"},
    {SolveRules::RepetitionDraw, "repetition-draw",
     "every repetition counted a draw, as the public xiangqi generators count it; exact only "
     "where no perpetual-check or chase ruling of the Asian rules would decide a position"},
});

constexpr std::string_view rules_name(SolveRules rules) {
  return kSolveRules.name(rules);
}
constexpr std::optional<SolveRules> rules_named(std::string_view name) {
  return kSolveRules.named(name);
}

// What solving the material gives: exact unless both sides of a xiangqi material have attackers.
SolveRules rules_of(const Material& material, const PieceSet& pieces);

// What `rules` means, in a sentence for `show` and the docs: "exact: the game's rules ...".
std::string rules_meaning(SolveRules rules);

struct SolvedMaterial {
  // Its key, then a set with red to move and one with black to move, each counted from the side
  // to move's view (lattice/position_counts.h), cursed wins and blessed losses included.
  PositionCounts counts;
  SolveRules rules = SolveRules::Exact;
  std::optional<uint64_t> positions;  // the solver's index positions, both sides to move
  std::optional<double> seconds;      // what solving it took

  // The same solution seen from the other side: the mirror's key, red to move there counting
  // what black to move counts here.
  SolvedMaterial mirrored(const PieceSet& pieces) const;
  // The same material, counts, rules and cost (where the counts were read from aside).
  friend bool operator==(const SolvedMaterial& a, const SolvedMaterial& b) {
    return a.counts.key == b.counts.key && a.counts.sets == b.counts.sets && a.rules == b.rules &&
           a.positions == b.positions && a.seconds == b.seconds;
  }
};

// Whether the counts are one set with red to move and one with black to move, in that order,
// each with a position.
bool counts_per_side_to_move(const PositionCounts& counts);

}  // namespace egkb
