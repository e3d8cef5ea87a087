#include "cli/evidence_options.h"

#include <fmt/format.h>

#include <algorithm>
#include <thread>

#include "base/errors.h"
#include "base/interrupt.h"
#include "base/progress.h"
#include "base/text.h"
#include "engine/engine_search_path.h"
#include "io/file_kind.h"
#include "io/output_files.h"
#include "store/evidence.h"
#include "store/runs.h"

namespace egkb::cli {

namespace {

class StoreSink final : public EvidenceSink {
 public:
  StoreSink(Store& store, const nlohmann::ordered_json& parameters) : store_(store) {
    store_.write_apart([&](StoreWriter& w) { run_ = store::add_run(w, {"evidence", parameters}); });
  }
  void put(const EvidenceRecord& r) override {
    store_.write_apart([&](StoreWriter& w) { store::put_evidence(w, run_, r); });
  }
  void finish(const EvidenceOutcome& o) override {
    store_.write_apart([&](StoreWriter& w) {
      store::finish_run(w, run_,
                        {{"materials", o.materials},
                         {"searched", o.searched},
                         {"kept", o.kept},
                         {"failed", o.failed}},
                        o.seconds);
    });
  }

 private:
  Store& store_;
  RunId run_;
};

class FileSink final : public EvidenceSink {
 public:
  FileSink(const std::string& path, const EvidenceFileHeader& header, const EvidenceFile* existing)
      : writer_(path, header, existing) {}
  void put(const EvidenceRecord& r) override { writer_.put(r); }

