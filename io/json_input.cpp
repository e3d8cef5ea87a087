#include "io/json_input.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "base/errors.h"
#include "base/text.h"

namespace egkb {

namespace {

// Where a parse stopped, as a reader counts: line and column of the byte, 1-based.
std::pair<std::size_t, std::size_t> line_and_column(std::string_view text, std::size_t byte) {
  const std::size_t end = std::min(byte, text.size());
  const std::size_t line =
      1 + static_cast<std::size_t>(std::count(text.begin(), text.begin() + end, '\n'));
  const std::size_t newline = text.rfind('\n', end == 0 ? 0 : end - 1);
  const std::size_t column =
      newline == std::string_view::npos || end == 0 ? end : end - newline - 1;
  return {line, std::max<std::size_t>(column, 1)};
}

}  // namespace

nlohmann::json parse_json_input(std::string_view text, const std::string& origin) {
  // The keys open around the value being read, so a fault names its field ("pieces.R").
  std::vector<std::string> keys;
  std::vector<bool> in_object;
  std::string last_key;
  const auto field = [&] {
    std::string path;
    for (const std::string& k : keys) path += (path.empty() ? "" : ".") + k;
    if (!last_key.empty()) path += (path.empty() ? "" : ".") + last_key;
    return path;
  };
  const nlohmann::json::parser_callback_t track = [&](int, nlohmann::json::parse_event_t event,
                                                      nlohmann::json& parsed) {
    using Event = nlohmann::json::parse_event_t;
    switch (event) {
      case Event::key:
        last_key = parsed.is_string() ? parsed.get<std::string>() : std::string();
        break;
      case Event::object_start:
      case Event::array_start:
        keys.push_back(last_key);
        if (keys.back().empty()) keys.pop_back();
        in_object.push_back(!last_key.empty());
        last_key.clear();
        break;
      case Event::object_end:
      case Event::array_end:
        if (!in_object.empty()) {
          if (in_object.back() && !keys.empty()) keys.pop_back();
          in_object.pop_back();
        }
        last_key.clear();
        break;
      case Event::value:
        last_key.clear();
        break;
    }
    return true;
  };
  try {
    return nlohmann::json::parse(text, track);
  } catch (const nlohmann::json::parse_error& e) {
    const auto [line, column] = line_and_column(text, e.byte);
    const std::size_t at = std::min(e.byte == 0 ? 0 : e.byte - 1, text.size());
    const std::string near = at < text.size()
                                 ? fmt::format(" at {}", in_quotes(text.substr(at, 20)))
                                 : " at the end of the text";
    throw InputError(origin, line, field(), fmt::format("not JSON: column {}{}", column, near));
  } catch (const nlohmann::json::out_of_range&) {
    throw InputError(origin, 0, field(), "a number too large to hold (at most about 1.8e308)");
  } catch (const nlohmann::json::exception&) {
    throw InputError(origin, 0, field(), "not JSON egkb can read");
  }
}

}  // namespace egkb
