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
#include "store/reviewer.h"
#include "store/store.h"

namespace egkb {

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

// Thrown inside a call to answer with that status and the CLI's message text.
struct Refusal {
  Refusal(int status, std::string message, std::string field, std::size_t line = 0,
          Choice choice = Choice::None)
      : status(status),
        message(std::move(message)),
        field(std::move(field)),
        line(line),
        choice(choice) {}

  int status;
  std::string message;
  std::string field;
  std::size_t line;
  Choice choice;
};

nlohmann::ordered_json error_json(const Refusal& r) {
  nlohmann::ordered_json j{{"error", r.message}};
  if (!r.field.empty()) j["field"] = r.field;
  if (r.line > 0) j["line"] = r.line;
  if (r.choice != Choice::None) j["choice"] = choice_name(r.choice);
  return j;
}

// A refusal as the app shows it: the row by its sheet line, never the sheet's name the command
// line gives ("batch 2 as answered by alice:5: verdict: …"); a list of rows says each row's line.
std::string refusal_text(const InputError& e) {
  if (e.message().find('\n') != std::string::npos) return e.message();
  std::string where = e.line() > 0 ? fmt::format("line {}", e.line()) : "";
  if (!e.field().empty()) where += (where.empty() ? "" : " ") + e.field();
  return where.empty() ? e.message() : where + ": " + e.message();
}

// Runs one call, turning egkb's failures into the statuses docs/formats.md lists: 404 for an
// unknown batch or material, `input_status` for other refused input, 403 for a change of a store
// this server may not write (for good: the app shows it rather than sending it again), 409 when
// the store stayed busy or changed under every attempt, 500 when it cannot be read.
template <typename Work>
ApiReply answer(int input_status, Work&& work) {
  try {
    return work();
  } catch (const Refusal& r) {
    return {r.status, error_json(r)};
  } catch (const InputError& e) {
    return {input_status, error_json(Refusal(0, refusal_text(e), e.field(), e.line(), e.choice()))};
  } catch (const MaterialParseError& e) {
    return {400, error_json(Refusal(0, e.what(), "material"))};
  } catch (const StoreReadOnly& e) {
    return {403, error_json(Refusal(0, e.what(), ""))};
  } catch (const StoreConflict& e) {
    return {409, error_json(Refusal(0, e.what(), ""))};
  } catch (const std::exception& e) {
    return {500, error_json(Refusal(0, e.what(), ""))};
  }
}

nlohmann::json parse_body(const std::string& body) {
  nlohmann::json j = nlohmann::json::parse(body, nullptr, false);
  if (j.is_discarded() || !j.is_object())
    throw Refusal{400, "the request body is not a JSON object", "body"};
  return j;
}

// The reviewer a request acts for. With a reviewer's token it is the token's: a body may name
// that reviewer or none, never another.
std::string reviewer_of(const nlohmann::json& body, const Caller& caller) {
  const auto it = body.find("reviewer");
  if (caller.reviewer && (it == body.end() || it->is_null())) return *caller.reviewer;
  if (it == body.end() || !it->is_string())
    throw Refusal{400, "reviewer: a name is required (a JSON string)", "reviewer"};
  std::string name;
  try {
    name = checked_reviewer(it->get<std::string>(), "reviewer");
  } catch (const InputError& e) {
    throw Refusal{400, e.what(), "reviewer"};
  }
  if (caller.reviewer && name != *caller.reviewer) {
    throw Refusal{403,
                  fmt::format("this link is {}'s: it cannot answer as {}",
                              in_quotes(*caller.reviewer), in_quotes(name)),
                  "reviewer"};
  }
  return name;
}

// The reviewer a query names (`?reviewer=`), checked as a body's is.
std::string reviewer_in_query(const std::string& reviewer, const Caller& caller) {
  return reviewer_of(
      reviewer.empty() ? nlohmann::json::object() : nlohmann::json{{"reviewer", reviewer}}, caller);
}

// A change of a draft as a request gives it: each field it names replaces that field.
struct DraftChange {
  std::optional<std::optional<Verdict>> verdict;  // set to a verdict, or (null) to none
  std::optional<std::string> note;
  std::optional<bool> flagged;
  std::optional<bool> skipped;
  double seconds = 0;  // spent on the row since the reviewer's last change of it

