// The seconds reviewers spend on rows, and every reviewer's answer a submit keeps beside the
// verdicts it settled (schema 12).
#include "store/answers.h"

#include <cassert>

#include "store/session.h"

namespace egkb {

namespace {

double checked_seconds(const Query& q, int column) {
  const double s = q.number(column, "seconds");
  if (s < 0) q.damaged(column, "seconds", "a number of seconds, 0 or more");
  return s;
}

}  // namespace

void store::add_row_time(StoreWriter& w, BatchId batch, Key key, const std::string& reviewer,
                         double seconds) {
  assert(seconds >= 0);
  SQLite::Statement q(*w.s.db,
                      "INSERT INTO row_times(batch, key, reviewer, seconds) VALUES(?, ?, ?, ?) "
                      "ON CONFLICT(batch, key, reviewer) DO UPDATE SET seconds = seconds + "
                      "excluded.seconds");
  q.bind(1, batch.value);
  q.bind(2, static_cast<int64_t>(key));
  q.bind(3, reviewer);
  q.bind(4, seconds);
  q.exec();
}

std::vector<RowTime> store::row_times(Store& store, BatchId batch) {
  Store::Session& s = store.read_session();
  std::vector<RowTime> times;
  if (s.version < 12 || !s.temporary.empty()) return times;
  s.guarded([&] {
    Query q = s.query(
        "SELECT key, reviewer, seconds FROM row_times WHERE batch = ? ORDER BY key, reviewer",
        "row_times", {"key", 0});
    q.bind(1, batch);
    while (q.step()) times.push_back({q.key(0), q.reviewer(1, "reviewer"), checked_seconds(q, 2)});
  });
  return times;
}

void store::add_answers(StoreWriter& w, RunId run, BatchId batch,
                        const std::vector<ReviewerAnswer>& answers) {
  SQLite::Statement q(*w.s.db,
                      "INSERT INTO verdict_answers(run, batch, key, reviewer, answer, note, "
                      "seconds) VALUES(?, ?, ?, ?, ?, ?, ?)");
  for (const ReviewerAnswer& a : answers) {
    assert(!(a.verdict && a.skipped));
    q.bind(1, run.value);
    q.bind(2, batch.value);
    q.bind(3, static_cast<int64_t>(a.key));
    q.bind(4, a.reviewer);
    bind_text_or_null(q, 5, a.skipped ? "skip" : a.verdict ? a.verdict->text() : "");
    q.bind(6, a.note);
    if (a.seconds) {
      q.bind(7, *a.seconds);
    } else {
      q.bind(7);
    }
    q.exec();
    q.reset();
  }
}

std::vector<ReviewerAnswer> store::answers(Store& store, BatchId batch, RunId run) {
  Store::Session& s = store.read_session();
  std::vector<ReviewerAnswer> answers;
  if (s.version < 12 || !s.temporary.empty()) return answers;
  s.guarded([&] {
    Query q = s.query(
        "SELECT key, reviewer, answer, note, seconds FROM verdict_answers WHERE batch = ? AND "
        "run = ? ORDER BY key, reviewer",
        "verdict_answers", {"key", 0});
    q.bind(1, batch).bind(2, run);
    while (q.step()) {
      ReviewerAnswer a{q.key(0), q.reviewer(1, "reviewer"), std::nullopt,
                       false,    q.note(3, "note"),         std::nullopt};
      if (!q.is_null(2)) {
        const std::string text = q.text(2, "answer");
        a.skipped = text == "skip";
        if (!a.skipped) {
          a.verdict = Verdict::parse(text);
          if (!a.verdict || a.verdict->text() != text) q.damaged(2, "answer", "0..9, ok or skip");
        }
      }
      if (!q.is_null(4)) a.seconds = checked_seconds(q, 4);
      answers.push_back(std::move(a));
    }
  });
  return answers;
}

}  // namespace egkb
