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
#include "serve/draft_change.h"
#include "store/reviewer.h"
#include "store/store.h"

namespace egkb {

using namespace api;  // serve/api_call.h, serve/draft_change.h: the parts of every call

// The store's nodes with their lattice, built once per revision: the app asks for many nodes
// of one unchanged store, and the full lattice takes a second to build.
struct ReviewApi::View {
  View(int64_t revision, KnowledgeBase nodes, std::unordered_map<Key, Score> original)
      : revision(revision),
        kb(std::move(nodes)),
        scored(ScoredLattice::of(kb)),
        original(std::move(original)) {}

  int64_t revision;
  KnowledgeBase kb;
  ScoredLattice scored;
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

// With rows assigned (serve --assign), a reviewer other than the lead changes only the drafts of
// rows assigned to them: an answer to another's row would count for a row nobody asked of them.
void require_assigned(const ReviewRoles& roles, const Batch& batch, Key key,
                      const std::string& reviewer, const PieceSet& pieces) {
  if (!roles.overlap || reviewer == roles.lead) return;
  const auto item = std::find_if(batch.items.begin(), batch.items.end(),
                                 [&](const BatchItem& i) { return i.key == key; });
  if (item == batch.items.end()) return;  // not drawn: the store refuses it by its own words
  const std::size_t index = static_cast<std::size_t>(item - batch.items.begin());
  const std::vector<std::string> assigned =
      assign_rows(batch.items.size(), roles.assignees, roles.overlap)[index];
  if (std::find(assigned.begin(), assigned.end(), reviewer) != assigned.end()) return;
  throw Refusal{403,
                fmt::format("{} (line {}) is assigned to {}, not to {}: each reviewer answers "
                            "the rows assigned to them",
                            material_text(key, pieces), sheet_line(index),
                            fmt::join(assigned, " and "), reviewer),
                "material", sheet_line(index)};
}

nlohmann::ordered_json lead_json(const ReviewRoles& roles) {
  return roles.lead ? nlohmann::ordered_json(*roles.lead) : nlohmann::ordered_json(nullptr);
}

// Undo or redo as `step` does it, once per request id.
using Step = std::optional<std::pair<Key, DraftState>> (StoreWriter::*)(BatchId,
                                                                        const std::string&);
ApiReply step_back_or_forth(const std::string& path, BatchId batch, const std::string& body,
                            const Caller& caller, const char* what, Step step) {
  return answer(422, [&] {
    const nlohmann::json j = parse_body(body);
    const std::string reviewer = reviewer_of(j, caller);
    const std::optional<std::string> request = request_of(j);
    const std::optional<int64_t> made_on = revision_of(j);
    const Batch b = batch_of(path, batch);
    Store store = Store::open(path);
    const PieceSet& pieces = store.pieces();
    // The row the browser saw the step change, when it names one: with the revision it was made
    // on, the step is refused unless it changes that row at that revision.
    const auto named = j.find("material");
    if (made_on && (named == j.end() || !named->is_string())) {
      throw Refusal{400, fmt::format("material: the row {} was made on, with its revision", what),
                    "material"};
    }
    const std::optional<Key> row =
        named != j.end() && named->is_string()
            ? std::make_optional(key_of_text(named->get<std::string>(), pieces))
            : std::nullopt;
    std::optional<ChangedDraft> changed;
    store.write([&](StoreWriter& w) {
      changed = once(w, batch, reviewer, request, [&] {
        if (row) require_revision(w, b, *row, reviewer, made_on, pieces);
        const auto stepped = (w.*step)(batch, reviewer);
        if (row && made_on && stepped && stepped->first != *row) {
          Refusal conflict{
              412,
              fmt::format("the change {} would take is on {} (line {}), not on {}: "
                          "{} was not done",
                          what, material_text(stepped->first, pieces), line_of(b, stepped->first),
                          material_text(*row, pieces), what),
              "material", line_of(b, *row)};
          const ChangedDraft standing{*row, w.draft(batch, *row, reviewer).value_or(DraftState{}),
                                      *made_on};
          conflict.more["draft"] = draft_json(b, reviewer, standing, pieces);
          throw conflict;
        }
        return stepped;
      });
    });
    if (!changed) {
      throw Refusal{
          422, fmt::format("{} has nothing left to {} in batch {}", reviewer, what, batch), what};
    }
    return ApiReply{200, draft_json(b, reviewer, *changed, pieces)};
  });
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
    for (const char* k : {"history", "verdicts", "range"}) j[k] = record[k];
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

ApiReply ReviewApi::put_draft(BatchId batch, const std::string& material, const std::string& body,
                              const Caller& caller) {
  return answer(422, [&] {
    const nlohmann::json j = parse_body(body);
    const std::string reviewer = reviewer_of(j, caller);
    const DraftChange change = change_of(j);
    const std::optional<std::string> request = request_of(j);
    const std::optional<int64_t> made_on = revision_of(j);
    const Batch b = batch_of(store_, batch);
    Store store = Store::open(store_);
    const Key key = key_of_text(material, store.pieces());
    require_assigned(roles_, b, key, reviewer, store.pieces());
    std::optional<ChangedDraft> changed;
    store.write([&](StoreWriter& w) {
      changed = once(w, batch, reviewer, request, [&] {
        require_revision(w, b, key, reviewer, made_on, store.pieces());
        const DraftState state =
            change.applied_to(w.draft(batch, key, reviewer).value_or(DraftState{}));
        w.set_draft(batch, key, reviewer, state);
        if (change.seconds > 0) w.add_row_time(batch, key, reviewer, change.seconds);
        return std::make_optional(std::make_pair(key, state));
      });
    });
    return ApiReply{200, draft_json(b, reviewer, *changed, store.pieces())};
  });
}

ApiReply ReviewApi::remove_draft(BatchId batch, const std::string& material,
                                 const std::string& reviewer, const Caller& caller) {
  return answer(422, [&] {
    const std::string name = reviewer_in_query(reviewer, caller);
    const Batch b = batch_of(store_, batch);
    Store store = Store::open(store_);
    const Key key = key_of_text(material, store.pieces());
    require_assigned(roles_, b, key, name, store.pieces());
    ChangedDraft removed{key, {}};
    store.write([&](StoreWriter& w) {
      w.set_draft(batch, key, name, {});
      removed.revision = w.draft_revision(batch, key, name);
    });
    return ApiReply{200, draft_json(b, name, removed, store.pieces())};
  });
}

ApiReply ReviewApi::undo(BatchId batch, const std::string& body, const Caller& caller) {
  return step_back_or_forth(store_, batch, body, caller, "undo", &StoreWriter::undo_draft);
}

ApiReply ReviewApi::redo(BatchId batch, const std::string& body, const Caller& caller) {
  return step_back_or_forth(store_, batch, body, caller, "redo", &StoreWriter::redo_draft);
}

ApiReply ReviewApi::changes(BatchId batch, const std::string& reviewer, const Caller& caller) {
  return answer(422, [&] {
    const std::string name = reviewer_in_query(reviewer, caller);
    const Batch b = batch_of(store_, batch);
    Store store = Store::open(store_);
    const DraftHistory history = store.draft_history(batch, name);
    const auto steps_json = [&](const std::vector<DraftStep>& steps) {
      nlohmann::ordered_json list = nlohmann::ordered_json::array();
      for (const DraftStep& s : steps) {
        list.push_back({{"material", material_text(s.key, store.pieces())},
                        {"line", line_of(b, s.key)},
                        {"before", state_json(s.before)},
                        {"after", state_json(s.after)}});
      }
      return list;
    };
    return ApiReply{200, nlohmann::ordered_json{{"batch", batch},
                                                {"reviewer", name},
                                                {"undo", steps_json(history.undo)},
                                                {"redo", steps_json(history.redo)}}};
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
