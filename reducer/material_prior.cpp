#include "reducer/material_prior.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <numeric>

#include "lattice/material.h"

namespace egkb {

namespace {

constexpr std::size_t kMostRowsFitted = 100'000;

constexpr std::size_t kColumns = 1 + 2 * kMaxKinds;

// One observation of the fit: the counts of both sides (a column per kind and side after the
// intercept, whose x is 1) and the rank. Only the columns where x is not 0 are kept: most
// materials have few kinds, and the fit's sums skip the zero terms, which change no sum. Counts
// and ranks are small whole numbers, held as bytes (exact as doubles): the fit reads every
// point twice a round for 25 rounds, and at 36 bytes a point the points stay in cache.
struct Point {
  std::array<uint8_t, kColumns> nonzero{};  // the columns, in increasing order
  std::array<uint8_t, kColumns> count{};    // x at each of them
  uint8_t nonzero_count = 0;
  uint8_t rank = 0;

  void set(std::size_t column, int x) {
    if (x == 0) return;
    nonzero[nonzero_count] = static_cast<uint8_t>(column);
    count[nonzero_count++] = static_cast<uint8_t>(x);
  }
  double x(std::size_t k) const { return count[k]; }  // x at nonzero[k]
  double dot(const std::vector<double>& beta) const {
    double sum = 0;
    for (std::size_t k = 0; k < nonzero_count; ++k) sum += beta[nonzero[k]] * x(k);
    return sum;
  }
  // Every column's x, zeros included.
  std::array<double, kColumns> dense() const {
    std::array<double, kColumns> all{};
    for (std::size_t k = 0; k < nonzero_count; ++k) all[nonzero[k]] = x(k);
    return all;
  }
};

// Least squares with a weight per point: the normal equations, solved by Cholesky (LDLT).
// Returns nullopt when they are singular.
std::optional<std::vector<double>> weighted_least_squares(const std::vector<Point>& points,
                                                          const std::vector<double>& weight,
                                                          std::size_t columns) {
  const auto size = static_cast<Eigen::Index>(columns);
  Eigen::MatrixXd normal = Eigen::MatrixXd::Zero(size, size);
  Eigen::VectorXd rhs = Eigen::VectorXd::Zero(size);
  // Summed in plain arrays: the hot loop of the fit. Only the lower triangle (b <= a; the
  // nonzero columns are in increasing order): the matrix is symmetric and LDLT reads no other.
  // Each product is formed as (weight x xa) x xb, in the points' order, as it always was: the
  // fit is the same to the bit.
  std::array<double, kColumns * kColumns> sums{};
  std::array<double, kColumns> rhs_sums{};
  for (std::size_t i = 0; i < points.size(); ++i) {
    const Point& p = points[i];
    const double rank = p.rank;
    const double w = weight[i];
    std::array<double, kColumns> x;
    for (std::size_t k = 0; k < p.nonzero_count; ++k) x[k] = p.x(k);
    for (std::size_t j = 0; j < p.nonzero_count; ++j) {
      const uint8_t a = p.nonzero[j];
      const double wxa = w * x[j];
      rhs_sums[a] += wxa * rank;
      double* row = &sums[a * kColumns];
      for (std::size_t k = 0; k <= j; ++k) row[p.nonzero[k]] += wxa * x[k];
    }
  }
  for (Eigen::Index a = 0; a < size; ++a) rhs(a) = rhs_sums[static_cast<std::size_t>(a)];
  for (Eigen::Index a = 0; a < size; ++a) {
    for (Eigen::Index b = 0; b < size; ++b) {
      normal(a, b) = sums[static_cast<std::size_t>(std::max(a, b)) * kColumns +
                          static_cast<std::size_t>(std::min(a, b))];
    }
  }
  // A kind absent from every material leaves its column empty: pin its value to 0.
  for (Eigen::Index a = 0; a < size; ++a) {
    if (normal(a, a) == 0) normal(a, a) = 1;
  }
  const Eigen::LDLT<Eigen::MatrixXd> solver(normal);
  if (solver.info() != Eigen::Success) return std::nullopt;
  const Eigen::VectorXd beta = solver.solve(rhs);
  if (!beta.allFinite()) return std::nullopt;
  return std::vector<double>(beta.begin(), beta.end());
}

// Least absolute deviations by iteratively reweighted least squares: robust to the base's wrong
// rows, which least squares would follow.
std::vector<double> least_absolute_deviations(const std::vector<Point>& points,
                                              std::size_t columns) {
  std::vector<double> weight(points.size(), 1.0);
  std::vector<double> beta(columns, 0.0);
  constexpr int kRounds = 25;
  constexpr double kSmallestResidual = 0.05;  // ranks; keeps exact fits from dominating
  for (int round = 0; round < kRounds; ++round) {
    const auto next = weighted_least_squares(points, weight, columns);
    if (!next) break;
    beta = *next;
    for (std::size_t i = 0; i < points.size(); ++i) {
      const double fitted = points[i].dot(beta);
      weight[i] = 1.0 / std::max(std::abs(points[i].rank - fitted), kSmallestResidual);
    }
  }
  return beta;
}

}  // namespace

MaterialPrior MaterialPrior::fit(const KnowledgeBase& kb) {
  MaterialPrior prior;
  prior.pieces_ = kb.pieces;
  const int kinds = kb.pieces->kind_count();
  const std::size_t columns = 1 + 2 * static_cast<std::size_t>(kinds);
  // The column of a side's count of a kind: the intercept's first, then the first side's kinds
  // (red's, or black's when flipped), then the other side's.
  const auto column = [&](int side, PieceKind k) {
    return 1 + static_cast<std::size_t>(side * kinds + kind_index(k));
  };
  // A dozen values need no more than every row of a medium base: a large one is thinned to an
  // evenly spaced subset, which keeps the fit deterministic and its cost bounded.
  const std::size_t stride = std::max<std::size_t>(1, kb.rows.size() / kMostRowsFitted);
  std::vector<Point> points;
  points.reserve(2 * (kb.rows.size() / stride + 1));
  for (std::size_t r = 0; r < kb.rows.size(); r += stride) {
    const KbRow& row = kb.rows[r];
    const Material m = material_of(row.key, *kb.pieces);
    for (bool flipped : {false, true}) {
      Point p;
      p.set(0, 1);
      for (PieceKind k : kb.pieces->kinds())
        p.set(column(0, k), m.count(flipped ? Side::Black : Side::Red, k));
      for (PieceKind k : kb.pieces->kinds())
        p.set(column(1, k), m.count(flipped ? Side::Red : Side::Black, k));
      const Rank rank = rank_of(row.score);
      p.rank = static_cast<uint8_t>(egkb::value(flipped ? mirror(rank) : rank));
      points.push_back(p);
    }
  }
  const std::vector<double> beta = least_absolute_deviations(points, columns);
  prior.intercept_ = beta[0];
  for (PieceKind k : kb.pieces->kinds()) {
    prior.values_[0][k] = beta[column(0, k)];
    prior.values_[1][k] = beta[column(1, k)];
  }

  // Calibration: pool adjacent violators over the points in order of their linear sum, giving
  // the monotone step function nearest (least squares) to the ranks.
  std::vector<std::pair<double, double>> by_sum;
  by_sum.reserve(points.size());
  for (const Point& p : points) {
    const std::array<double, kColumns> x = p.dense();
    by_sum.emplace_back(std::inner_product(beta.begin(), beta.end(), x.begin(), 0.0), p.rank);
  }
  std::sort(by_sum.begin(), by_sum.end());
  struct Block {
    double first_sum, total, count;
  };
  std::vector<Block> blocks;
  for (const auto& [sum, rank] : by_sum) {
    blocks.push_back({sum, rank, 1});
    while (blocks.size() > 1) {
      Block& last = blocks.back();
      Block& before = blocks[blocks.size() - 2];
      if (before.total / before.count < last.total / last.count) break;
      before.total += last.total;
      before.count += last.count;
      blocks.pop_back();
    }
  }
  for (const Block& b : blocks) {
    prior.steps_.push_back(b.first_sum);
    prior.levels_.push_back(b.total / b.count);
  }
  return prior;
}

double MaterialPrior::linear(const Material& m) const {
  double sum = intercept_;
  for (PieceKind k : pieces_->kinds())
    sum += values_[0][k] * m.count(Side::Red, k) + values_[1][k] * m.count(Side::Black, k);
  return sum;
}

double MaterialPrior::estimate(const Material& m) const {
  if (levels_.empty()) return egkb::value(kBalancedRank);
  const double sum = linear(m);
  // The last step at or below the sum; below the first step, the first level.
  const auto after = std::upper_bound(steps_.begin(), steps_.end(), sum);
  const std::size_t step =
      after == steps_.begin() ? 0 : static_cast<std::size_t>(after - steps_.begin()) - 1;
  return std::clamp(levels_[step], 0.0, static_cast<double>(kMaxRank));
}

std::vector<double> MaterialPrior::ranks(const Lattice& lattice) const {
  std::vector<double> estimates(lattice.size());
  for (NodeId n = 0; n < lattice.size(); ++n) estimates[n] = estimate(lattice.material(n));
  std::vector<double> ranks(lattice.size());
  for (NodeId n = 0; n < lattice.size(); ++n) {
    ranks[n] = middle(estimates[n], estimates[lattice.mirror(n)]);
  }
  return ranks;
}

}  // namespace egkb
