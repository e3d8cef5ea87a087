#include "review/batch_json.h"

#include <map>
#include <set>

#include "lattice/material.h"
#include "prose/material_words.h"
#include "prose/piece_symbols.h"
#include "prose/score_meaning.h"
#include "review/adjudication.h"
#include "review/drafts.h"
#include "review/row_evidence.h"
#include "store/batches.h"
#include "store/drafts.h"

namespace egkb {

namespace {

using Json = nlohmann::ordered_json;

template <typename T>
Json or_null(const std::optional<T>& v) {
  return v ? Json(*v) : Json(nullptr);
}

Json import_json(const std::optional<BatchImport>& import) {
  if (!import) return nullptr;
  return {{"run", import->run}, {"reviewer", import->reviewer}, {"time", import->time}};
}

// Rows answered by reviewer (a row only flagged, noted or skipped is not answered).
Json answered_json(const std::vector<Draft>& drafts) {
  std::map<std::string, std::size_t> count;
  for (const Draft& d : drafts) {
    if (d.state.verdict) ++count[d.reviewer];
  }
  Json j = Json::object();
  for (const auto& [name, n] : count) j[name] = n;
  return j;
}

// [low, high], or null.
Json interval_json(const std::optional<KappaInterval>& interval) {
  return interval ? Json::array({interval->low, interval->high}) : Json(nullptr);
}

}  // namespace

BatchJson::BatchJson(const BatchRecord& record)
    : record_(record), assigned_(record.roles.assigned(record.batch.items.size())) {
  for (std::size_t i = 0; i < record.batch.items.size(); ++i)
    index_.emplace(record.batch.items[i].key, i);
  for (const KbRow& row : record.kb.rows) rows_.emplace(row.key, &row);
  for (const Draft& d : record.drafts) drafts_[d.key].push_back(&d);
  for (const DraftRevision& r : record.revisions) revisions_[r.key][r.reviewer] = r.revision;
}

std::optional<std::size_t> BatchJson::index_of(Key key) const {
  const auto it = index_.find(key);
  return it == index_.end() ? std::nullopt : std::make_optional(it->second);
}

Json BatchJson::item(std::size_t index) const {
  const BatchItem& item = record_.batch.items[index];
  const PieceSet& pieces = record_.pieces;
  std::map<std::string, Verdict> answers;
  Json notes = Json::object(), flagged = Json::array(), skipped = Json::array();
  if (const auto it = drafts_.find(item.key); it != drafts_.end()) {
    for (const Draft* d : it->second) {
      if (d->state.verdict) answers.emplace(d->reviewer, *d->state.verdict);
      if (!d->state.note.empty()) notes[d->reviewer] = d->state.note;
      if (d->state.flagged) flagged.push_back(d->reviewer);
      if (d->state.skipped) skipped.push_back(d->reviewer);
    }
  }
  Json drafts = Json::object(), scores = Json::object();
  for (const auto& [name, verdict] : answers) {
    drafts[name] = verdict.text();
    scores[name] = value(verdict.score_given(item.score));
  }
  Json now = nullptr;
  if (const auto row = rows_.find(item.key); row != rows_.end()) {
    now = {{"score", value(row->second->score)},
           {"meaning", score_meaning(pieces, row->second->score)},
           {"source", source_name(row->second->source)},
           {"invariable", row->second->invariable}};
  }
  const auto evidence = evidence_for_key(item.key, pieces, record_.evidence);
  const auto original = record_.original.find(item.key);
  const auto revisions = revisions_.find(item.key);
  const Material material = material_of(item.key, pieces);
  return {
      {"line", sheet_line(index)},
      {"material", material_text(item.key, pieces)},
      {"words", describe_material(material, pieces)},
      {"symbols", material_symbols(material, pieces)},
      {"drawn_score", value(item.score)},
      {"drawn_meaning", score_meaning(pieces, item.score)},
      {"now", now},
      {"original",
       original == record_.original.end() ? Json(nullptr) : Json(value(original->second))},
      {"stratum", source_name(item.stratum)},
      {"evidence_score", evidence ? Json(value(evidence->score)) : Json(nullptr)},
      {"evidence_disagrees", evidence && evidence_disagrees(item.score, evidence->score)},
      {"probability", item.probability},
      {"drafts", drafts},
      {"scores", scores},
      {"disagree", answers_differ(item.score, answers)},
      {"settled", is_settled(item.score, answers, record_.roles.lead)},
      {"notes", notes},
      {"flagged", flagged},
      {"skipped", skipped},
      {"revisions", revisions == revisions_.end() ? Json::object() : revisions->second},
      {"assigned", assigned_[index]},
      {"answerers", or_null(record_.roles.answerers(assigned_[index]))},
  };
}

Json BatchJson::batch() const {
  const Batch& b = record_.batch;
  std::set<std::string> reviewers;
  for (const Draft& d : record_.drafts) {
    if (d.state.verdict && index_.contains(d.key)) reviewers.insert(d.reviewer);
  }
  Json items = Json::array();
  for (std::size_t i = 0; i < b.items.size(); ++i) items.push_back(item(i));
  Json median_seconds = Json::object();
  for (const ReviewerTime& t : record_.times) median_seconds[t.reviewer] = t.median;
  Json meanings = Json::array();
  for (int s = 0; s <= kMaxScore; ++s) meanings.push_back(score_meaning(record_.pieces, Score(s)));
  return {{"id", b.id},
          {"design", b.design},
          {"seed", b.seed},
          {"created", b.created},
          {"population", b.population},
          {"parameters", Json::parse(b.parameters)},
          {"pieces", record_.pieces.name()},
          {"sides", {record_.pieces.side_name(Side::Red), record_.pieces.side_name(Side::Black)}},
          {"meanings", meanings},
          {"reviewers", reviewers},
          {"lead", or_null(record_.roles.lead)},
          {"overlap", record_.roles.overlap},
          {"blind", record_.roles.blind},
          {"imported", import_json(record_.import)},
          {"median_seconds", median_seconds},
          {"items", items}};
}

Json batches_json(Store& store) {
  Json list = Json::array();
  for (BatchId id : store::batch_ids(store)) {
    const Batch b = store::batch(store, id);
    list.push_back({{"id", b.id},
                    {"design", b.design},
                    {"created", b.created},
                    {"drawn", b.items.size()},
                    {"answered", answered_json(store::drafts(store, id))},
                    {"imported", import_json(store::batch_import(store, id))}});
  }
  return {{"store", store.path()}, {"pieces", store.pieces().name()}, {"batches", list}};
}

Json agreement_json(const Batch& batch, const BatchAgreement& a,
                    const std::vector<ReviewerTime>& times, const PieceSet& pieces) {
  Json pairs = Json::array();
  for (const PairAgreement& p : a.pairs) {
    pairs.push_back({{"reviewers", {p.first, p.second}},
                     {"rows", p.rows},
                     {"same", p.same},
                     {"percent", p.rows ? Json(100.0 * static_cast<double>(p.same) /
                                               static_cast<double>(p.rows))
                                        : Json(nullptr)},
                     {"kappa", or_null(p.kappa)},
                     {"kappa_interval", interval_json(p.interval)},
                     {"confusion", p.confusion}});
  }
  Json spent = Json::array();
  for (const ReviewerTime& t : times) {
    spent.push_back({{"reviewer", t.reviewer},
                     {"rows", t.rows},
                     {"seconds", t.total},
                     {"median_seconds", t.median}});
  }
  Json rows = Json::array();
  for (const Disagreement& d : a.disagreements) {
    const BatchItem& item = batch.items[d.item];
    Json answers = Json::object(), scores = Json::object();
    for (const auto& [name, verdict] : d.answers) {
      answers[name] = verdict.text();
      scores[name] = value(verdict.score_given(item.score));
    }
    rows.push_back({{"line", sheet_line(d.item)},
                    {"material", material_text(item.key, pieces)},
                    {"drawn_score", value(item.score)},
                    {"answers", answers},
                    {"scores", scores}});
  }
  return {{"batch", batch.id},
          {"reviewers", a.reviewers},
          {"rows_by_several", a.rows_by_several},
          {"fleiss_kappa", or_null(a.fleiss)},
          {"fleiss_kappa_interval", interval_json(a.fleiss_interval)},
          {"interval_method", kKappaIntervalMethod},
          {"pairs", pairs},
          {"times", spent},
          {"disagreements", rows}};
}

Json board_symbols_json(const PieceSet& pieces) {
  Json j = Json::object();
  for (Side side : {Side::Red, Side::Black}) {
    const auto letter = [&](char c) {
      return std::string(1, side == Side::Red ? c : static_cast<char>(c - 'A' + 'a'));
    };
    j[letter('K')] = piece_symbol(pieces, side, std::nullopt);
    for (PieceKind k : pieces.kinds())
      j[letter(pieces.kind(k).letter)] = piece_symbol(pieces, side, k);
  }
  return j;
}

}  // namespace egkb
