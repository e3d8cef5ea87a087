// The time as egkb records it: UTC, ISO 8601, to the second.
#pragma once

#include <fmt/chrono.h>
#include <fmt/format.h>

#include <ctime>
#include <string>

namespace egkb {

inline std::string now_utc() {
  return fmt::format("{:%Y-%m-%dT%H:%M:%SZ}", fmt::gmtime(std::time(nullptr)));
}

}  // namespace egkb
