#include "synth/noise.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <unordered_map>

#include "lattice/material.h"

namespace egkb {

namespace {

// Shares of errors by distance class (D = 1, 2, 3, >= 4) and the part of each class that is
// inverted; the stratified draw below meets them to within rounding.
struct ErrorMix {
  std::array<double, 4> share;
  std::array<double, 4> inverted;
};

// The paper's Table 3, ENDALL: 74% D=1, 9% D=2, 10% D=3, 7% D>=4, 4.3% of errors inverted.
constexpr ErrorMix kPaperMix{{0.74, 0.09, 0.10, 0.07}, {0.0, 0.05, 0.08, 0.40}};
// END65, the hand-made base: 81.5% D=1, 15.8% D=2, 2.2% D=3, 0.5% D>=4, 7.3% inverted.
constexpr ErrorMix kManualMix{{0.815, 0.158, 0.022, 0.005}, {0.0, 0.35, 0.5, 1.0}};
constexpr double kManualRate = 0.065;
// Pairs whose mirror row errs on its own.
constexpr double kMirrorDisagreement = 0.01;

constexpr std::size_t kNoRow = static_cast<std::size_t>(-1);

// A stored material and its stored mirror; kNoRow when the mirror is not stored or the
// material is its own mirror.
struct Pair {
  std::size_t row;
  std::size_t mirror;
};

int distance_class(int d) {
  return std::min(std::abs(d), 4) - 1;
}

bool ranks_inverted(Rank a, Rank b) {
  return (a < kBalancedRank && b > kBalancedRank) || (a > kBalancedRank && b < kBalancedRank);
}

// A wrong rank for `truth` in distance class `cls`, inverted or not as asked, if one exists.
std::optional<Rank> wrong_rank(Rank truth, int cls, bool inverted, Random& random) {
  std::array<Rank, kRankCount> options{};
  std::size_t n = 0;
  for (Rank r : kAllRanks) {
    if (r != truth && distance_class(distance(r, truth)) == cls &&
        ranks_inverted(truth, r) == inverted) {
      options[n++] = r;
    }
  }
  if (n == 0) return std::nullopt;
  return options[random.below(n)];
}

int draw_class(const ErrorMix& mix, Random& random) {
  double u = random.unit();
  for (int c = 0; c < 3; ++c) {
    u -= mix.share[static_cast<std::size_t>(c)];
    if (u < 0) return c;
  }
  return 3;
}

class Noiser {
 public:
  Noiser(const KnowledgeBase& truth, Random& random) : random_(random) {
    ranks_.reserve(truth.rows.size());
    for (const KbRow& row : truth.rows) ranks_.push_back(rank_of(row.score));
  }

  std::vector<Rank>& ranks() { return ranks_; }

