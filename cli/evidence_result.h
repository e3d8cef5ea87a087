// What `evidence` and `evidence import` did, each in one struct, printed by one JSON form and
// one text form (cli/result_output.h).
#pragma once

#include <cstdio>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "evidence/calibration.h"
#include "evidence/evidence_import.h"
#include "evidence/evidence_run.h"

namespace egkb::cli {

struct EvidenceResult {
  EvidenceOutcome outcome;
  EvidenceRequest request;
  std::string engine;  // the name the engine gave
  const PieceSet* pieces = nullptr;
  std::optional<Calibration> calibration;
  std::string calibrated_against;  // "solved", "expert" or a truth's path
  bool skipped_solved = false;     // solved rows among those asked for, left unsearched
  bool too_few_to_calibrate = false;
};

nlohmann::ordered_json to_json(const EvidenceResult& result);
void print_text(std::FILE* out, const EvidenceResult& result);

nlohmann::ordered_json to_json(const EvidenceImport& counts);
void print_text(std::FILE* out, const EvidenceImport& counts);

}  // namespace egkb::cli
