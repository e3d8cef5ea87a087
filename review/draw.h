// Drawing a review batch from a store (`egkb sample`), shaped like review/rules.h: a pure plan
// reads the store and draws — what would be recorded and the sheet's rows — and one apply writes
// the batch and publishes its sheet files.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "review/sheet.h"
#include "sampling/dispatch.h"
#include "store/store.h"

namespace egkb {

// The evidence design draws where evidence disagrees with the scores; below this share of the
// rows with evidence it would mostly draw at random, and `sample` refuses unless told to go on
// (docs/evidence.md, "The review design").
inline constexpr double kLeastEvidenceCoverage = 0.9;

struct DrawRequest {
  DrawSpec spec;
  uint64_t seed = 1;
  bool exclude_reviewed = false;        // never draw a row an expert has reviewed
  bool allow_partial_evidence = false;  // the evidence design below kLeastEvidenceCoverage
};

struct DrawPlan {
  Batch batch;                  // as it will be recorded; its id is given by apply_draw
  std::vector<SheetRow> sheet;  // the reviewer's rows, in the batch's order
  std::size_t wanted = 0;       // rows asked for: distance-k may place fewer
  // The store's rows, and those its evidence from play covers (the material's or its mirror's).
  std::size_t rows = 0;
  std::size_t evidence_rows = 0;
};

// Draws from the store's rows by the request's design (sampling/dispatch.h), each row with its
// score, provenance and inclusion probability. Throws InputError when no row is eligible, the
// design drew none, or the evidence design meets evidence for too few rows (above).
DrawPlan plan_draw(Store& store, const DrawRequest& request);

// Records the batch in one write, refused when the store changed since the plan read it; the
// sheet files (the HTML page only when `paths.html` is set) appear after the commit, never over
// a file written meanwhile. Returns the batch's id.
BatchId apply_draw(Store& store, const DrawPlan& plan, const SheetPaths& paths);

}  // namespace egkb
