// Agreement between the reviewers of one batch, from their drafts: for each pair, how often they
// gave the same score, Cohen's kappa weighted by rank distance and the scores side by side; for
// all of them Fleiss' kappa; and the rows where the answers differ, which the reviewers settle
// before one of them submits.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "store/answers.h"
#include "store/batches.h"
#include "store/drafts.h"
#include "store/store.h"
#include "store/verdict.h"

namespace egkb {

// The weight of a pair of ranks: 1 − |a − b| / 8, so the same rank counts whole, ranks one apart
// count 7/8, and a win for one side against a win for the other counts nothing.
constexpr double rank_weight(Rank a, Rank b) {
  const int d = value(a) > value(b) ? value(a) - value(b) : value(b) - value(a);
  return 1.0 - static_cast<double>(d) / kMaxRank;
}

// Cohen's kappa of two reviewers' ranks on the same rows, weighted by rank_weight: (po − pe) /
// (1 − pe), po the mean weight of their pairs, pe what their rank frequencies alone would give.
// nullopt for no rows, or when chance alone agrees fully (both gave one and the same rank).
std::optional<double> weighted_kappa(std::span<const std::pair<Rank, Rank>> ranks);

// A 95% interval of a kappa: the percentile bootstrap over rows. The rows are drawn again with
// replacement kBootstrapResamples times from a fixed seed (the same rows give the same interval),
// the kappa computed on each resample, and the 2.5th and 97.5th percentiles of the defined ones
// taken. nullopt for fewer than two rows or no kappa. With a dozen rows the interval is wide:
// that is what it is there to say.
struct KappaInterval {
  double low = 0;
  double high = 0;
};
constexpr std::size_t kBootstrapResamples = 2000;
constexpr const char* kKappaIntervalMethod = "95% percentile bootstrap over rows, 2000 resamples";
std::optional<KappaInterval> weighted_kappa_interval(std::span<const std::pair<Rank, Rank>> ranks);

// Fleiss' kappa of any number of reviewers: `counts[i][c]` reviewers gave row i category c. Rows
// with fewer than two answers are left out; rows may have different numbers of answers (the
// generalisation that averages each row's share of agreeing pairs): P = the mean over rows of
// Σc n_ic(n_ic − 1) / (n_i(n_i − 1)), Pe = Σc p_c², p_c the share of all answers in c, and
// kappa = (P − Pe) / (1 − Pe). nullopt for no such row, or when every answer is one category.
constexpr std::size_t kScoreCount = kMaxScore + 1;
using ScoreCounts = std::array<uint32_t, kScoreCount>;
std::optional<double> fleiss_kappa(std::span<const ScoreCounts> counts);
// Its interval as weighted_kappa_interval's, the rows with fewer than two answers left out.
std::optional<KappaInterval> fleiss_kappa_interval(std::span<const ScoreCounts> counts);

// The scores two reviewers gave the same rows: confusion[a][b] rows the first scored a and the
// second b.
using Confusion = std::array<std::array<std::size_t, kScoreCount>, kScoreCount>;

struct PairAgreement {
  std::string first;  // the names in byte order
  std::string second;
  std::size_t rows = 0;  // rows both answered
  std::size_t same = 0;  // of them, rows given the same score
  std::optional<double> kappa;
  std::optional<KappaInterval> interval;  // of kappa
  Confusion confusion{};
};

// Whether answers to a row drawn with `drawn` stand for different scores (ok stands for the score
// drawn): what the reviewers settle before a submit.
bool answers_differ(Score drawn, const std::map<std::string, Verdict>& answers);

// A row whose answers stand for different scores.
struct Disagreement {
  std::size_t item = 0;                    // its index in the batch
  std::map<std::string, Verdict> answers;  // every reviewer's, by name
};

struct BatchAgreement {
  std::vector<std::string> reviewers;  // who answered a row, in byte order
  std::vector<PairAgreement> pairs;    // every pair of them
  std::size_t rows_by_several = 0;     // rows two or more reviewers answered
  std::optional<double> fleiss;        // Fleiss' kappa of the scores over those rows
  std::optional<KappaInterval> fleiss_interval;
  std::vector<Disagreement> disagreements;  // in batch order
};

// A reviewer's time on the rows of a batch: how many rows they spent time on, the seconds in all
// and the median seconds of a row.
struct ReviewerTime {
  std::string reviewer;
  std::size_t rows = 0;
  double total = 0;
  double median = 0;
};

// Each reviewer's time, by name in byte order.
std::vector<ReviewerTime> reviewer_times(std::span<const RowTime> times);

// Over the drafts that hold a verdict (a row only flagged or noted is not answered).
BatchAgreement batch_agreement(const Batch& batch, std::span<const Draft> drafts);

// The disagreements on rows `reviewer` answered: what a submit by `reviewer` would settle
// without the others.
std::vector<Disagreement> disagreements_of(const BatchAgreement& agreement,
                                           const std::string& reviewer);

}  // namespace egkb
