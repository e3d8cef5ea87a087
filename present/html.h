// Text made safe to place inside HTML.
#pragma once

#include <string>
#include <string_view>

namespace egkb {

// Escapes &, <, > and ", so the text is safe in element content and in quoted attributes.
std::string html_escaped(std::string_view text);

}  // namespace egkb
