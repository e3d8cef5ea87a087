// A reduce run in JSON: what `reduce --json` prints and what its run records.
#pragma once

#include <nlohmann/json.hpp>

#include "repair/reduce_run.h"

namespace egkb {

// method, iterations, modified, objective, seconds, before, after, ties, queued (materials),
// trace, prior, certificate, ambiguous, validation (the JSON forms of present/json_forms.h; null
// where the method has none).
nlohmann::ordered_json reduce_json(const ReducePlan& plan, const PieceSet& pieces);

// The run's parameters, as the store's runs table and a saved store record them: file, method,
// weighted, soft, lambda, ties, weights, prior, cost, certificate, validation.
nlohmann::ordered_json reduce_parameters_json(const ReducePlan& plan);

}  // namespace egkb
