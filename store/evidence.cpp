// The evidence table (store/evidence.h).
#include "store/evidence.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstring>
#include <tuple>
#include <unordered_map>

#include "io/json_text.h"
#include "lattice/material.h"
#include "store/session.h"

namespace egkb {

namespace {

// Scores as the table keeps them: 4 bytes each, little-endian, whatever this machine's order.
std::string encode_scores(const std::vector<int32_t>& scores) {
  std::string bytes(4 * scores.size(), '\0');
  for (std::size_t i = 0; i < scores.size(); ++i) {
    const auto u = static_cast<uint32_t>(scores[i]);
    for (int b = 0; b < 4; ++b)
      bytes[4 * i + static_cast<std::size_t>(b)] = static_cast<char>(u >> (8 * b));
  }
  return bytes;
}

std::vector<int32_t> decode_scores(const unsigned char* bytes, std::size_t size) {
  std::vector<int32_t> scores(size / 4);
  for (std::size_t i = 0; i < scores.size(); ++i) {
    uint32_t u = 0;
    for (int b = 0; b < 4; ++b)
      u |= static_cast<uint32_t>(bytes[4 * i + static_cast<std::size_t>(b)]) << (8 * b);
    scores[i] = static_cast<int32_t>(u);
  }
  return scores;
}

// The lines as the table keeps them: NULL when no position has one.
void bind_pvs(SQLite::Statement& q, int index, const std::vector<std::string>& pvs) {
  if (std::all_of(pvs.begin(), pvs.end(), [](const std::string& pv) { return pv.empty(); })) {
    q.bind(index);
  } else {
    q.bind(index, json_text(nlohmann::ordered_json(pvs), -1));
  }
}

std::vector<std::string> read_pvs(const Query& q, int column, std::size_t positions) {
  if (q.is_null(column)) return {};
  const nlohmann::json pvs = q.json(column, "pvs");
  if (!pvs.is_array() || pvs.size() != positions ||
      !std::all_of(pvs.begin(), pvs.end(), [](const nlohmann::json& p) { return p.is_string(); })) {
    q.damaged(column, "pvs", "a line of moves for each position searched, or NULL");
  }
  return pvs.get<std::vector<std::string>>();
}

// Every evidence row when `every`, else those of `keys`.
std::vector<EvidenceRecord> evidence_rows(Store& store, std::span<const Key> keys, bool every) {
  Store::Session& s = store.read_session();
  std::vector<EvidenceRecord> rows;
  if (s.version < 10 || !s.temporary.empty() || (!every && keys.empty())) return rows;
  std::string only;
  if (!every) {
    only = " WHERE key IN (?";
    for (std::size_t i = 1; i < keys.size(); ++i) only += ", ?";
    only += ")";
  }
  // Schema 14 added the restarts, 16 the lines.
  const std::string restarts = s.version < 14 ? "NULL" : "restarts";
  const std::string pvs = s.version < 16 ? "NULL" : "pvs";
  s.guarded([&] {
    Query q = s.query(
        "SELECT key, engine, budget, seed, positions, scores, threshold, wins, draws, losses, "
        "expected, low, high, score, seconds, failure, time, " +
            restarts + ", " + pvs + " FROM evidence" + only + " ORDER BY key, engine, budget, seed",
        "evidence", {"key", 0});
    for (std::size_t i = 0; !every && i < keys.size(); ++i) {
      q.bind(static_cast<int>(i + 1), static_cast<int64_t>(keys[i]));
    }
    while (q.step()) {
      EvidenceRecord r;
      r.key = q.key(0);
      r.engine = q.text(1, "engine");
      r.budget = q.text(2, "budget");
      r.seed = static_cast<uint64_t>(q.integer(3, "seed"));
      const int64_t positions = q.integer(4, "positions");
      const auto* bytes = static_cast<const unsigned char*>(sqlite3_column_blob(q.statement(), 5));
      const auto size = static_cast<std::size_t>(sqlite3_column_bytes(q.statement(), 5));
      if (positions < 0 || size != 4 * static_cast<std::size_t>(positions) ||
          (size > 0 && bytes == nullptr)) {
        q.damaged(5, "scores", "4 bytes for each position searched");
      }
      r.scores = decode_scores(bytes, size);
      const int64_t threshold = q.integer(6, "threshold");
      const int64_t wins = q.integer(7, "wins"), draws = q.integer(8, "draws"),
                    losses = q.integer(9, "losses");
      if (threshold < 0) q.damaged(6, "threshold", "centipawns, not negative");
      if (wins < 0 || draws < 0 || losses < 0 || wins + draws + losses != positions) {
        q.damaged(9, "losses", "counts that add up to the positions searched");
      }
      r.threshold = static_cast<int>(threshold);
      r.wins = static_cast<uint32_t>(wins);
      r.draws = static_cast<uint32_t>(draws);
      r.losses = static_cast<uint32_t>(losses);
      r.expected = q.number(10, "expected");
      r.low = q.number(11, "low");
      r.high = q.number(12, "high");
      if (r.low < -1 || r.high > 1 || r.low > r.expected || r.expected > r.high) {
        q.damaged(12, "high", "an expected result in [-1, 1] inside its interval");
      }
      r.score = q.score(13, "score");
      r.seconds = q.number(14, "seconds");
      r.failure = q.text_or_empty(15, "failure");
      r.time = q.text(16, "time");
      if (!q.is_null(17)) {
        const nlohmann::json faults = q.json(17, "restarts");
        if (!faults.is_array() || faults.empty() ||
            !std::all_of(faults.begin(), faults.end(),
                         [](const nlohmann::json& f) { return f.is_string(); })) {
          q.damaged(17, "restarts", "a list of the faults that restarted the engine, or NULL");
        }
        r.restarts = faults.get<std::vector<std::string>>();
      }
      r.pvs = read_pvs(q, 18, r.scores.size());
      rows.push_back(std::move(r));
    }
  });
  return rows;
}

}  // namespace

std::vector<EvidenceRecord> store::evidence(Store& store) {
  return evidence_rows(store, {}, true);
}

std::vector<EvidenceRecord> store::evidence_of(Store& store, std::span<const Key> keys) {
  return evidence_rows(store, keys, false);
}

void store::put_evidence(StoreWriter& w, RunId run, const EvidenceRecord& r) {
  SQLite::Statement& q = w.q.evidence;
  q.bind(1, static_cast<int64_t>(r.key));
  q.bind(2, r.engine);
  q.bind(3, r.budget);
  q.bind(4, static_cast<int64_t>(r.seed));
  q.bind(5, static_cast<int64_t>(r.scores.size()));
  const std::string bytes = encode_scores(r.scores);
  q.bind(6, bytes.data(), static_cast<int>(bytes.size()));
  q.bind(7, r.threshold);
  q.bind(8, static_cast<int64_t>(r.wins));
  q.bind(9, static_cast<int64_t>(r.draws));
  q.bind(10, static_cast<int64_t>(r.losses));
  q.bind(11, r.expected);
  q.bind(12, r.low);
  q.bind(13, r.high);
  q.bind(14, value(r.score));
  q.bind(15, r.seconds);
  bind_text_or_null(q, 16, r.failure);
  q.bind(17, run.value);
  q.bind(18, r.time.empty() ? now_utc() : r.time);
  if (r.restarts.empty()) {
    q.bind(19);
  } else {
    q.bind(19, json_text(nlohmann::ordered_json(r.restarts), -1));
  }
  assert(r.pvs.empty() || r.pvs.size() == r.scores.size());
  bind_pvs(q, 20, r.pvs);
  q.exec();
  q.reset();
}

}  // namespace egkb

