// JSON as egkb writes it (standard output, the review app's answers, a store's runs): bytes that
// are not UTF-8, which a file's path may hold, become U+FFFD instead of an exception, so no text
// can stop a command once its work is done.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace egkb {

// Indented by `indent` spaces; -1: on one line.
inline std::string json_text(const nlohmann::ordered_json& json, int indent = 2) {
  return json.dump(indent, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

}  // namespace egkb
