#include "sampling/active.h"

#include <algorithm>
#include <cmath>

#include "lattice/linked_groups.h"
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

std::vector<std::size_t> ambiguity_order(const KnowledgeBase& kb, const RowRanges& ranges,
                                         std::span<const uint8_t> eligible) {
  if (ranges.empty()) return {};
  const ScoredLattice scored = ScoredLattice::of(kb);
  const Lattice& lat = scored.lattice;
  const auto width = [&](NodeId n) -> int {
    const std::size_t row = scored.row_of[n];
    const NodeId stored = row == ScoredLattice::kImplied ? lat.mirror(n) : n;
    const std::size_t r = scored.row_of[stored];
    return r == ScoredLattice::kImplied ? 0 : value(ranges.high[r]) - value(ranges.low[r]);
  };
  // Groups of ambiguous nodes by lattice edges and mirror links, each with its total width.
  std::vector<uint8_t> ambiguous(lat.size());
  for (NodeId n = 0; n < lat.size(); ++n) ambiguous[n] = width(n) != 0;
  const LinkedGroups groups(lat, ambiguous, GroupLinks::PieceEdgesAndMirror);
  std::vector<double> weight(groups.count(), 0);
  std::vector<std::vector<std::size_t>> rows_of(groups.count());  // eligible rows, widest first
  for (uint32_t g = 0; g < groups.count(); ++g) {
    for (NodeId u : groups.members(g)) {
      weight[g] += width(u);
      const std::size_t row = scored.row_of[u];
      if (row != ScoredLattice::kImplied && (eligible.empty() || eligible[row]))
        rows_of[g].push_back(row);
    }
    std::stable_sort(rows_of[g].begin(), rows_of[g].end(), [&](std::size_t a, std::size_t b) {
      const int wa = value(ranges.high[a]) - value(ranges.low[a]);
      const int wb = value(ranges.high[b]) - value(ranges.low[b]);
      return wa != wb ? wa > wb : a < b;
    });
  }
  std::vector<std::size_t> order, next(weight.size(), 0);
  const auto before = [&](uint32_t a, uint32_t b) {
    return weight[a] != weight[b] ? weight[a] < weight[b] : a > b;
  };
  std::vector<uint32_t> heap;
  for (uint32_t g = 0; g < weight.size(); ++g) {
    if (!rows_of[g].empty()) heap.push_back(g);
  }
  std::make_heap(heap.begin(), heap.end(), before);
  while (!heap.empty()) {
    std::pop_heap(heap.begin(), heap.end(), before);
    const uint32_t g = heap.back();
    order.push_back(rows_of[g][next[g]++]);
    weight[g] /= 2;
    if (next[g] < rows_of[g].size()) {
      std::push_heap(heap.begin(), heap.end(), before);
    } else {
      heap.pop_back();
    }
  }
  return order;
}

ActiveSample sample_active(const KnowledgeBase& kb, std::span<const double> risk,
                           std::size_t wanted, double targeted_share, Random& random,
                           std::span<const uint8_t> eligible, const RowRanges& ranges) {
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < kb.rows.size(); ++i) {
    if (eligible.empty() || eligible[i]) order.push_back(i);
  }
  random.shuffle(order);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return risk[a] > risk[b]; });
  // The rows a verdict may settle most lead the order; the rest follow by risk.
  const std::vector<std::size_t> settle = ambiguity_order(kb, ranges, eligible);
  if (!settle.empty()) {
    std::vector<uint8_t> first(kb.rows.size(), 0);
    for (std::size_t i : settle) first[i] = 1;
    std::vector<std::size_t> rest;
    for (std::size_t i : order) {
      if (!first[i]) rest.push_back(i);
    }
    order = settle;
    order.insert(order.end(), rest.begin(), rest.end());
  }
  wanted = std::min(wanted, order.size());
  const auto census =
      static_cast<std::size_t>(std::llround(targeted_share * static_cast<double>(wanted)));
  return census_then_draws(order, census, wanted, random);
}

}  // namespace egkb
