#include <fmt/format.h>

#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "cli/conflict_report.h"
#include "cli/evidence_options.h"
#include "cli/kb_options.h"
#include "io/json_text.h"
#include "lattice/material.h"
#include "present/json_forms.h"
#include "store/runs.h"

namespace egkb::cli {

Command conflicts_command() {
  struct Options {
    KbOptions kb;
    bool json = false;
    bool fail_on_conflict = false;
    uint64_t worst = 20;
    std::optional<std::string> evidence;
  };
  auto o = std::make_shared<Options>();
  return {"conflicts", "inconsistent nodes, edges and levels of a KB, and its worst nodes",
          "egkb conflicts kb.sqlite --worst 5",
          [o](OptionSink& sink) {
            add_kb_options(sink, o->kb);
            sink.flag(o->json, "--json", "print the figures and the worst nodes as JSON");
            sink.flag(o->fail_on_conflict, "--fail-on-conflict", "exit 1 when any conflict exists");
            sink.whole(o->worst, "--worst", "how many of the worst nodes to list", 0, 1'000'000);
            sink.text(o->evidence, "--evidence",
                      "an evidence file to show beside the scores (a store shows its own)");
          },
          [o] {
            OpenedKb opened = open(o->kb);
            const KnowledgeBase& kb = opened.kb;
            // What the store's last exact repair left ambiguous: a CSV base records no repair.
            std::optional<std::size_t> ambiguous;
            RunId repair_run;
            if (opened.store) {
              const auto ranges = store::last_ranges(*opened.store);
              if (const auto repair = store::last_repair(*opened.store)) {
                ambiguous = ranges.size();
                repair_run = repair->run;
              }
            }
            const ScoredLattice scored = ScoredLattice::of(kb);
            ConflictCounter counter(scored.lattice);
            const ConflictSummary summary = counter.count(scored.ranks());
            const std::vector<EvidenceRecord> records = evidence_records(o->evidence, opened);
            std::vector<std::optional<EvidenceView>> evidence;
            if (!records.empty()) evidence = evidence_for_nodes(kb, scored, records);
            if (o->json) {
              nlohmann::ordered_json j = conflicts_json(summary);
              std::size_t total = 0;
              nlohmann::ordered_json worst = nlohmann::ordered_json::array();
              for (NodeId u : worst_nodes(scored.lattice, counter, o->worst, total)) {
                worst.push_back({{"material", format_material(scored.lattice.material(u),
                                                              scored.lattice.pieces())},
                                 {"score", value(scored.scores[u])},
                                 {"inconsistent", counter.inconsistent_neighbours(u)},
                                 {"neighbours", scored.lattice.neighbour_count(u)},
                                 {"level", counter.level(u)},
                                 {"source", provenance(kb, scored, u)}});
                if (!evidence.empty()) {
                  worst.back()["evidence"] = evidence[u]
                                                 ? nlohmann::ordered_json(value(evidence[u]->score))
                                                 : nlohmann::ordered_json();
                }
              }
              j["pieces"] = kb.pieces->name();
              j["worst"] = worst;
              j["ambiguous"] = ambiguous ? nlohmann::ordered_json(*ambiguous) : nullptr;
              j["evidence"] = nullptr;
              if (!evidence.empty()) {
                const EvidenceDisputes d = evidence_disputes(scored, evidence);
                j["evidence"] = {{"rows", d.rows}, {"by_one", d.by_one}, {"by_two", d.by_two}};
              }
              j["solved"] = solved_summary_json(kb, solved_bounds(kb, scored));
              std::cout << json_text(j) << '\n';
            } else {
              print_conflict_report(std::cout, kb, scored, counter, summary, o->worst, evidence);
              if (ambiguous) {
                std::cout << fmt::format(
                    "{} rows ambiguous in the last repair (run {}): the data allow more than one "
                    "rank for them (egkb show names the range)\n",
                    *ambiguous, repair_run);
              }
            }
            return o->fail_on_conflict && summary.inconsistent_nodes > 0 ? 1 : 0;
          }};
}

}  // namespace egkb::cli