namespace egkb {

EvidenceView view_of(const EvidenceRecord& r, bool mirrored) {
  if (!mirrored) return {&r, false, r.wins, r.draws, r.losses, r.expected, r.low, r.high, r.score};
  return {&r, true, r.losses, r.draws, r.wins, -r.expected, -r.high, -r.low, mirror(r.score)};
}

namespace {

// Of each material's rows that did not fail, the newest (on a tie the one with the most
// positions).
std::unordered_map<Key, const EvidenceRecord*> best_records(
    std::span<const EvidenceRecord> records) {
  std::unordered_map<Key, const EvidenceRecord*> best;
  for (const EvidenceRecord& r : records) {
    if (r.failed()) continue;
    const EvidenceRecord*& held = best[r.key];
    if (held == nullptr ||
        std::make_tuple(r.time, r.positions()) > std::make_tuple(held->time, held->positions())) {
      held = &r;
    }
  }
  return best;
}

std::optional<EvidenceView> standing_for(
    Key key, const PieceSet& pieces, const std::unordered_map<Key, const EvidenceRecord*>& best) {
  if (const auto it = best.find(key); it != best.end()) return view_of(*it->second, false);
  if (const auto m = best.find(mirror_key(key, pieces)); m != best.end()) {
    return view_of(*m->second, true);
  }
  return std::nullopt;
}

}  // namespace

std::vector<std::optional<EvidenceView>> evidence_for_rows(
    const KnowledgeBase& kb, std::span<const EvidenceRecord> records) {
  const auto best = best_records(records);
  std::vector<std::optional<EvidenceView>> out(kb.rows.size());
  for (std::size_t i = 0; i < kb.rows.size(); ++i) {
    out[i] = standing_for(kb.rows[i].key, *kb.pieces, best);
  }
  return out;
}

std::optional<EvidenceView> evidence_for_key(Key key, const PieceSet& pieces,
                                             std::span<const EvidenceRecord> records) {
  return standing_for(key, pieces, best_records(records));
}

std::vector<std::optional<EvidenceView>> evidence_for_nodes(
    const KnowledgeBase& kb, const ScoredLattice& scored, std::span<const EvidenceRecord> records) {
  const std::vector<std::optional<EvidenceView>> rows = evidence_for_rows(kb, records);
  const Lattice& lat = scored.lattice;
  std::vector<std::optional<EvidenceView>> nodes(lat.size());
  for (NodeId n = 0; n < lat.size(); ++n) {
    const std::size_t row = scored.row_of[n];
    if (row != ScoredLattice::kImplied) {
      nodes[n] = rows[row];
    } else if (const auto& m = rows[scored.row_of[lat.mirror(n)]]) {
      nodes[n] = view_of(*m->record, !m->mirrored);
    }
  }
  return nodes;
}

}  // namespace egkb
