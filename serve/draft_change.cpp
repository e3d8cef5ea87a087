#include "serve/draft_change.h"

#include <fmt/format.h>

#include <algorithm>

#include "lattice/material.h"
#include "review/drafts.h"
#include "store/drafts.h"
#include "store/reviewer.h"

namespace egkb::api {

DraftState DraftChange::applied_to(DraftState state) const {
  if (verdict) state.verdict = *verdict;
  if (note) state.note = *note;
  if (flagged) state.flagged = *flagged;
  if (skipped) state.skipped = *skipped;
  if (verdict && *verdict) state.skipped = false;
  if (state.skipped) state.verdict.reset();
  return state;
}

namespace {

// The longest time one change may add to a row: the app counts at most 5 idle minutes a visit.
constexpr double kMostSecondsPerChange = 3600;

}  // namespace

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

std::optional<int64_t> revision_of(const nlohmann::json& body) {
  const auto it = body.find("revision");
  if (it == body.end()) return std::nullopt;
  if (!it->is_number_integer() || it->get<int64_t>() < 0) {
    throw Refusal{400, "revision: expected the row's revision the change was made on, 0 or more",
                  "revision"};
  }
  return it->get<int64_t>();
}

void require_revision(StoreWriter& w, const Batch& batch, Key key, const std::string& reviewer,
                      std::optional<int64_t> made_on, const PieceSet& pieces) {
  if (!made_on) return;
  const int64_t now = store::draft_revision(w, batch.id, key, reviewer);
  if (now == *made_on) return;
  refuse_stale(w, batch, key, reviewer,
               fmt::format("{} (line {}) was changed since this change was made on it (revision "
                           "{}, now {}): it was not applied",
                           material_text(key, pieces), line_of(batch, key), *made_on, now),
               pieces);
}

void refuse_stale(StoreWriter& w, const Batch& batch, Key key, const std::string& reviewer,
                  const std::string& message, const PieceSet& pieces) {
  Refusal stale{412, message, "revision", line_of(batch, key)};
  const ChangedDraft standing{key, store::draft(w, batch.id, key, reviewer).value_or(DraftState{}),
                              store::draft_revision(w, batch.id, key, reviewer)};
  stale.more["draft"] = draft_json(batch, reviewer, standing, pieces);
  throw stale;
}

nlohmann::ordered_json state_json(const DraftState& state) {
  return {{"verdict", state.verdict ? nlohmann::ordered_json(state.verdict->text())
                                    : nlohmann::ordered_json(nullptr)},
          {"note", state.note},
          {"flagged", state.flagged},
          {"skipped", state.skipped}};
}

std::size_t line_of(const Batch& batch, Key key) {
  for (std::size_t i = 0; i < batch.items.size(); ++i) {
    if (batch.items[i].key == key) return sheet_line(i);
  }
  return 0;
}

nlohmann::ordered_json draft_json(const Batch& batch, const std::string& reviewer,
                                  const ChangedDraft& draft, const PieceSet& pieces) {
  nlohmann::ordered_json j{{"batch", batch.id},
                           {"material", material_text(draft.key, pieces)},
                           {"line", line_of(batch, draft.key)},
                           {"reviewer", reviewer}};
  j.update(state_json(draft.state));
  j["revision"] = draft.revision;
  if (draft.repeated) j["repeated"] = true;
  return j;
}

}  // namespace egkb::api
