#include "review/node_record.h"

namespace egkb {

nlohmann::ordered_json node_record_json(Store& store, Key key) {
  nlohmann::ordered_json history = nlohmann::ordered_json::array();
  for (const HistoryEntry& h : store.history(key)) {
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
  for (const RecordedVerdict& v : store.verdicts(key)) {
    verdicts.push_back({{"batch", v.batch},
                        {"verdict", value(v.verdict)},
                        {"reviewer", v.reviewer},
                        {"time", v.time},
                        {"note", v.note},
                        {"stands", v.stands}});
  }
  nlohmann::ordered_json range = nullptr;
  const auto ranges = store.last_ranges();
  if (const auto it = ranges.find(key); it != ranges.end()) {
    range = {
        {"low", value(it->second.low)}, {"high", value(it->second.high)}, {"run", it->second.run}};
  }
  return {{"history", history}, {"verdicts", verdicts}, {"range", range}};
}

}  // namespace egkb
