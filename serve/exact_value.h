// A position's exact value for the review app's board, read from the solved tables the server
// was given (`serve --tables DIR`): a solved row's positions have one; for any other row the
// answer says why there is none (docs/guide-expert.md, "The exact value of a solved row").
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "lattice/types.h"

namespace egkb {

class Store;

struct ExactValue {
  nlohmann::ordered_json value;    // ReviewApi::position_value's answer; null when there is none
  nlohmann::ordered_json missing;  // null, or why there is no value, as a sentence
};

// The exact value of the position `fen` of the row `key`'s material, or of one its line reached,
// from the tables in `tables`. Throws api::Refusal (400) for an unreadable or illegal FEN.
ExactValue exact_value(Store& store, Key key, const std::string& fen,
                       const std::optional<std::string>& tables);

}  // namespace egkb
