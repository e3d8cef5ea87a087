// Pictures through Graphviz's `dot`, when it is installed.
#pragma once

#include <optional>
#include <string>

namespace egkb {

// The SVG `dot -Tsvg` draws for a DOT text, starting at its <svg> element so it can be placed
// inside HTML; nullopt when `dot` is not on PATH or fails.
std::optional<std::string> render_dot_svg(const std::string& dot);

}  // namespace egkb
