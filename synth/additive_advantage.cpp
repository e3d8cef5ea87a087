#include <algorithm>
#include <cmath>

#include "synth/raw_advantage.h"
#include "synth/side_counts.h"

namespace egkb {

namespace {

// What one side's attackers can do, split by kind so the defence can weigh each part.
struct Attack {
  double rook = 0, horse = 0, cannon = 0, pawn = 0, support = 0;
  double total() const { return rook + horse + cannon + pawn + support; }
  double pieces() const { return rook + horse + cannon + pawn; }
};

Attack attack_of(const SideCounts& s) {
  Attack a;
  a.rook = 9.0 * s[kRook];
  a.horse = 4.0 * s[kHorse];
  a.pawn = 1.6 * s[kPawn];
  // A cannon needs a screen of its own side to give check; a lone cannon cannot mate.
  const int screens = s[kRook] + s[kHorse] + s[kPawn] + s[kGuard] + s[kMinister] + s[kCannon] - 1;
  a.cannon = screens > 0 ? 4.5 * s[kCannon] : 0.0;
  // Guards and ministers at home free the attackers to go forward.
  if (a.pieces() > 0) a.support = 0.25 * (s[kGuard] + s[kMinister]);
  return a;
}

// How much of `attack` the defending side absorbs. Guards and ministers blunt horses and pawns;
// a guard with a minister covers a pawn attack better than two of a kind, two ministers shut
// out a horse; the defender's own attackers help at half their attacking value.
double defence_of(const SideCounts& d, const Attack& a) {
  const double p = a.pieces();
  if (p <= 0) return 0;
  const double rook = a.rook / p, horse = a.horse / p, cannon = a.cannon / p, pawn = a.pawn / p;
  const double guard = 1.3 * rook + 1.5 * horse + 1.5 * cannon + 1.0 * pawn;
  const double minister = 1.6 * rook + 2.0 * horse + 1.5 * cannon + 1.0 * pawn;
  double defence = guard * d[kGuard] + minister * d[kMinister];
  if (d[kGuard] > 0 && d[kMinister] > 0) defence += 1.5 * pawn;
  if (d[kMinister] == 2) defence += 3.0 * horse;
  // Nominal values here: a cannon without a screen still blocks and trades.
  defence += 0.5 * (9.0 * d[kRook] + 4.0 * d[kHorse] + 4.5 * d[kCannon] + 1.6 * d[kPawn]);
  return defence;
}

// The attacker's winning chances: zero when the defence holds everything.
double chances(const SideCounts& attacker, const SideCounts& defender) {
  const Attack a = attack_of(attacker);
  return std::max(0.0, std::log((a.total() + 1.0) / (defence_of(defender, a) + 1.0)));
}

}  // namespace

double additive_advantage(const Material& m) {
  const SideCounts red = side_counts(m, Side::Red);
  const SideCounts black = side_counts(m, Side::Black);
  return chances(red, black) - chances(black, red);
}

}  // namespace egkb
