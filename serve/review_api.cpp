#include "serve/review_api.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>
#include <set>
#include <unordered_map>

#include "base/errors.h"
#include "base/text.h"
#include "evidence/position_json.h"
#include "lattice/knowledge_base.h"
#include "lattice/material.h"
#include "lattice/neighbourhood.h"
#include "lattice/solved_bounds.h"
#include "present/bounds_json.h"
#include "present/node_json.h"
#include "prose/material_words.h"
#include "prose/score_meaning.h"
#include "review/adjudication.h"
#include "review/agreement.h"
#include "review/drafts.h"
#include "review/faults.h"
#include "review/node_record.h"
#include "review/result_json.h"
#include "review/rules.h"
#include "serve/api_call.h"
#include "store/store.h"

namespace egkb {

using namespace api;  // serve/api_call.h: the parts of every call

// The store's nodes with their lattice, built once per revision: the app asks for many nodes
// of one unchanged store, and the full lattice takes a second to build.
struct ReviewApi::View {
  View(int64_t revision, KnowledgeBase nodes, std::unordered_map<Key, Score> original)
      : revision(revision),
        kb(std::move(nodes)),
        scored(ScoredLattice::of(kb)),
        solved(solved_bounds(kb, scored)),
        original(std::move(original)) {}

  int64_t revision;
  KnowledgeBase kb;
  ScoredLattice scored;
  SolvedBounds solved;
  std::unordered_map<Key, Score> original;
};

namespace {

// A row's answers in a refusal: "alice 5, bob ok (6)".
std::string row_answers_text(const BatchItem& item, const std::map<std::string, Verdict>& answers) {
  std::string text;
  for (const auto& [name, verdict] : answers) {
    text +=
        fmt::format("{}{} {}", text.empty() ? "" : ", ", name,
                    verdict.is_ok() ? fmt::format("ok ({})", value(item.score)) : verdict.text());
  }
  return text;
}

// Refuses a submit whose reviewer's answers differ from another reviewer's on some rows, naming
// each row and every answer, unless the reviewer has seen them and submits anyway.
void refuse_disagreements(const Batch& batch, const std::vector<Draft>& drafts,
                          const std::string& reviewer, const std::string& origin,
                          const PieceSet& pieces) {
  Faults faults(origin, "answered otherwise by another reviewer",
                "settle them with the other reviewers, or submit anyway",
                Choice::AcceptDisagreements);
  for (const Disagreement& d : disagreements_of(batch_agreement(batch, drafts), reviewer)) {
    const BatchItem& item = batch.items[d.item];
    faults.add(
        sheet_line(d.item), "verdict",
        fmt::format("{}: {}", material_text(item.key, pieces), row_answers_text(item, d.answers)));
  }
  faults.throw_if_any();
}

// Refuses a lead's submit while a row the others answered differently has no answer of the
// lead's: adjudication settles every disagreement, so none is submitted unsettled.
void refuse_unsettled(const Batch& batch, const Settlement& settled, const PieceSet& pieces) {
  Faults faults(settled.sheet.origin, "answered differently by the reviewers",
                "answer each of them yourself (d goes to the next): your answer settles it");
  for (const Disagreement& d : settled.unsettled) {
    faults.add(sheet_line(d.item), "verdict",
               fmt::format("{}: {}", material_text(batch.items[d.item].key, pieces),
                           row_answers_text(batch.items[d.item], d.answers)));
  }
  faults.throw_if_any();
}

nlohmann::ordered_json import_json(const std::optional<BatchImport>& import) {
  if (!import) return nullptr;
  return {{"run", import->run}, {"reviewer", import->reviewer}, {"time", import->time}};
}

// Answers by reviewer: how many rows each has answered (a row only flagged is not answered).
nlohmann::ordered_json answered_json(const std::vector<Draft>& drafts) {
  std::map<std::string, std::size_t> count;
  for (const Draft& d : drafts) {
    if (d.state.verdict) ++count[d.reviewer];
  }
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  for (const auto& [name, n] : count) j[name] = n;
  return j;
}

nlohmann::ordered_json lead_json(const ReviewRoles& roles) {
  return roles.lead ? nlohmann::ordered_json(*roles.lead) : nlohmann::ordered_json(nullptr);
}

}  // namespace

ReviewApi::ReviewApi(std::string store, ReviewRoles roles)
    : store_(std::move(store)), roles_(std::move(roles)) {}
ReviewApi::~ReviewApi() = default;

std::shared_ptr<const ReviewApi::View> ReviewApi::view_at(Store& store) {
  const int64_t revision = store.revision();
  {
    std::lock_guard lock(view_mutex_);
    if (view_ && view_->revision == revision) return view_;
  }
  KnowledgeBase kb = store.knowledge_base();
  auto view = std::make_shared<const View>(revision, std::move(kb), store.original_scores());
  std::lock_guard lock(view_mutex_);
  if (!view_ || view_->revision < revision) view_ = view;
  return view;
}

ApiReply ReviewApi::batches() {
  return answer(400, [&] {
    Store store = Store::open(store_);
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (BatchId id : store.batch_ids()) {
      const Batch b = store.batch(id);
      list.push_back({{"id", b.id},
                      {"design", b.design},
                      {"created", b.created},
                      {"drawn", b.items.size()},
                      {"answered", answered_json(store.drafts(id))},
                      {"imported", import_json(store.batch_import(id))}});
    }
    return ApiReply{
        200, {{"store", store.path()}, {"pieces", store.pieces().name()}, {"batches", list}}};
  });
}

ApiReply ReviewApi::session(const Caller& caller) {
  return ApiReply{200,
                  {{"reviewer", caller.reviewer ? nlohmann::ordered_json(*caller.reviewer)
                                                : nlohmann::ordered_json(nullptr)},
                   {"lead", lead_json(roles_)},
                   {"overlap", roles_.overlap}}};
}

ApiReply ReviewApi::batch(BatchId id) {
  return answer(400, [&] {
    batch_of(store_, id);
    Store store = Store::open(store_);
    const Batch b = store.batch(id);
    const std::vector<Draft> drafts = store.drafts(id);
    const auto view = view_at(store);
    const PieceSet& pieces = store.pieces();
    std::unordered_map<Key, const KbRow*> rows;
    for (const KbRow& row : view->kb.rows) rows.emplace(row.key, &row);
    std::unordered_map<Key, std::vector<const Draft*>> drafts_of;
    for (const Draft& d : drafts) drafts_of[d.key].push_back(&d);
    std::unordered_map<Key, nlohmann::ordered_json> revisions;
    for (const DraftRevision& r : store.draft_revisions(id))
      revisions[r.key][r.reviewer] = r.revision;
    const BatchAgreement agreement = batch_agreement(b, drafts);
    std::vector<bool> disagree(b.items.size(), false);
    for (const Disagreement& d : agreement.disagreements) disagree[d.item] = true;
    const std::vector<std::vector<std::string>> assigned =
        roles_.overlap ? assign_rows(b.items.size(), roles_.assignees, roles_.overlap)
                       : std::vector<std::vector<std::string>>(b.items.size());
    nlohmann::ordered_json items = nlohmann::ordered_json::array();
    for (std::size_t i = 0; i < b.items.size(); ++i) {
      const BatchItem& item = b.items[i];
      nlohmann::ordered_json answers = nlohmann::ordered_json::object();
      nlohmann::ordered_json notes = nlohmann::ordered_json::object();
      nlohmann::ordered_json flagged = nlohmann::ordered_json::array();
      nlohmann::ordered_json skipped = nlohmann::ordered_json::array();
      for (const Draft* d : drafts_of[item.key]) {
        if (d->state.verdict) answers[d->reviewer] = d->state.verdict->text();
        if (!d->state.note.empty()) notes[d->reviewer] = d->state.note;
        if (d->state.flagged) flagged.push_back(d->reviewer);
        if (d->state.skipped) skipped.push_back(d->reviewer);
      }
      const auto row = rows.find(item.key);
      const auto original = view->original.find(item.key);
      nlohmann::ordered_json now = nullptr;
      if (row != rows.end()) {
        now = {{"score", value(row->second->score)},
               {"meaning", score_meaning(pieces, row->second->score)},
               {"source", source_name(row->second->source)},
               {"invariable", row->second->invariable}};
      }
      items.push_back(
          {{"line", sheet_line(i)},
           {"material", material_text(item.key, pieces)},
           {"words", describe_material(material_of(item.key, pieces), pieces)},
           {"drawn_score", value(item.score)},
           {"drawn_meaning", score_meaning(pieces, item.score)},
           {"now", now},
           {"original", original == view->original.end()
                            ? nlohmann::ordered_json(nullptr)
                            : nlohmann::ordered_json(value(original->second))},
           {"stratum", source_name(item.stratum)},
           {"probability", item.probability},
           {"drafts", answers},
           {"disagree", static_cast<bool>(disagree[i])},
           {"notes", notes},
           {"flagged", flagged},
           {"skipped", skipped},
           {"revisions",
            revisions.contains(item.key) ? revisions[item.key] : nlohmann::ordered_json::object()},
           {"assigned", assigned[i]}});
    }
    nlohmann::ordered_json meanings = nlohmann::ordered_json::array();
    for (int s = 0; s <= kMaxScore; ++s) meanings.push_back(score_meaning(pieces, Score(s)));
    return ApiReply{200,
                    {{"id", b.id},
                     {"design", b.design},
                     {"seed", b.seed},
                     {"created", b.created},
                     {"population", b.population},
                     {"parameters", nlohmann::ordered_json::parse(b.parameters)},
                     {"pieces", pieces.name()},
                     {"meanings", meanings},
                     {"reviewers", agreement.reviewers},
                     {"lead", lead_json(roles_)},
                     {"overlap", roles_.overlap},
                     {"imported", import_json(store.batch_import(id))},
                     {"items", items}}};
  });
}

ApiReply ReviewApi::agreement(BatchId id) {
  return answer(400, [&] {
    batch_of(store_, id);
    Store store = Store::open(store_);
    const Batch b = store.batch(id);
    const BatchAgreement a = batch_agreement(b, store.drafts(id));
    nlohmann::ordered_json pairs = nlohmann::ordered_json::array();
    for (const PairAgreement& p : a.pairs) {
      pairs.push_back(
          {{"reviewers", {p.first, p.second}},
           {"rows", p.rows},
           {"same", p.same},
           {"percent", p.rows ? nlohmann::ordered_json(100.0 * static_cast<double>(p.same) /
                                                       static_cast<double>(p.rows))
                              : nlohmann::ordered_json(nullptr)},
           {"kappa", p.kappa ? nlohmann::ordered_json(*p.kappa) : nlohmann::ordered_json(nullptr)},
           {"confusion", p.confusion}});
    }
    nlohmann::ordered_json times = nlohmann::ordered_json::array();
    for (const ReviewerTime& t : reviewer_times(store.row_times(id))) {
      times.push_back({{"reviewer", t.reviewer},
                       {"rows", t.rows},
                       {"seconds", t.total},
                       {"median_seconds", t.median}});
    }
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    for (const Disagreement& d : a.disagreements) {
      const BatchItem& item = b.items[d.item];
      nlohmann::ordered_json answers = nlohmann::ordered_json::object();
      nlohmann::ordered_json scores = nlohmann::ordered_json::object();
      for (const auto& [name, verdict] : d.answers) {
        answers[name] = verdict.text();
        scores[name] = value(verdict.score_given(item.score));
      }
      rows.push_back({{"line", sheet_line(d.item)},
                      {"material", material_text(item.key, store.pieces())},
                      {"drawn_score", value(item.score)},
                      {"answers", answers},
                      {"scores", scores}});
    }
    return ApiReply{200,
                    {{"batch", id},
                     {"reviewers", a.reviewers},
                     {"rows_by_several", a.rows_by_several},
                     {"fleiss_kappa", a.fleiss ? nlohmann::ordered_json(*a.fleiss)
                                               : nlohmann::ordered_json(nullptr)},
                     {"pairs", pairs},
                     {"times", times},
                     {"disagreements", rows}}};
  });
}

ApiReply ReviewApi::node(const std::string& material) {
  return answer(400, [&] {
    Store store = Store::open(store_);
    const PieceSet& pieces = store.pieces();
    const Key key = key_of_text(material, pieces);
    const auto view = view_at(store);
    const auto n = view->scored.lattice.find(key);
    if (!n) {
      throw Refusal{404,
                    fmt::format("{} is not in the knowledge base, nor is its mirror",
                                material_text(key, pieces)),
                    "material"};
    }
    nlohmann::ordered_json j = node_json(
        view->kb, view->scored, *n, neighbourhood(view->scored.lattice, view->scored.ranks(), *n));
    j["words"] = describe_material(material_of(key, pieces), pieces);
    j["pieces"] = pieces.name();
    const auto original = view->original.find(key);
    j["original"] = original == view->original.end()
                        ? nlohmann::ordered_json(nullptr)
                        : nlohmann::ordered_json(value(original->second));
    const nlohmann::ordered_json record = node_record_json(store, key);
    for (const char* k : {"history", "verdicts", "range", "solved"}) j[k] = record[k];
    j["bounds"] = bounds_json(view->scored, view->solved, *n);
    return ApiReply{200, j};
  });
}

ApiReply ReviewApi::position(const std::string& material, uint32_t index) {
  return answer(422, [&] {
    Store store = Store::open(store_);
    const PieceSet& pieces = store.pieces();
    const Key key = key_of_text(material, pieces);
    const std::array<Key, 2> pair{key, mirror_key(key, pieces)};
    const std::vector<EvidenceRecord> records = store.evidence_of(pair);
    return ApiReply{200, position_json(key, pieces, index, evidence_for_key(key, pieces, records))};
  });
}

ApiReply ReviewApi::submit(BatchId batch, const std::string& body, const Caller& caller) {
  return answer(422, [&] {
    const nlohmann::json j = parse_body(body);
    const std::string reviewer = reviewer_of(j, caller);
    const ReviewOptions options{flag_of(j, "partial"), flag_of(j, "accept_stale"),
                                flag_of(j, "replace")};
    const bool accept_disagreements = flag_of(j, "accept_disagreements");
    batch_of(store_, batch);
    if (roles_.lead && reviewer != *roles_.lead) {
      throw Refusal{403,
                    fmt::format("{} is the lead reviewer: the lead settles and submits batch {}, "
                                "with every reviewer's answers",
                                *roles_.lead, batch),
                    "reviewer"};
    }
    std::lock_guard lock(submit_mutex_);
    for (int attempt = 1;; ++attempt) {
      Store store = Store::open(store_);
      const Batch b = store.batch(batch);
      const std::vector<Draft> drafts = store.drafts(batch);
      FilledSheet sheet;
      if (roles_.lead) {
        const Settlement settled = settle(b, drafts, reviewer, store.pieces());
        refuse_unsettled(b, settled, store.pieces());
        sheet = settled.sheet;
      } else {
        sheet = sheet_of_drafts(b, drafts, reviewer, store.pieces());
      }
      if (sheet.rows.empty()) {
        throw Refusal{422,
                      fmt::format("{} {} no row of batch {}", reviewer,
                                  roles_.lead ? "can settle" : "has answered", batch),
                      "reviewer"};
      }
      if (!accept_disagreements && !roles_.lead) {
        refuse_disagreements(b, drafts, reviewer, sheet.origin, store.pieces());
      }
      const ReviewPlan plan = plan_review(store, sheet, options);
      try {
        const ReviewResult result =
            apply_review(store, plan, reviewer, answers_of_drafts(drafts, store.row_times(batch)));
        return ApiReply{200, review_result_json(plan, result, reviewer, false, store.pieces())};
      } catch (const StoreConflict&) {
        if (attempt == kSubmitAttempts) throw;
      }
    }
  });
}

}  // namespace egkb