  DraftState applied_to(DraftState state) const {
    if (verdict) state.verdict = *verdict;
    if (note) state.note = *note;
    if (flagged) state.flagged = *flagged;
    if (skipped) state.skipped = *skipped;
    if (verdict && *verdict) state.skipped = false;
    if (state.skipped) state.verdict.reset();
    return state;
  }
};

// The longest time one change may add to a row: the app counts at most 5 idle minutes a visit.
constexpr double kMostSecondsPerChange = 3600;

DraftChange change_of(const nlohmann::json& body) {
  DraftChange change;
  if (const auto v = body.find("verdict"); v != body.end()) {
    const std::optional<Verdict> verdict =
        v->is_string() ? Verdict::parse(v->get<std::string>()) : std::nullopt;
    if (!v->is_null() && !verdict) {
      throw Refusal{400,
                    "verdict: expected \"0\" to \"9\", \"ok\" when the score is right, or null",
                    "verdict"};
    }
    change.verdict = verdict;
  }
  if (const auto n = body.find("note"); n != body.end()) {
    if (!n->is_string()) throw Refusal{400, "note: expected a JSON string", "note"};
    try {
      change.note = checked_note(n->get<std::string>(), "note");
    } catch (const InputError& e) {
      throw Refusal{400, e.what(), "note"};
    }
  }
  if (const auto f = body.find("flagged"); f != body.end()) {
    if (!f->is_boolean()) throw Refusal{400, "flagged: expected true or false", "flagged"};
    change.flagged = f->get<bool>();
  }
  if (const auto k = body.find("skipped"); k != body.end()) {
    if (!k->is_boolean()) throw Refusal{400, "skipped: expected true or false", "skipped"};
    change.skipped = k->get<bool>();
  }
  if (const auto t = body.find("seconds"); t != body.end()) {
    if (!t->is_number() || !(t->get<double>() >= 0) || t->get<double>() > kMostSecondsPerChange) {
      throw Refusal{
          400,
          fmt::format("seconds: expected a number of seconds from 0 to {}", kMostSecondsPerChange),
          "seconds"};
    }
    change.seconds = t->get<double>();
  }
  if (!change.verdict && !change.note && !change.flagged && !change.skipped) {
    throw Refusal{400, "a draft needs a verdict, a note, a flag or a skip to change", "verdict"};
  }
  return change;
}

// The id the browser gave a change (`"request"`), so that a change sent again is applied once;
// a request without one is applied each time it comes.
std::optional<std::string> request_of(const nlohmann::json& body) {
  const auto it = body.find("request");
  if (it == body.end()) return std::nullopt;
  constexpr std::size_t kLongest = 100;
  const std::string text = it->is_string() ? it->get<std::string>() : std::string();
  const bool printable_ascii =
      std::all_of(text.begin(), text.end(), [](char c) { return c > ' ' && c < 127; });
  if (text.empty() || text.size() > kLongest || !printable_ascii) {
    throw Refusal{
        400, fmt::format("request: expected an id of 1 to {} printable ASCII characters", kLongest),
        "request"};
  }
  return text;
}

// Applies a change once per request id: a request sent again (its answer lost on the way) is
// answered with the row as it stands, and nothing is applied twice.
template <typename Apply>
std::optional<std::pair<Key, DraftState>> once(StoreWriter& w, BatchId batch,
                                               const std::string& reviewer,
                                               const std::optional<std::string>& request,
                                               Apply&& apply) {
  if (request) {
    if (const std::optional<Key> key = w.applied_request(batch, reviewer, *request)) {
      return std::make_pair(*key, w.draft(batch, *key, reviewer).value_or(DraftState{}));
    }
  }
  std::optional<std::pair<Key, DraftState>> changed = apply();
  if (changed && request) w.record_request(batch, reviewer, *request, changed->first);
  return changed;
}

bool flag_of(const nlohmann::json& body, const char* name) {
  const auto it = body.find(name);
  if (it == body.end()) return false;
  if (!it->is_boolean()) throw Refusal{400, fmt::format("{}: expected true or false", name), name};
  return it->get<bool>();
}

Key key_of_text(const std::string& text, const PieceSet& pieces) {
  try {
    return key_of(parse_material(text, pieces), pieces);
  } catch (const MaterialParseError& e) {
    throw Refusal{400, fmt::format("material: {}", e.what()), "material"};
  }
}

// The batch, or a 404 when the store has none of that id. Read in a session of its own, so a
// draft's write session reads nothing and never finds its snapshot stale.
Batch batch_of(const std::string& path, BatchId id) {
  Store store = Store::open(path);
  const std::vector<BatchId> ids = store.batch_ids();
  if (!std::binary_search(ids.begin(), ids.end(), id))
    throw Refusal(404, fmt::format("{}: no batch {} in the store", path_text(path), id), "batch");
  return store.batch(id);
}

nlohmann::ordered_json state_json(const DraftState& state) {
  return {{"verdict", state.verdict ? nlohmann::ordered_json(state.verdict->text())
                                    : nlohmann::ordered_json(nullptr)},
          {"note", state.note},
          {"flagged", state.flagged},
          {"skipped", state.skipped}};
}

// The row's line in the batch's sheet; 0 when the batch did not draw it.
std::size_t line_of(const Batch& batch, Key key) {
  for (std::size_t i = 0; i < batch.items.size(); ++i) {
    if (batch.items[i].key == key) return sheet_line(i);
  }
  return 0;
}

// A draft as the API answers it: the row (its material and sheet line) and its state.
nlohmann::ordered_json draft_json(const Batch& batch, Key key, const std::string& reviewer,
                                  const DraftState& state, const PieceSet& pieces) {
  nlohmann::ordered_json j{{"batch", batch.id},
                           {"material", material_text(key, pieces)},
                           {"line", line_of(batch, key)},
                           {"reviewer", reviewer}};
  j.update(state_json(state));
  return j;
}

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

// Undo or redo as `step` does it, once per request id.
using Step = std::optional<std::pair<Key, DraftState>> (StoreWriter::*)(BatchId,
                                                                        const std::string&);
ApiReply step_back_or_forth(const std::string& path, BatchId batch, const std::string& body,
                            const Caller& caller, const char* what, Step step) {
  return answer(422, [&] {
    const nlohmann::json j = parse_body(body);
    const std::string reviewer = reviewer_of(j, caller);
    const std::optional<std::string> request = request_of(j);
    const Batch b = batch_of(path, batch);
    Store store = Store::open(path);
    std::optional<std::pair<Key, DraftState>> changed;
    store.write([&](StoreWriter& w) {
      changed = once(w, batch, reviewer, request, [&] { return (w.*step)(batch, reviewer); });
    });
    if (!changed) {
      throw Refusal{
          422, fmt::format("{} has nothing left to {} in batch {}", reviewer, what, batch), what};
    }
    return ApiReply{200, draft_json(b, changed->first, reviewer, changed->second, store.pieces())};
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
      items.push_back({{"line", sheet_line(i)},
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
    const Batch b = batch_of(store_, batch);
    Store store = Store::open(store_);
    const Key key = key_of_text(material, store.pieces());
    std::optional<std::pair<Key, DraftState>> changed;
    store.write([&](StoreWriter& w) {
      changed = once(w, batch, reviewer, request, [&] {
        const DraftState state =
            change.applied_to(w.draft(batch, key, reviewer).value_or(DraftState{}));
        w.set_draft(batch, key, reviewer, state);
        if (change.seconds > 0) w.add_row_time(batch, key, reviewer, change.seconds);
        return std::make_optional(std::make_pair(key, state));
      });
    });
    return ApiReply{200, draft_json(b, changed->first, reviewer, changed->second, store.pieces())};
  });
}

ApiReply ReviewApi::remove_draft(BatchId batch, const std::string& material,
                                 const std::string& reviewer, const Caller& caller) {
  return answer(422, [&] {
    const std::string name = reviewer_in_query(reviewer, caller);
    const Batch b = batch_of(store_, batch);
    Store store = Store::open(store_);
    const Key key = key_of_text(material, store.pieces());
    store.write([&](StoreWriter& w) { w.set_draft(batch, key, name, {}); });
    return ApiReply{200, draft_json(b, key, name, {}, store.pieces())};
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
