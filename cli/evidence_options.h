// What `evidence` and `simulate` share to gather evidence from play: the engine and its budget as
// options, the engine's handshake, and where the rows go (the store's table or an evidence file).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/command.h"
#include "evidence/evidence_file.h"
#include "evidence/evidence_run.h"
#include "review/row_evidence.h"
#include "store/kb_file.h"
#include "store/store.h"

namespace egkb::cli {

struct EngineOptions {
  std::optional<std::string> engine;
  std::optional<uint64_t> positions, depth, nodes, threshold, jobs;
  uint64_t seed = 1;
  double timeout = 60;
  bool every_position = false;
};

// --engine and --jobs; with `budget`, the search's own options too (--depth, --nodes,
// --positions, --threshold, --seed, --timeout, --every-position).
void add_engine_options(OptionSink& sink, EngineOptions& o, bool budget);

// The request the options make for a piece set, its engine found (InputError when it is not).
EvidenceRequest evidence_request(const EngineOptions& o, const PieceSet& pieces);

// The engine's `id name`, from a handshake: InputError when the program is no UCI engine egkb
// can use. Said on standard error unless `quiet`.
std::string engine_name(const EvidenceRequest& request, bool quiet);

// Where gathered rows go.
class EvidenceSink {
 public:
  virtual ~EvidenceSink() = default;
  virtual void put(const EvidenceRecord& r) = 0;
  virtual void finish(const EvidenceOutcome&) {}
};

// The store's evidence table, one transaction a row, under one `evidence` run.
std::unique_ptr<EvidenceSink> store_sink(Store& store, const nlohmann::ordered_json& parameters);

// An evidence file at `path` for `header`: continued when it holds the same search (its rows are
// then added to `stored`), begun when absent. InputError when it holds another search.
std::unique_ptr<EvidenceSink> file_sink(const std::string& path, const EvidenceFileHeader& header,
                                        std::vector<EvidenceRecord>& stored);

// The evidence an evidence file holds for a base of `pieces`: InputError naming the file when
// it is not one, or of another piece set.
std::vector<EvidenceRecord> evidence_in_file(const std::string& path, const PieceSet& pieces);

// "evidence from play covers 40 of 510 rows (7.8%)": the rows whose material (or its mirror) has
// evidence, as sample, conflicts and show say it.
std::string evidence_coverage(std::size_t covered, std::size_t rows);

// The evidence records of an opened KB: `source` when given ("store", or an evidence file), else
// a store's own; none for a CSV base without one. Every command that shows evidence reads it so.
std::vector<EvidenceRecord> evidence_records(const std::optional<std::string>& source,
                                             OpenedKb& opened);

// What evidence says of each row of an opened KB, from `source`: "store" (the store's evidence
// table) or an evidence file. InputError when it holds none for the base's rows.
RowEvidence evidence_for(const std::string& source, OpenedKb& opened);

// A failure or restart as evidence keeps it, for a terminal: egkb's own words, every byte of the
// engine's in them quoted once already (in_quotes), so shown as they are; a text a terminal
// would act on (a row of a file egkb did not write) escaped.
std::string evidence_text(const std::string& text);

// Searches what the plan leaves to search, reporting progress by material.
EvidenceOutcome gather(const EvidencePlan& plan, const EvidenceRequest& request,
                       const PieceSet& pieces, EvidenceSink* sink);

}  // namespace egkb::cli
