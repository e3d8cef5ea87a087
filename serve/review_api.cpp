#include "serve/review_api.h"

#include <fmt/format.h>

#include <array>
#include <unordered_map>

#include "evidence/position_json.h"
#include "lattice/knowledge_base.h"
#include "lattice/material.h"
#include "lattice/neighbourhood.h"
#include "lattice/solved_bounds.h"
#include "present/bounds_json.h"
#include "present/node_json.h"
#include "prose/material_words.h"
#include "review/adjudication.h"
#include "review/agreement.h"
#include "review/batch_json.h"
#include "review/node_record.h"
#include "review/result_json.h"
#include "review/rules.h"
#include "review/submit_drafts.h"
#include "serve/api_call.h"
#include "serve/exact_value.h"
#include "store/answers.h"
#include "store/batches.h"
#include "store/drafts.h"
#include "store/evidence.h"
#include "store/history.h"
#include "store/nodes.h"
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

ReviewApi::ReviewApi(std::string store, ReviewRoles roles, std::optional<std::string> tables)
    : store_(std::move(store)), roles_(std::move(roles)), tables_(std::move(tables)) {}
ReviewApi::~ReviewApi() = default;

std::shared_ptr<const ReviewApi::View> ReviewApi::view_at(Store& store) {
  const int64_t revision = store.revision();
  {
    std::lock_guard lock(view_mutex_);
    if (view_ && view_->revision == revision) return view_;
  }
  KnowledgeBase kb = store::knowledge_base(store);
  auto view = std::make_shared<const View>(revision, std::move(kb), store::original_scores(store));
  std::lock_guard lock(view_mutex_);
  if (!view_ || view_->revision < revision) view_ = view;
  return view;
}

template <typename Use>
auto ReviewApi::with_batch_json(Store& store, BatchId id, const std::optional<std::string>& viewer,
                                Use&& use) {
  const auto view = view_at(store);
  const Batch b = store::batch(store, id);
  const std::vector<Draft> all = store::drafts(store, id);
  const std::vector<Draft> drafts = drafts_seen_by(roles_, all, viewer);
  const std::vector<DraftRevision> revisions =
      revisions_seen_by(roles_, all, store::draft_revisions(store, id), viewer);
  const std::optional<BatchImport> import = store::batch_import(store, id);
  std::vector<Key> keys;
  for (const BatchItem& item : b.items) {
    keys.push_back(item.key);
    keys.push_back(mirror_key(item.key, store.pieces()));
  }
  const std::vector<EvidenceRecord> evidence = store::evidence_of(store, keys);
  const std::vector<ReviewerTime> times = reviewer_times(store::row_times(store, id));
  return use(BatchJson({b, drafts, revisions, view->kb, view->original, import, roles_,
                        store.pieces(), evidence, times}));
}

ApiReply ReviewApi::batches() {
  return answer(400, [&] {
    Store store = Store::open(store_);
    return ApiReply{200, batches_json(store)};
  });
}

ApiReply ReviewApi::session(const Caller& caller) {
  return ApiReply{200,
                  {{"reviewer", caller.reviewer ? nlohmann::ordered_json(*caller.reviewer)
                                                : nlohmann::ordered_json(nullptr)},
                   {"lead", roles_.lead ? nlohmann::ordered_json(*roles_.lead)
                                        : nlohmann::ordered_json(nullptr)},
                   {"overlap", roles_.overlap},
                   {"blind", roles_.blind}}};
}

std::optional<std::string> ReviewApi::viewer_of(const std::string& reviewer,
                                                const Caller& caller) const {
  if (reviewer.empty() && !caller.reviewer) return std::nullopt;
  return reviewer_in_query(reviewer, caller);
}

ApiReply ReviewApi::batch(BatchId id, const std::string& reviewer, const Caller& caller) {
  return answer(400, [&] {
    const auto viewer = viewer_of(reviewer, caller);
    batch_of(store_, id);
    Store store = Store::open(store_);
    return with_batch_json(store, id, viewer, [](const BatchJson& json) {
      return ApiReply{200, json.batch()};
    });
  });
}