  // Stratified: the wrong pairs of each (class, inverted) cell are the first eligible ones of
  // one random order, so the mix is met exactly up to rounding and eligibility.
  void apply_mix(const std::vector<Pair>& pairs, const ErrorMix& mix, double rate) {
    std::vector<std::size_t> order(pairs.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    random_.shuffle(order);
    std::vector<char> taken(pairs.size());
    const double wrong = std::round(rate * static_cast<double>(pairs.size()));
    // Scarce cells first: inverted and far errors need particular true ranks.
    for (int cls = 3; cls >= 0; --cls) {
      for (bool inverted : {true, false}) {
        const auto c = static_cast<std::size_t>(cls);
        const double part = inverted ? mix.inverted[c] : 1 - mix.inverted[c];
        auto want = static_cast<long>(std::round(wrong * mix.share[c] * part));
        for (std::size_t i = 0; i < order.size() && want > 0; ++i) {
          if (taken[order[i]]) continue;
          const Pair& p = pairs[order[i]];
          const std::optional<Rank> r = wrong_rank(ranks_[p.row], cls, inverted, random_);
          if (!r) continue;
          taken[order[i]] = 1;
          set_pair(p, *r);
          --want;
        }
      }
    }
    for (const Pair& p : pairs) {
      if (p.mirror == kNoRow || !random_.chance(kMirrorDisagreement)) continue;
      const Rank truth = mirror(ranks_[p.row]);
      const std::optional<Rank> r = wrong_rank(truth, draw_class(mix, random_), false, random_);
      ranks_[p.mirror] = r ? *r : Rank(value(truth) == 0 ? 1 : value(truth) - 1);
    }
  }

  // Whole attacker configurations (the material without guards and ministers) shifted by one
  // or two ranks together, the mirror configuration the other way.
  void apply_clusters(const KnowledgeBase& truth, const std::vector<Pair>& pairs, double rate) {
    const PieceSet& pieces = *truth.pieces;
    auto region = [&](Key key) {
      Material m = material_of(key, pieces);
      for (Side s : {Side::Red, Side::Black}) {
        for (PieceKind k : pieces.kinds()) {
          if (pieces.kind(k).letter == 'G' || pieces.kind(k).letter == 'M') m.count(s, k) = 0;
        }
      }
      return key_of(m, pieces);
    };
    std::map<Key, std::vector<Pair>> regions;
    for (const Pair& p : pairs) {
      const Key r = region(truth.rows[p.row].key);
      const Key canonical = std::min(r, mirror_key(r, pieces));
      if (canonical != mirror_key(canonical, pieces)) regions[canonical].push_back(p);
    }
    std::vector<Key> order;
    for (const auto& [key, members] : regions) order.push_back(key);
    random_.shuffle(order);
    const double target = rate * static_cast<double>(pairs.size());
    double covered = 0;
    for (Key canonical : order) {
      if (covered >= target) break;
      const int shift = (random_.chance(0.8) ? 1 : 2) * (random_.chance(0.5) ? 1 : -1);
      for (const Pair& p : regions[canonical]) {
        const bool same = region(truth.rows[p.row].key) == canonical;
        const Rank r =
            Rank(std::clamp(value(ranks_[p.row]) + (same ? shift : -shift), 0, kMaxRank));
        // A shift past 0 or 8 leaves the rank as it was: only real changes count as wrong.
        covered += r != ranks_[p.row];
        set_pair(p, r);
      }
    }
  }

 private:
  void set_pair(const Pair& p, Rank rank) {
    ranks_[p.row] = rank;
    if (p.mirror != kNoRow) ranks_[p.mirror] = mirror(rank);
  }

  Random& random_;
  std::vector<Rank> ranks_;
};

// Mirror pairs of the rows, split by provenance: manual first, then the rest.
std::array<std::vector<Pair>, 2> pairs_by_provenance(const KnowledgeBase& kb) {
  std::unordered_map<Key, std::size_t> row_of;
  row_of.reserve(kb.rows.size());
  for (std::size_t i = 0; i < kb.rows.size(); ++i) row_of.emplace(kb.rows[i].key, i);
  std::array<std::vector<Pair>, 2> pairs;
  for (std::size_t i = 0; i < kb.rows.size(); ++i) {
    const Key m = mirror_key(kb.rows[i].key, *kb.pieces);
    const auto it = row_of.find(m);
    if (it != row_of.end() && it->second < i) continue;  // counted from its partner
    const std::size_t mirror = it == row_of.end() || it->second == i ? kNoRow : it->second;
    pairs[kb.rows[i].source == Source::Manual ? 0 : 1].push_back({i, mirror});
  }
  return pairs;
}

}  // namespace

double default_rate(NoiseProfile profile) {
  switch (profile) {
    case NoiseProfile::None:
      return 0.0;
    case NoiseProfile::Paper:
      return 0.35;
    case NoiseProfile::Manual:
      return kManualRate;
    case NoiseProfile::Clustered:
      return 0.20;
  }
  return 0.0;
}

KnowledgeBase add_noise(const KnowledgeBase& truth, NoiseProfile profile, double rate,
                        Random& random) {
  KnowledgeBase noisy = truth;
  if (profile == NoiseProfile::None) return noisy;
  const auto [manual, generated] = pairs_by_provenance(truth);
  Noiser noiser(truth, random);
  noiser.apply_mix(manual, kManualMix, kManualRate);
  if (profile == NoiseProfile::Clustered) {
    noiser.apply_clusters(truth, generated, rate);
  } else {
    noiser.apply_mix(generated, profile == NoiseProfile::Paper ? kPaperMix : kManualMix, rate);
  }
  for (std::size_t i = 0; i < noisy.rows.size(); ++i) {
    noisy.rows[i].score = score_of(noiser.ranks()[i], truth.rows[i].score);
  }
  return noisy;
}

}  // namespace egkb
