#include "review/agreement.h"

#include <algorithm>
#include <array>
#include <numeric>
#include <random>
#include <set>
#include <unordered_map>

namespace egkb {

std::optional<double> weighted_kappa(std::span<const std::pair<Rank, Rank>> ranks) {
  if (ranks.empty()) return std::nullopt;
  constexpr std::size_t kRanks = kMaxRank + 1;
  std::array<double, kRanks> first{};
  std::array<double, kRanks> second{};
  double observed = 0;
  for (const auto& [a, b] : ranks) {
    observed += rank_weight(a, b);
    first[value(a)] += 1;
    second[value(b)] += 1;
  }
  const double n = static_cast<double>(ranks.size());
  observed /= n;
  double chance = 0;
  for (std::size_t i = 0; i < kRanks; ++i) {
    for (std::size_t j = 0; j < kRanks; ++j) {
      chance += rank_weight(Rank(i), Rank(j)) * (first[i] / n) * (second[j] / n);
    }
  }
  // Chance agrees fully only when both gave every row one and the same rank: kappa is 0/0.
  if (chance > 1.0 - 1e-12) return std::nullopt;
  return (observed - chance) / (1.0 - chance);
}

std::optional<double> fleiss_kappa(std::span<const ScoreCounts> counts) {
  double agreeing = 0;  // Σ over rows of the row's share of agreeing pairs
  std::size_t rows = 0;
  std::array<double, kScoreCount> in{};  // answers per category
  double answers = 0;
  for (const ScoreCounts& row : counts) {
    double n = 0, pairs = 0;
    for (const uint32_t c : row) {
      n += c;
      pairs += static_cast<double>(c) * (c - 1.0);
    }
    if (n < 2) continue;
    ++rows;
    agreeing += pairs / (n * (n - 1));
    for (std::size_t c = 0; c < kScoreCount; ++c) in[c] += row[c];
    answers += n;
  }
  if (rows == 0) return std::nullopt;
  double chance = 0;
  for (const double c : in) chance += (c / answers) * (c / answers);
  if (chance >= 1) return std::nullopt;
  const double observed = agreeing / static_cast<double>(rows);
  return (observed - chance) / (1 - chance);
}

namespace {

// The percentile bootstrap of `kappa` over `rows` (weighted_kappa_interval). std::mt19937_64's
// numbers are the same on every platform, and an index taken from them by `%` too (the bias is
// below 1e-15 for any batch), where a standard distribution's may differ between libraries.
template <typename Row, typename Kappa>
std::optional<KappaInterval> bootstrap(std::span<const Row> rows, Kappa kappa) {
  if (rows.size() < 2 || !kappa(rows)) return std::nullopt;
  std::mt19937_64 random(20261128);
  std::vector<double> values;
  std::vector<Row> resample(rows.size());
  for (std::size_t r = 0; r < kBootstrapResamples; ++r) {
    for (Row& row : resample) row = rows[random() % rows.size()];
    if (const auto k = kappa(std::span<const Row>(resample))) values.push_back(*k);
  }
  if (values.empty()) return std::nullopt;
  std::sort(values.begin(), values.end());
  const auto at = [&](double share) {
    const double position = share * static_cast<double>(values.size() - 1);
    const auto below = static_cast<std::size_t>(position);
    const double above = position - static_cast<double>(below);
    return below + 1 < values.size() ? values[below] + above * (values[below + 1] - values[below])
                                     : values[below];
  };
  return KappaInterval{at(0.025), at(0.975)};
}

}  // namespace

std::optional<KappaInterval> weighted_kappa_interval(std::span<const std::pair<Rank, Rank>> ranks) {
  return bootstrap(ranks,
                   [](std::span<const std::pair<Rank, Rank>> r) { return weighted_kappa(r); });
}

std::optional<KappaInterval> fleiss_kappa_interval(std::span<const ScoreCounts> counts) {
  std::vector<ScoreCounts> several;
  for (const ScoreCounts& row : counts) {
    if (std::accumulate(row.begin(), row.end(), 0u) >= 2) several.push_back(row);
  }
  return bootstrap(std::span<const ScoreCounts>(several),
                   [](std::span<const ScoreCounts> c) { return fleiss_kappa(c); });
}

BatchAgreement batch_agreement(const Batch& batch, std::span<const Draft> drafts) {
  std::unordered_map<Key, std::size_t> item_of;
  for (std::size_t i = 0; i < batch.items.size(); ++i) item_of.emplace(batch.items[i].key, i);
  // answers[item][reviewer]
  std::vector<std::map<std::string, Verdict>> answers(batch.items.size());
  std::set<std::string> names;
  for (const Draft& d : drafts) {
    const auto it = item_of.find(d.key);
    if (it == item_of.end() || !d.state.verdict) continue;
    answers[it->second].emplace(d.reviewer, *d.state.verdict);
    names.insert(d.reviewer);
  }
  BatchAgreement result;
  result.reviewers.assign(names.begin(), names.end());
  const auto score = [&](std::size_t item, const Verdict& v) {
    return v.score_given(batch.items[item].score);
  };
  for (std::size_t a = 0; a < result.reviewers.size(); ++a) {
    for (std::size_t b = a + 1; b < result.reviewers.size(); ++b) {
      PairAgreement pair{result.reviewers[a], result.reviewers[b], 0, 0,
                         std::nullopt,        std::nullopt};
      std::vector<std::pair<Rank, Rank>> ranks;
      for (std::size_t i = 0; i < answers.size(); ++i) {
        const auto first = answers[i].find(pair.first);
        const auto second = answers[i].find(pair.second);
        if (first == answers[i].end() || second == answers[i].end()) continue;
        const Score x = score(i, first->second);
        const Score y = score(i, second->second);
        ++pair.rows;
        pair.same += x == y;
        ++pair.confusion[static_cast<std::size_t>(value(x))][static_cast<std::size_t>(value(y))];
        ranks.emplace_back(rank_of(x), rank_of(y));
      }
      pair.kappa = weighted_kappa(ranks);
      pair.interval = weighted_kappa_interval(ranks);
      result.pairs.push_back(std::move(pair));
    }
  }
  std::vector<ScoreCounts> counts;
  for (std::size_t i = 0; i < answers.size(); ++i) {
    ScoreCounts row{};
    for (const auto& [name, v] : answers[i]) ++row[static_cast<std::size_t>(value(score(i, v)))];
    if (answers_differ(batch.items[i].score, answers[i]))
      result.disagreements.push_back({i, answers[i]});
    if (answers[i].size() >= 2) counts.push_back(row);
  }
  result.rows_by_several = counts.size();
  result.fleiss = fleiss_kappa(counts);
  result.fleiss_interval = fleiss_kappa_interval(counts);
  return result;
}

bool answers_differ(Score drawn, const std::map<std::string, Verdict>& answers) {
  return std::any_of(answers.begin(), answers.end(), [&](const auto& answer) {
    return answer.second.score_given(drawn) != answers.begin()->second.score_given(drawn);
  });
}

std::vector<Disagreement> disagreements_of(const BatchAgreement& agreement,
                                           const std::string& reviewer) {
  std::vector<Disagreement> mine;
  for (const Disagreement& d : agreement.disagreements) {
    if (d.answers.contains(reviewer)) mine.push_back(d);
  }
  return mine;
}

std::vector<ReviewerTime> reviewer_times(std::span<const RowTime> times) {
  std::map<std::string, std::vector<double>> by_reviewer;
  for (const RowTime& t : times) by_reviewer[t.reviewer].push_back(t.seconds);
  std::vector<ReviewerTime> result;
  for (auto& [name, seconds] : by_reviewer) {
    std::sort(seconds.begin(), seconds.end());
    const std::size_t n = seconds.size();
    const double median = n % 2 ? seconds[n / 2] : (seconds[n / 2 - 1] + seconds[n / 2]) / 2;
    result.push_back({name, n, std::accumulate(seconds.begin(), seconds.end(), 0.0), median});
  }
  return result;
}

}  // namespace egkb
