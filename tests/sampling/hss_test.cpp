#include "sampling/hss.h"

#include <gtest/gtest.h>

namespace egkb {
namespace {

// Chi-square over the elements with 0 < p < 1 of how often each was drawn in `draws` samples.
double chi_square(const std::vector<double>& p, int draws, uint64_t seed, int* free_elements) {
  HybridSampler sampler(p);
  Random random(seed);
  std::vector<int> hits(p.size());
  for (int d = 0; d < draws; ++d) {
    for (std::size_t i : sampler.draw(random)) ++hits[i];
  }
  double chi = 0;
  *free_elements = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (p[i] == 0) {
      EXPECT_EQ(hits[i], 0);
    }
    if (p[i] == 1) {
      EXPECT_EQ(hits[i], draws);
    }
    if (p[i] <= 0 || p[i] >= 1) continue;
    const double expected = draws * p[i];
    chi += (hits[i] - expected) * (hits[i] - expected) / (expected * (1 - p[i]));
    ++*free_elements;
  }
  return chi;
}

TEST(HybridSampler, InclusionFrequenciesMatchTheProbabilities) {
  std::vector<double> p;
  for (int i = 0; i < 60; ++i) p.push_back(i % 10 == 0 ? 0.9 : 0.002 + 0.003 * (i % 7));
  p.push_back(0);
  p.push_back(1);
  int free = 0;
  const double chi = chi_square(p, 20000, 1, &free);
  // 99.9% quantile of chi-square with 60 degrees of freedom: 99.6.
  EXPECT_EQ(free, 60);
  EXPECT_LT(chi, 99.6);
  EXPECT_GT(chi, 20.0) << "too good a fit would mean the draws are not random";
}

TEST(HybridSampler, HighMeanDrawsTheComplementAndStillMatches) {
  std::vector<double> p;
  for (int i = 0; i < 40; ++i) p.push_back(0.6 + 0.01 * i);
  int free = 0;
  const double chi = chi_square(p, 20000, 2, &free);
  EXPECT_EQ(free, 40);
  EXPECT_LT(chi, 73.4);  // 99.9% quantile, 40 degrees of freedom
}

TEST(HybridSampler, SameSeedSameDraws) {
  HybridSampler a(std::vector<double>(1000, 0.01)), b(std::vector<double>(1000, 0.01));
  Random ra(5), rb(5);
  for (int i = 0; i < 10; ++i) EXPECT_EQ(a.draw(ra), b.draw(rb));
}

}  // namespace
}  // namespace egkb
