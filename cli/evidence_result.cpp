#include "cli/evidence_result.h"

#include <fmt/format.h>

#include "base/text.h"
#include "cli/evidence_options.h"
#include "evidence/evidence_record.h"

namespace egkb::cli {

namespace {

nlohmann::ordered_json calibration_json(const Calibration& c, const std::string& against) {
  nlohmann::ordered_json agreement = nlohmann::ordered_json::object();
  for (std::size_t t = 0; t < kCalibrationThresholds.size(); ++t) {
    agreement[std::to_string(kCalibrationThresholds[t])] = c.agreement[t];
  }
  return {{"threshold", c.threshold},
          {"held_out", c.held_out},
          {"rows", c.rows},
          {"agreement", agreement},
          {"against", against}};
}

void print_calibration(std::FILE* out, const Calibration& c, const std::string& against) {
  fmt::print(
      out,
      "  threshold calibrated on {} rows of {}: {} cp, held-out rank agreement {:.1f}% (each "
      "fifth judged by the threshold the other four chose); the rows are counted at it\n",
      c.rows,
      against == "expert"   ? "the store's expert rows"
      : against == "solved" ? "the solved rows (exact counts)"
                            : path_text(against),
      c.threshold, 100 * c.held_out);
  fmt::print(out, "    rank agreement by threshold:");
  for (std::size_t t = 0; t < kCalibrationThresholds.size(); ++t) {
    fmt::print(out, "  {} {:.1f}%", kCalibrationThresholds[t], 100 * c.agreement[t]);
  }
  fmt::print(out, "\n");
}

void print_outcome(std::FILE* out, const EvidenceResult& result) {
  const EvidenceOutcome& o = result.outcome;
  const EvidenceRequest& r = result.request;
  fmt::print(
      out, "evidence: {} materials, {} ({}), {}, up to {} positions{}, threshold {} cp, {} job{}\n",
      o.materials, path_text(r.engine.program), result.engine, r.settings.budget.text(),
      r.settings.positions, r.settings.sequential ? " (fewer once sure)" : "", r.settings.threshold,
      r.jobs, r.jobs == 1 ? "" : "s");
  fmt::print(out, "  searched {}, kept from before {}, failed {}, in {:.1f} s\n", o.searched,
             o.kept, o.failed, o.seconds);
  for (const EvidenceRecord& row : o.rows) {
    if (row.failed()) {
      fmt::print(out, "  failed {}: {}\n", material_text(row.key, *result.pieces),
                 evidence_text(row.failure));
    } else if (!row.restarts.empty()) {
      fmt::print(
          out, "  the engine was started again on {}: {}{}\n",
          material_text(row.key, *result.pieces), evidence_text(row.restarts.front()),
          row.restarts.size() == 1 ? "" : fmt::format(" (and {} more)", row.restarts.size() - 1));
    }
  }
}

}  // namespace

nlohmann::ordered_json to_json(const EvidenceResult& result) {
  const EvidenceOutcome& o = result.outcome;
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const EvidenceRecord& r : o.rows) list.push_back(evidence_json(r, *result.pieces));
  nlohmann::ordered_json j{{"materials", o.materials}, {"searched", o.searched}, {"kept", o.kept},
                           {"failed", o.failed},       {"seconds", o.seconds},   {"rows", list}};
  if (result.calibration)
    j["calibration"] = calibration_json(*result.calibration, result.calibrated_against);
  return j;
}

void print_text(std::FILE* out, const EvidenceResult& result) {
  print_outcome(out, result);
  if (result.calibration) print_calibration(out, *result.calibration, result.calibrated_against);
  if (result.skipped_solved) {
    fmt::print(out,
               "  the solved rows were skipped: their counts are known (--solved searches them)\n");
  }
  if (result.too_few_to_calibrate) {
    fmt::print(out, "  not calibrated: fewer than {} solved materials searched here\n",
               kLeastCalibrationRows);
  }
}

nlohmann::ordered_json to_json(const EvidenceImport& counts) {
  nlohmann::ordered_json torn = nlohmann::ordered_json::array();
  for (const auto& t : counts.torn_lines) torn.push_back({{"file", t.file}, {"line", t.line}});
  return {{"files", counts.files},       {"rows", counts.rows},           {"added", counts.added},
          {"replaced", counts.replaced}, {"unchanged", counts.unchanged}, {"torn_lines", torn}};
}

void print_text(std::FILE* out, const EvidenceImport& counts) {
  fmt::print(out, "evidence import: {} from {}: {} added, {} replaced, {} unchanged\n",
             counted(counts.rows, "row"), counted(counts.files, "file"), counts.added,
             counts.replaced, counts.unchanged);
}

}  // namespace egkb::cli
