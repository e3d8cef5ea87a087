// The interplay truth's raw evaluation: what real xiangqi material does and a sum of piece
// values cannot say (docs/synthetic-data.md). A side's threat is measured in winning attacks
// (1 wins against a bare defence), each attacker's share read from a table of the defender's
// guards and ministers, then corrected for the pieces that only work together.
#include <algorithm>
#include <array>
#include <cstddef>
#include <limits>

#include "synth/raw_advantage.h"
#include "synth/side_counts.h"

namespace egkb {

namespace {

// One attacker's share of a winning attack against [ministers][guards] of the defender.
using DefenceTable = std::array<std::array<double, 3>, 3>;

// Guards and ministers both slow a rook; the full defence is handled below.
constexpr DefenceTable kRookShare = {{{2.0, 1.7, 1.5}, {1.6, 1.4, 1.25}, {1.12, 1.05, 0.95}}};
// Ministers shut a horse out (two of them hold any number of horses); guards hardly matter.
constexpr DefenceTable kHorseShare = {{{1.4, 1.25, 1.1}, {0.8, 0.75, 0.6}, {0.1, 0.08, 0.06}}};
// Guards take the squares a cannon checks along; ministers hardly matter.
constexpr DefenceTable kCannonShare = {{{1.5, 0.9, 0.45}, {1.4, 0.8, 0.4}, {1.3, 0.75, 0.35}}};
// A guard with a minister covers pawns better than two of a kind (KPPKGM is drawn, KPPKGG and
// KPPKMM are won); against the full defence pawns that have crossed too far count for nothing.
constexpr DefenceTable kPawnShare = {{{1.2, 0.9, 0.5}, {0.9, 0.3, 0.28}, {0.5, 0.28, 0.0}}};

double share(const DefenceTable& table, const SideCounts& defender) {
  return table[static_cast<std::size_t>(defender[kMinister])]
              [static_cast<std::size_t>(defender[kGuard])];
}

// Fortresses: the full defence holds a lone rook and any number of pawns alone, but not an
// attack of two kinds, in which each pawn still counts this much.
constexpr double kLoneRookAgainstFullDefence = 0.5;
constexpr double kPawnInMixedAttackOnFullDefence = 0.2;
// Two horses without another attacker get in each other's way once there is anything to guard.
constexpr double kTwoHorsesAlone = 0.6;
// A horse and a cannon together: the horse screens the cannon and covers the squares it checks.
constexpr double kHorseAndCannon = 0.6;
// Each own guard or minister at home frees the attackers to go forward.
constexpr double kSupport = 0.08;

// How much of a winning attack `a` (which has an attacker) makes against `d`'s guards and
// ministers.
double threat(const SideCounts& a, const SideCounts& d) {
  const int attacking = attackers(a);
  const int kinds = (a[kRook] > 0) + (a[kHorse] > 0) + (a[kCannon] > 0) + (a[kPawn] > 0);
  const bool full_defence = d[kGuard] == 2 && d[kMinister] == 2;

  double rook = share(kRookShare, d) * a[kRook];
  if (full_defence && attacking == 1) rook *= kLoneRookAgainstFullDefence;
  double horse = share(kHorseShare, d) * a[kHorse];
  if (a[kHorse] == 2 && kinds == 1 && d[kGuard] + d[kMinister] > 0) horse *= kTwoHorsesAlone;
  // A cannon gives check only over a screen of its own side: another attacker, a guard or a
  // minister. A lone cannon cannot mate.
  const int screens = attacking - 1 + a[kGuard] + a[kMinister];
  const double cannon = screens > 0 ? share(kCannonShare, d) * a[kCannon] : 0.0;
  double pawn = share(kPawnShare, d) * a[kPawn];
  if (full_defence) pawn = kinds > 1 ? kPawnInMixedAttackOnFullDefence * a[kPawn] : 0.0;

  double total = rook + horse + cannon + pawn;
  if (a[kHorse] > 0 && a[kCannon] > 0) total += kHorseAndCannon;
  return total + kSupport * (a[kGuard] + a[kMinister]);
}

// How much one defending piece of each kind (rows: R N C P) holds back an attack by each kind
// (columns). A rook at home stops anything but a rook; a horse or a cannon is best against
// pawns; a pawn that has crossed the river does not come back.
constexpr std::array<std::array<double, 4>, 4> kHold = {
    {{0.8, 1.6, 1.6, 1.6}, {0.1, 0.35, 0.5, 0.7}, {0.1, 0.5, 0.35, 0.7}, {0.05, 0.05, 0.05, 0.05}}};

// The defender's attackers at home against `a` (which has an attacker), each at its hold against
// the attacking kind it handles worst: a mixed attack finds the gap.
double hold(const SideCounts& d, const SideCounts& a) {
  double total = 0;
  for (std::size_t defending = 0; defending < 4; ++defending) {
    double weakest = std::numeric_limits<double>::infinity();
    for (std::size_t attacking = 0; attacking < 4; ++attacking) {
      if (a[PieceKind(attacking)] > 0) weakest = std::min(weakest, kHold[defending][attacking]);
    }
    total += weakest * d[PieceKind(defending)];
  }
  return total;
}

// The attacker's winning racing_chances, 0..1: none below 60% of a winning attack, sure from 105%.
double racing_chances(const SideCounts& a, const SideCounts& d) {
  if (attackers(a) == 0) return 0;
  const double x = threat(a, d) / (1 + hold(d, a));
  return std::clamp((x - 0.6) / 0.45, 0.0, 1.0);
}

}  // namespace

double interplay_advantage(const Material& m) {
  const SideCounts red = side_counts(m, Side::Red);
  const SideCounts black = side_counts(m, Side::Black);
  const double r = racing_chances(red, black), b = racing_chances(black, red);
  // The attacks race: the weaker side's own racing_chances take their share off the stronger side's
  // edge, and two sure wins leave either side able to win.
  return (r - b) * (1 - std::min(r, b));
}

}  // namespace egkb
