// JSON a user hands egkb (a weights file, a request body), read so that a fault is an
// InputError naming the file, the line and the key it was under, in egkb's words: never the
// JSON library's own text.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace egkb {

// The JSON value `text` holds. Throws InputError naming `origin`: where the text stops being
// JSON (line, column, the bytes there) or a number too large to hold, and the key it was under.
nlohmann::json parse_json_input(std::string_view text, const std::string& origin);

}  // namespace egkb
