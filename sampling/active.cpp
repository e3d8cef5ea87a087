#include "sampling/active.h"

#include <algorithm>
#include <cmath>

#include "lattice/material.h"
#include "reducer/material_prior.h"
#include "sampling/risk.h"

namespace egkb {

std::vector<double> active_risk(const KnowledgeBase& kb, const KnowledgeBase& original) {
  std::vector<double> risk = risk_probabilities(kb, original, 1.0);
  const MaterialPrior prior = MaterialPrior::fit(kb);
  for (std::size_t i = 0; i < kb.rows.size(); ++i) {
    const double model = prior.rank(material_of(kb.rows[i].key, *kb.pieces));
    risk[i] *= 1 + std::abs(value(rank_of(kb.rows[i].score)) - model);
  }
  return risk;
}

ActiveSample sample_active(const KnowledgeBase& kb, std::span<const double> risk,
                           std::size_t wanted, double targeted_share, Random& random,
                           std::span<const uint8_t> eligible) {
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < kb.rows.size(); ++i) {
    if (eligible.empty() || eligible[i]) order.push_back(i);
  }
  random.shuffle(order);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return risk[a] > risk[b]; });
  wanted = std::min(wanted, order.size());
  ActiveSample sample;
  sample.census =
      static_cast<std::size_t>(std::llround(targeted_share * static_cast<double>(wanted)));
  for (std::size_t j = 0; j < sample.census; ++j) {
    sample.rows.push_back(order[j]);
    sample.probability.push_back(1.0);
  }
  const std::size_t rest = order.size() - sample.census;
  if (rest == 0) return sample;
  const double p = static_cast<double>(wanted - sample.census) / static_cast<double>(rest);
  for (std::size_t j = sample.census; j < order.size(); ++j) {
    if (random.chance(p)) {
      sample.rows.push_back(order[j]);
      sample.probability.push_back(p);
    }
  }
  return sample;
}

}  // namespace egkb
