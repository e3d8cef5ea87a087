#include "review/node_record.h"

#include "lattice/material.h"
#include "prose/solved_text.h"
#include "store/history.h"
#include "store/runs.h"
#include "store/solved.h"
#include "store/verdicts.h"

namespace egkb {

nlohmann::ordered_json node_record_json(Store& store, Key key) {
  nlohmann::ordered_json history = nlohmann::ordered_json::array();
  for (const HistoryEntry& h : store::history(store, key)) {
    history.push_back({{"run", h.run},
                       {"command", h.command},
                       {"time", h.started},
                       {"from", h.old_score ? nlohmann::ordered_json(value(*h.old_score))
                                            : nlohmann::ordered_json(nullptr)},
                       {"to", value(h.new_score)},
                       {"reason", h.reason},
                       {"reviewer", h.reviewer}});
  }
  nlohmann::ordered_json verdicts = nlohmann::ordered_json::array();
  for (const RecordedVerdict& v : store::verdicts(store, key)) {
    verdicts.push_back({{"batch", v.batch},
                        {"verdict", value(v.verdict)},
                        {"reviewer", v.reviewer},
                        {"time", v.time},
                        {"note", v.note},
                        {"stands", v.stands}});
  }
  nlohmann::ordered_json range = nullptr;
  const auto ranges = store::last_ranges(store);
  if (const auto it = ranges.find(key); it != ranges.end()) {
    const auto score = [](Rank rank) { return value(score_of(rank, Score(4))); };
    range = {{"low", value(it->second.low)},
             {"high", value(it->second.high)},
             {"low_score", score(it->second.low)},
             {"high_score", score(it->second.high)},
             {"run", it->second.run}};
  }
  nlohmann::ordered_json solved = nullptr;
  const Key mirror = mirror_key(key, store.pieces());
  for (const SolvedRecord& r : store::solved(store)) {
    if (r.solved.counts.key == key) {
      solved = solved_json(r.solved, r.run, store.pieces());
      break;
    }
    if (r.solved.counts.key == mirror)
      solved = solved_json(r.solved.mirrored(store.pieces()), r.run, store.pieces());
  }
  return {{"history", history}, {"verdicts", verdicts}, {"range", range}, {"solved", solved}};
}

nlohmann::ordered_json solved_json(const SolvedMaterial& solved, RunId run,
                                   const PieceSet& pieces) {
  const auto set_json = [](const OutcomeCounts& set) {
    return nlohmann::ordered_json{{"win", set.win}, {"draw", set.drawn()}, {"loss", set.loss}};
  };
  const auto optional = [](const auto& v) {
    return v ? nlohmann::ordered_json(*v) : nlohmann::ordered_json(nullptr);
  };
  return {{"rules", rules_name(solved.rules)},
          {"meaning", rules_meaning(solved.rules)},
          {"red_to_move", set_json(solved.counts.sets.at(0))},
          {"black_to_move", set_json(solved.counts.sets.at(1))},
          {"counts", counts_text(pieces, solved.counts)},
          {"positions", optional(solved.positions)},
          {"seconds", optional(solved.seconds)},
          {"run", run}};
}

}  // namespace egkb
