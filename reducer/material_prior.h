// What a material's rank should be from its pieces alone, fitted to the knowledge base itself:
// a value per piece kind and side, added up (least absolute deviations, so the base's errors pull
// little), then mapped to ranks by a monotone fit. A repair drawn toward it settles the many
// equally cheap choices the base leaves open the way the rest of the base scores similar
// material, which is what recovers the truth (docs/reducers.md has the figures).
#pragma once

#include <array>
#include <vector>

#include "lattice/knowledge_base.h"

namespace egkb {

class MaterialPrior {
 public:
  // Fitted to every stored row and, flipped, its mirror: the model treats both sides alike.
  static MaterialPrior fit(const KnowledgeBase& kb);

  const PieceSet& pieces() const { return *pieces_; }
  // How much one more piece of `kind` for `side` moves the rank (red pieces lower it: rank 0 is
  // a red win), and the rank of bare kings before calibration.
  double value(Side side, PieceKind kind) const {
    return values_[static_cast<std::size_t>(side)][kind];
  }
  double intercept() const { return intercept_; }
  // The monotone calibration: the linear sums at which it steps, and the rank of each step.
  const std::vector<double>& steps() const { return steps_; }
  const std::vector<double>& levels() const { return levels_; }

  // The calibrated rank of a material, 0..8, not rounded.
  double estimate(const Material& m) const;
  // The middle of the material's estimate and its mirror's mirrored: what the repair is drawn
  // toward, so that a material and its mirror get mirrored values.
  double rank(const Material& m) const { return middle(estimate(m), estimate(mirror(m))); }
  // rank() of every node of `lattice`, each material estimated once.
  std::vector<double> ranks(const Lattice& lattice) const;

 private:
  static double middle(double own, double mirrors) {
    return egkb::value(kBalancedRank) + (own - mirrors) / 2;
  }
  double linear(const Material& m) const;

  const PieceSet* pieces_ = nullptr;
  std::array<ByKind<double>, 2> values_{};
  double intercept_ = 0;
  std::vector<double> steps_;
  std::vector<double> levels_;
};

}  // namespace egkb