ApiReply ReviewApi::with_items(BatchId batch, ApiReply reply) {
  // The answers that name a draft: a change's (200) or the row a stale one was refused on (412).
  std::vector<nlohmann::ordered_json*> answers;
  const auto add = [&](nlohmann::ordered_json& answer) {
    const nlohmann::ordered_json& draft = answer.contains("draft") ? answer["draft"] : answer;
    if (draft.is_object() && draft.contains("material") && draft["material"].is_string())
      answers.push_back(&answer);
  };
  if (reply.body.contains("results")) {
    for (nlohmann::ordered_json& result : reply.body["results"]) add(result);
  } else {
    add(reply.body);
  }
  if (answers.empty()) return reply;
  // The changes stand whatever happens here: when the rows cannot be read they are left out,
  // and the page reads the batch again.
  try {
    Store store = Store::open(store_);
    const PieceSet& pieces = store.pieces();
    const nlohmann::ordered_json& first =
        answers.front()->contains("draft") ? (*answers.front())["draft"] : *answers.front();
    const auto viewer = first.contains("reviewer") && first["reviewer"].is_string()
                            ? std::make_optional(first["reviewer"].get<std::string>())
                            : std::nullopt;
    with_batch_json(store, batch, viewer, [&](const BatchJson& json) {
      for (nlohmann::ordered_json* answer : answers) {
        const nlohmann::ordered_json& draft =
            answer->contains("draft") ? (*answer)["draft"] : *answer;
        const Key key =
            key_of(parse_material(draft["material"].get<std::string>(), pieces), pieces);
        if (const auto index = json.index_of(key)) (*answer)["item"] = json.item(*index);
      }
      return 0;
    });
  } catch (const std::exception&) {
    for (nlohmann::ordered_json* answer : answers) answer->erase("item");
  }
  return reply;
}

ApiReply ReviewApi::agreement(BatchId id, const std::string& reviewer, const Caller& caller) {
  return answer(400, [&] {
    const auto viewer = viewer_of(reviewer, caller);
    batch_of(store_, id);
    Store store = Store::open(store_);
    const Batch b = store::batch(store, id);
    const std::vector<Draft> drafts = drafts_seen_by(roles_, store::drafts(store, id), viewer);
    nlohmann::ordered_json j = agreement_json(
        b, batch_agreement(b, drafts), reviewer_times(store::row_times(store, id)), store.pieces());
    j["blind"] = roles_.blind;
    return ApiReply{200, j};
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
    const std::vector<EvidenceRecord> records = store::evidence_of(store, pair);
    nlohmann::ordered_json j =
        position_json(key, pieces, index, evidence_for_key(key, pieces, records));
    j["glyphs"] = board_symbols_json(pieces);
    const ExactValue exact = exact_value(store, key, j["fen"].get<std::string>(), tables_);
    j["exact"] = exact.value;
    j["exact_missing"] = exact.missing;
    return ApiReply{200, j};
  });
}

ApiReply ReviewApi::position_value(const std::string& material, const std::string& fen) {
  return answer(422, [&] {
    Store store = Store::open(store_);
    const Key key = key_of_text(material, store.pieces());
    ExactValue exact = exact_value(store, key, fen, tables_);
    if (exact.value.is_null()) throw Refusal(404, exact.missing.get<std::string>(), "material");
    return ApiReply{200, std::move(exact.value)};
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
    require_submitter(roles_, batch, reviewer);
    std::lock_guard lock(submit_mutex_);
    for (int attempt = 1;; ++attempt) {
      Store store = Store::open(store_);
      const Batch b = store::batch(store, batch);
      const std::vector<Draft> drafts = store::drafts(store, batch);
      const FilledSheet sheet =
          sheet_to_submit(b, drafts, reviewer, roles_, accept_disagreements, store.pieces());
      const ReviewPlan plan = plan_review(store, sheet, options);
      try {
        const ReviewResult result = apply_review(
            store, plan, reviewer, answers_of_drafts(drafts, store::row_times(store, batch)));
        return ApiReply{200, review_result_json(plan, result, reviewer, false, store.pieces())};
      } catch (const StoreConflict&) {
        if (attempt == kSubmitAttempts) throw;
      }
    }
  });
}

}  // namespace egkb
