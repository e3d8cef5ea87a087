// The position_counts table (schema 13): what `egkb import --from-counts` read, per material.
#include "store/position_counts.h"

#include "store/session.h"

namespace egkb {

OutcomeCounts outcome_counts(const Query& q, int first) {
  const std::string to_move = q.text(first, "to_move");
  OutcomeCounts o;
  if (const std::optional<ToMove> named = kToMove.named(to_move)) {
    o.to_move = *named;
  } else {
    q.damaged(first, "to_move", kToMove.listed());
  }
  int column = first + 1;
  for (uint64_t* count : o.counts()) {
    const char* name = OutcomeCounts::kNames[static_cast<std::size_t>(column - first - 1)];
    const int64_t n = q.integer(column, name);
    if (n < 0) q.damaged(column, name, "a count of positions, not negative");
    *count = static_cast<uint64_t>(n);
    ++column;
  }
  return o;
}

std::vector<RecordedCounts> store::position_counts(Store& store) {
  Store::Session& s = store.read_session();
  std::vector<RecordedCounts> rows;
  if (s.version < 13 || !s.temporary.empty()) return rows;
  s.guarded([&] {
    Query q = s.query(
        "SELECT run, key, to_move, win, cursed_win, draw, blessed_loss, loss FROM "
        "position_counts ORDER BY run, key, CASE to_move WHEN 'red' THEN 0 WHEN 'black' THEN 1 "
        "ELSE 2 END",
        "position_counts", {"key", 1});
    while (q.step()) {
      const RunId run = q.run(0, "run");
      const Key key = q.key(1);
      if (rows.empty() || rows.back().run != run || rows.back().counts.key != key) {
        rows.push_back({run, PositionCounts{.key = key, .sets = {}}});
      }
      const OutcomeCounts o = outcome_counts(q, 2);
      rows.back().counts.sets.push_back(o);
    }
  });
  return rows;
}

void store::put_position_counts(StoreWriter& w, RunId run, const PositionCounts& counts) {
  SQLite::Statement& q = w.q.position_counts;
  for (const OutcomeCounts& o : counts.sets) {
    q.bind(1, run.value);
    q.bind(2, static_cast<int64_t>(counts.key));
    q.bind(3, std::string(to_move_name(o.to_move)));
    int column = 4;
    for (const uint64_t count : o.values()) q.bind(column++, static_cast<int64_t>(count));
    q.exec();
    q.reset();
  }
}

}  // namespace egkb