 private:
  EvidenceFileWriter writer_;
};

}  // namespace

void add_engine_options(OptionSink& sink, EngineOptions& o, bool budget) {
  sink.text(o.engine, "--engine",
            "the UCI engine: a path, or a program on PATH or in /usr/games (default: "
            "fairy-stockfish for xiangqi, stockfish for chess)");
  sink.whole(o.jobs, "--jobs", "engines at once (default: the cores)", 1, 1024);
  if (!budget) return;
  sink.whole(o.positions, "--positions",
             "the most positions searched per material (fewer once its interval lies in one "
             "rank's bin)",
             2, 100000);
  sink.whole(o.depth, "--depth", "search each position to this depth", 1, 200);
  sink.whole(o.nodes, "--nodes", "search each position to this many nodes", 1, UINT64_MAX);
  sink.whole(o.threshold, "--threshold", "centipawns beyond which a score is a win or a loss", 0,
             100000);
  sink.whole(o.seed, "--seed", "same seed, same positions", 0, UINT64_MAX);
  sink.number(o.timeout, "--timeout", "seconds one position's search may take", 0.001, 86400);
  sink.flag(o.every_position, "--every-position",
            "search all --positions of every material, never stopping early");
}

EvidenceRequest evidence_request(const EngineOptions& o, const PieceSet& pieces) {
  if (o.depth && o.nodes) throw InputError("", 0, "--nodes", "give --depth or --nodes, not both");
  EvidenceRequest r;
  r.settings = default_evidence_settings(pieces);
  if (o.depth) r.settings.budget = {SearchBudget::Kind::Depth, *o.depth};
  if (o.nodes) r.settings.budget = {SearchBudget::Kind::Nodes, *o.nodes};
  if (o.positions) r.settings.positions = static_cast<uint32_t>(*o.positions);
  if (o.threshold) r.settings.threshold = static_cast<int>(*o.threshold);
  r.settings.seed = o.seed;
  r.settings.sequential = !o.every_position;
  r.engine.program = find_engine(o.engine.value_or(default_engine(pieces)));
  r.engine.variant = engine_variant(pieces);
  r.engine.search_timeout = std::chrono::milliseconds(static_cast<int64_t>(o.timeout * 1000));
  r.jobs =
      static_cast<unsigned>(o.jobs.value_or(std::max(1u, std::thread::hardware_concurrency())));
  return r;
}

std::string engine_name(const EvidenceRequest& request, bool quiet) {
  std::string name;
  try {
    name = UciEngine(request.engine).name();
  } catch (const EngineFault& fault) {
    throw InputError("", 0, "--engine",
                     fmt::format("{} is not a UCI engine egkb can use: it {}",
                                 path_text(request.engine.program), fault.what()));
  } catch (const ProgramNotRunnable& e) {
    throw InputError("", 0, "--engine", e.what());
  }
  if (!quiet) {
    fmt::print(stderr, "evidence: the engine is {} ({})\n", path_text(request.engine.program),
               name);
  }
  return name;
}

std::unique_ptr<EvidenceSink> store_sink(Store& store, const nlohmann::ordered_json& parameters) {
  return std::make_unique<StoreSink>(store, parameters);
}

std::unique_ptr<EvidenceSink> file_sink(const std::string& path, const EvidenceFileHeader& header,
                                        std::vector<EvidenceRecord>& stored) {
  std::optional<EvidenceFile> existing;
  if (file_status(path, "the evidence file").kind != FileKind::Absent &&
      output_target(path, "the evidence file") == OutputTarget::Replaced) {
    existing = read_evidence_file(path);
    // Appended lines are counted from the bias; a file of format 1 is checked from 0.
    if (existing->header.format != header.format) {
      throw InputError(path, 1, "egkb_evidence",
                       fmt::format("format {} (scores read from 0, not from their material's "
                                   "bias) cannot be continued in format {}; give another file, "
                                   "or egkb evidence import it into a store first",
                                   existing->header.format, header.format));
    }
    if (!existing->header.same_search(header)) {
      throw InputError(path, 1, "",
                       fmt::format("holds evidence of another search ({}, {}, seed {}, {}); give "
                                   "another file",
                                   existing->header.engine, existing->header.budget,
                                   existing->header.seed, existing->header.pieces->name()));
    }
    stored.insert(stored.end(), existing->records.begin(), existing->records.end());
  }
  return std::make_unique<FileSink>(path, header, existing ? &*existing : nullptr);
}

std::vector<EvidenceRecord> evidence_in_file(const std::string& path, const PieceSet& pieces) {
  EvidenceFile file = read_evidence_file(path);
  if (file.header.pieces != &pieces) {
    throw InputError(path, 1, "pieces",
                     fmt::format("holds {} evidence; the base is {}", file.header.pieces->name(),
                                 pieces.name()));
  }
  return std::move(file.records);
}

std::string evidence_coverage(std::size_t covered, std::size_t rows) {
  return fmt::format(
      "evidence from play covers {} of {} ({:.1f}%)", covered, counted(rows, "row"),
      rows == 0 ? 0.0 : 100.0 * static_cast<double>(covered) / static_cast<double>(rows));
}

std::vector<EvidenceRecord> evidence_records(const std::optional<std::string>& source,
                                             OpenedKb& opened) {
  if (source && *source != "store") return evidence_in_file(*source, *opened.kb.pieces);
  if (opened.store) return store::evidence(*opened.store);
  if (source) {
    throw InputError("", 0, "--evidence",
                     "'store' reads a store's evidence; this base is a CSV file: give an "
                     "evidence file");
  }
  return {};
}

RowEvidence evidence_for(const std::string& source, OpenedKb& opened) {
  RowEvidence evidence = row_evidence(opened.kb, evidence_records(source, opened));
  if (std::find(evidence.present.begin(), evidence.present.end(), 1) == evidence.present.end()) {
    throw InputError(source == "store" ? "" : source, 0, "--evidence",
                     "holds no evidence for the base's rows: run egkb evidence first");
  }
  return evidence;
}

std::string evidence_text(const std::string& text) {
  return is_plain_text(text, text.size()) ? text : printable(text, text.size());
}

EvidenceOutcome gather(const EvidencePlan& plan, const EvidenceRequest& request,
                       const PieceSet& pieces, EvidenceSink* sink) {
  EvidenceOutcome outcome;
  {
    ProgressStep progress("evidence", "materials", plan.materials.size());
    std::size_t put = 0;
    try {
      outcome = run_evidence(
          plan, request, pieces,
          [&](const EvidenceRecord& r) {
            if (sink) sink->put(r);
            ++put;
          },
          [&](std::size_t done, std::size_t) { progress.advance(done); });
    } catch (const Interrupted& e) {
      // Each material is written as it finishes, as a kill would leave it: say so.
      throw Interrupted(e.signal(),
                        fmt::format("the {} searched {} kept; run it again to search the rest",
                                    put == 1 ? "1 material" : fmt::format("{} materials", put),
                                    put == 1 ? "is" : "are"));
    }
  }
  if (sink) sink->finish(outcome);
  return outcome;
}

}  // namespace egkb::cli
