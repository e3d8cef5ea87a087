#include "evidence/evidence_record.h"

#include <algorithm>

#include "engine/score_bias.h"
#include "engine/score_code.h"
#include "lattice/expected_result.h"
#include "lattice/material.h"

namespace egkb {

namespace {

void set_counts(EvidenceRecord& r, const ResultCounts& counts, int threshold) {
  const ExpectedResult e = expected_result(counts);
  r.threshold = threshold;
  r.wins = counts.wins;
  r.draws = counts.draws;
  r.losses = counts.losses;
  r.expected = e.expected;
  r.low = e.low;
  r.high = e.high;
  r.score = score_of_expected(e.expected);
}

}  // namespace

EvidenceRecord record_of(const MaterialEvidence& searched, const PieceSet& pieces,
                         const std::string& engine, const EvidenceSettings& settings,
                         const EarlierSearch& earlier) {
  EvidenceRecord r;
  r.key = key_of(searched.material, pieces);
  r.engine = engine;
  r.budget = settings.budget.text();
  r.seed = settings.seed;
  r.scores = score_codes(searched.scores);
  if (std::any_of(searched.pvs.begin(), searched.pvs.end(),
                  [](const std::string& pv) { return !pv.empty(); })) {
    r.pvs = searched.pvs;
  }
  set_counts(r, searched.counts, settings.threshold);
  r.seconds = earlier.seconds + searched.seconds;
  r.failure = searched.failure;
  r.restarts = earlier.restarts;
  r.restarts.insert(r.restarts.end(), searched.restarts.begin(), searched.restarts.end());
  return r;
}

void recount(EvidenceRecord& r, const ScoreReading& reading) {
  const std::vector<EngineScore> scores = scores_of_codes(r.scores);
  set_counts(r, count_results(scores, reading), reading.threshold);
}

void recount(EvidenceRecord& r, int threshold, const PieceSet& pieces) {
  recount(r, score_reading(material_of(r.key, pieces), pieces, threshold));
}

nlohmann::ordered_json figures_json(const EvidenceView& v) {
  return {{"wins", v.wins}, {"draws", v.draws}, {"losses", v.losses},     {"expected", v.expected},
          {"low", v.low},   {"high", v.high},   {"score", value(v.score)}};
}

nlohmann::ordered_json evidence_json(const EvidenceRecord& r, const PieceSet& pieces) {
  nlohmann::ordered_json j{{"material", material_text(r.key, pieces)},
                           {"engine", r.engine},
                           {"positions", r.positions()}};
  j.update(figures_json(view_of(r, false)));
  if (r.failed()) j["failure"] = r.failure;
  if (!r.restarts.empty()) j["restarts"] = r.restarts;
  return j;
}

nlohmann::ordered_json evidence_view_json(const EvidenceView& v, const PieceSet& pieces) {
  const EvidenceRecord& r = *v.record;
  nlohmann::ordered_json j{{"searched", material_text(r.key, pieces)},
                           {"engine", r.engine},
                           {"budget", r.budget},
                           {"positions", r.positions()}};
  j.update(figures_json(v));
  j["threshold"] = r.threshold;
  j["restarts"] = r.restarts;
  return j;
}

}  // namespace egkb
