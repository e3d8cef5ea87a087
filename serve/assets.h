// The review app's page, script and style sheet, compiled into the binary (serve/assets/).
#pragma once

#include <span>
#include <string_view>

namespace egkb {

struct Asset {
  std::string_view path;  // "/", "/app.js"
  std::string_view type;  // the media type; every asset is UTF-8
  std::string_view body;
};

std::span<const Asset> assets();

}  // namespace egkb
