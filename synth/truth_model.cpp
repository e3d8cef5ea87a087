#include "synth/truth_model.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace egkb {

namespace {

// Kind indices of the xiangqi piece set, in its canonical order.
enum Kind { kRook, kHorse, kCannon, kPawn, kGuard, kMinister, kKinds };

using SideCounts = std::array<int, kKinds>;

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

SideCounts side_counts(const Material& m, Side s) {
  SideCounts c{};
  for (int k = 0; k < kKinds; ++k) c[static_cast<std::size_t>(k)] = m.count(s, k);
  return c;
}

// |advantage| thresholds for one, two, three and four ranks away from balanced.
constexpr std::array<double, 4> kRankSteps = {0.10, 0.20, 0.30, 0.53};

Rank rank_of_advantage(double a) {
  int steps = 0;
  while (steps < 4 && std::fabs(a) >= kRankSteps[static_cast<std::size_t>(steps)]) ++steps;
  return Rank(a > 0 ? 4 - steps : 4 + steps);
}

}  // namespace

double raw_advantage(const Material& m) {
  const SideCounts red = side_counts(m, Side::Red);
  const SideCounts black = side_counts(m, Side::Black);
  return chances(red, black) - chances(black, red);
}

TruthModel::TruthModel() {
  const PieceSet& xq = PieceSet::xiangqi();
  const Key sides = xq.side_key_count();
  const Key n = xq.key_count();
  std::vector<double> raw(n);
  for (Key k = 0; k < n; ++k) raw[k] = raw_advantage(material_of(k, xq));

  // side_digits[s][k]: how many pieces of kind k the side material s holds.
  std::vector<std::array<uint8_t, kKinds>> side_digits(sides);
  for (Key s = 0; s < sides; ++s) {
    const Material m = material_of(s, xq);
    for (int k = 0; k < kKinds; ++k)
      side_digits[s][static_cast<std::size_t>(k)] = m.count(Side::Black, k);
  }

  // Monotone closure from both ends. `up` is the highest raw value among materials no better
  // for red (fewer red pieces, more black ones); `down` the lowest among materials no worse for
  // red. Both are monotone, so their mean is; and the mean is exactly antisymmetric under
  // mirroring, because mirroring turns one envelope into the negated other.
  std::vector<double> up(n), down(n);
  for (Key r = 0; r < sides; ++r) {
    for (Key b = sides; b-- > 0;) {
      const Key key = r * sides + b;
      double v = raw[key];
      for (int k = 0; k < kKinds; ++k) {
        const auto kk = static_cast<std::size_t>(k);
        const Key stride = xq.side_stride(k);
        if (side_digits[r][kk] > 0) v = std::max(v, up[key - stride * sides]);
        if (side_digits[b][kk] < xq.kind(k).max) v = std::max(v, up[key + stride]);
      }
      up[key] = v;
    }
  }
  for (Key r = sides; r-- > 0;) {
    for (Key b = 0; b < sides; ++b) {
      const Key key = r * sides + b;
      double v = raw[key];
      for (int k = 0; k < kKinds; ++k) {
        const auto kk = static_cast<std::size_t>(k);
        const Key stride = xq.side_stride(k);
        if (side_digits[r][kk] < xq.kind(k).max) v = std::min(v, down[key + stride * sides]);
        if (side_digits[b][kk] > 0) v = std::min(v, down[key - stride]);
      }
      down[key] = v;
    }
  }

  scores_.resize(n);
  for (Key k = 0; k < n; ++k) {
    const Rank rank = rank_of_advantage((up[k] + down[k]) / 2);
    // Balanced materials: 4 (either side can win) when both sides still attack, else 5 (almost
    // a draw). Both sides' attackers are counted, so a material and its mirror agree.
    const std::size_t red = k / sides, black = k % sides;
    const bool both_attack = side_digits[red][kRook] + side_digits[red][kHorse] +
                                     side_digits[red][kCannon] + side_digits[red][kPawn] >
                                 0 &&
                             side_digits[black][kRook] + side_digits[black][kHorse] +
                                     side_digits[black][kCannon] + side_digits[black][kPawn] >
                                 0;
    scores_[k] = score_of(rank, Score(both_attack ? 4 : 5));
  }
}

}  // namespace egkb
