#include "synth/truth_model.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "lattice/piece_rule.h"
#include "synth/raw_advantage.h"
#include "synth/side_counts.h"

namespace egkb {

namespace {

Rank rank_of_advantage(double a, const RankSteps& steps) {
  int s = 0;
  while (s < 4 && std::fabs(a) >= steps[static_cast<std::size_t>(s)]) ++s;
  return Rank(a > 0 ? value(kBalancedRank) - s : value(kBalancedRank) + s);
}

}  // namespace

TruthModel::TruthModel(TruthKind kind) {
  const bool additive = kind == TruthKind::Additive;
  const auto advantage = additive ? additive_advantage : interplay_advantage;
  const RankSteps& steps = additive ? kAdditiveRankSteps : kInterplayRankSteps;
  const PieceSet& xq = PieceSet::xiangqi();
  const Key sides = xq.side_key_count();
  const Key n = xq.key_count();
  std::vector<double> raw(n);
  for (Key k = 0; k < n; ++k) raw[k] = advantage(material_of(k, xq));

  // side_digits[s][k]: how many pieces of kind k the side material s holds.
  std::vector<ByKind<uint8_t>> side_digits(sides);
  for (Key s = 0; s < sides; ++s) {
    const Material m = material_of(s, xq);
    for (PieceKind k : xq.kinds()) side_digits[s][k] = m.count(Side::Black, k);
  }

  // Monotone closure from both ends. `up` is the highest raw value among materials no better
  // for red (those the piece rule ranks no higher than this one: a red piece fewer, a black one
  // more); `down` the lowest among materials no worse for red. Both are monotone, so their mean
  // is; and the mean is exactly antisymmetric under mirroring, because mirroring turns one
  // envelope into the negated other. Each sweep meets a material after the neighbours it reads:
  // `up` with red's count number rising and black's falling, `down` the other way.
  std::vector<double> up(n), down(n);
  for (Key r = 0; r < sides; ++r) {
    for (Key b = sides; b-- > 0;) {
      const Key key = r * sides + b;
      double v = raw[key];
      xq.for_each_step(key, [&](Key near, PieceStep step) {
        if (!neighbour_ranks_at_most(step.more, step.side)) v = std::max(v, up[near]);
      });
      up[key] = v;
    }
  }
  for (Key r = sides; r-- > 0;) {
    for (Key b = 0; b < sides; ++b) {
      const Key key = r * sides + b;
      double v = raw[key];
      xq.for_each_step(key, [&](Key near, PieceStep step) {
        if (neighbour_ranks_at_most(step.more, step.side)) v = std::min(v, down[near]);
      });
      down[key] = v;
    }
  }

  scores_.resize(n);
  for (Key k = 0; k < n; ++k) {
    const Rank rank = rank_of_advantage((up[k] + down[k]) / 2, steps);
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
