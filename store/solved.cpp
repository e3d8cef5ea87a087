// The solved table (schema 15): each solved row's rules and cost, its counts kept as its run's
// position counts.
#include "store/solved.h"

#include "store/position_counts.h"
#include "store/session.h"

namespace egkb {

namespace {

constexpr const char* kSolvedColumns =
    "SELECT s.key, s.run, s.rules, s.positions, s.seconds, p.to_move, p.win, p.cursed_win, "
    "p.draw, p.blessed_loss, p.loss FROM solved s LEFT JOIN position_counts p ON "
    "p.run = s.run AND p.key = s.key";

// The records of `q`'s rows, a key's count sets in a row each, red's first.
std::vector<SolvedRecord> read_solved(Query& q, const std::string& path) {
  std::vector<SolvedRecord> records;
  while (q.step()) {
    const Key key = q.key(0);
    if (records.empty() || records.back().solved.counts.key != key) {
      SolvedRecord& r = records.emplace_back();
      r.solved.counts.key = key;
      r.run = q.run(1, "run");
      const auto rules = rules_named(q.text(2, "rules"));
      if (!rules) q.damaged(2, "rules", kSolveRules.listed());
      r.solved.rules = *rules;
      if (const auto positions = q.integer_or_null(3, "positions")) {
        if (*positions <= 0) q.damaged(3, "positions", "a count of positions");
        r.solved.positions = static_cast<uint64_t>(*positions);
      }
      if (!q.is_null(4)) {
        const double seconds = q.number(4, "seconds");
        if (seconds < 0) q.damaged(4, "seconds", "a time, not negative");
        r.solved.seconds = seconds;
      }
    }
    if (q.is_null(5)) q.damaged(5, "to_move", "the solved row's counts (position_counts)");
    records.back().solved.counts.sets.push_back(outcome_counts(q, 5));
  }
  for (const SolvedRecord& r : records) {
    if (!counts_per_side_to_move(r.solved.counts)) {
      throw StoreError(path,
                       fmt::format("the solved row of key {} lacks its counts with red and with "
                                   "black to move (position_counts of run {}); the store is "
                                   "damaged (egkb never writes such a value)",
                                   r.solved.counts.key, r.run.value));
    }
  }
  return records;
}

}  // namespace

std::vector<SolvedRecord> store::solved(Store& store) {
  Store::Session& s = store.read_session();
  std::vector<SolvedRecord> records;
  if (s.version < 15 || !s.temporary.empty()) return records;
  s.guarded([&] {
    Query q = s.query(std::string(kSolvedColumns) +
                          " ORDER BY s.key, CASE p.to_move WHEN 'red' THEN 0 WHEN 'black' THEN "
                          "1 ELSE 2 END",
                      "solved", {"key", 0});
    records = read_solved(q, s.path);
  });
  return records;
}

std::optional<SolvedRecord> store::solved(StoreWriter& w, Key key) {
  Query q = w.s.query(std::string(kSolvedColumns) +
                          " WHERE s.key = ? ORDER BY CASE p.to_move WHEN 'red' THEN 0 WHEN "
                          "'black' THEN 1 ELSE 2 END",
                      "solved", {"key", 0});
  q.bind(1, static_cast<int64_t>(key));
  std::vector<SolvedRecord> records = read_solved(q, w.s.path);
  if (records.empty()) return std::nullopt;
  return std::move(records.front());
}

void store::put_solved(StoreWriter& w, RunId run, const SolvedMaterial& solved) {
  w.nodes_changed = true;
  store::put_position_counts(w, run, solved.counts);
  SQLite::Statement& q = w.q.solved;
  q.bind(1, static_cast<int64_t>(solved.counts.key));
  q.bind(2, run.value);
  q.bind(3, std::string(rules_name(solved.rules)));
  if (solved.positions) {
    q.bind(4, static_cast<int64_t>(*solved.positions));
  } else {
    q.bind(4);
  }
  bind_optional(q, 5, solved.seconds);
  q.exec();
  q.reset();
}

}  // namespace egkb
