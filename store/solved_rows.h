// Recording solved materials (docs/solve.md, "Solved rows"): what `egkb solve` and
// `egkb import --from-counts --solved` call. Each material's rows become solved rows, scored
// from its exact counts, invariable; one write, one run, a history row for each row changed.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <span>
#include <string>

#include "lattice/expected_result.h"
#include "lattice/solved.h"
#include "store/store.h"

namespace egkb {

struct SolvedWrite {
  std::string command = "solve";  // the run's command
  nlohmann::ordered_json parameters = nlohmann::ordered_json::object();
  std::string origin;  // what the materials were read from, for messages ("" for none)
  ScoreBins bins = kChessBins;
  double almost_draw = kAlmostDrawShare;
};

// Counted per stored row: a material whose mirror is stored too makes two.
struct SolvedResult {
  RunId run;
  std::size_t added = 0;      // materials the store lacked (and their mirrors), added solved
  std::size_t rescored = 0;   // rows whose score the counts changed
  std::size_t confirmed = 0;  // rows whose score the counts kept, solved now or counted again
  std::size_t unchanged = 0;  // rows solved already with these counts and rules
};

// Every material's stored rows (the material and its mirror, whichever the store holds; a new
// row of the material when it holds neither) become solved rows, scored from the counts with
// `how.bins` (their mirror's from the mirrored counts), their records kept. One transaction:
// the nodes are read inside it, so a session that read nothing before is never refused as
// stale, and a rerun with the same counts changes nothing. Throws InputError, naming
// `how.origin` and the material's line, before anything is written: counts that are not one
// set with red to move and one with black to move, each with a position; a material of another
// piece set than the store's, or given twice (in either orientation); rules the material does
// not allow (exact where both sides of a xiangqi material have attackers); a material that is its
// own mirror counted otherwise with red to move than with black.
SolvedResult record_solved(Store& store, std::span<const SolvedMaterial> materials,
                           const SolvedWrite& how = {}, Outputs* outputs = nullptr);

}  // namespace egkb
