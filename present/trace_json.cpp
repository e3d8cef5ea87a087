#include "present/trace_json.h"

namespace egkb {

nlohmann::ordered_json trace_json(const std::vector<IterationTrace>& trace) {
  nlohmann::ordered_json passes = nlohmann::ordered_json::array();
  for (const IterationTrace& t : trace) {
    passes.push_back({{"iteration", t.iteration},
                      {"modified", t.modified},
                      {"inconsistent_nodes", t.after.inconsistent_nodes},
                      {"corrected_score", t.after.corrected_score},
                      {"exact_finish", t.exact_finish}});
  }
  return passes;
}

std::vector<IterationTrace> trace_from_json(const std::string& text) {
  std::vector<IterationTrace> trace;
  if (text.empty()) return trace;
  for (const auto& pass : nlohmann::json::parse(text)) {
    IterationTrace t;
    t.iteration = pass.at("iteration").get<int>();
    t.modified = pass.at("modified").get<uint64_t>();
    t.after.inconsistent_nodes = pass.at("inconsistent_nodes").get<uint64_t>();
    t.after.corrected_score = pass.at("corrected_score").get<uint64_t>();
    t.exact_finish = pass.at("exact_finish").get<bool>();
    trace.push_back(t);
  }
  return trace;
}

}  // namespace egkb
