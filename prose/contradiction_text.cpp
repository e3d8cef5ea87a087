#include "prose/contradiction_text.h"

#include <fmt/format.h>

#include "lattice/material.h"

namespace egkb {

std::string explain(const Lattice& lattice, const Contradiction& c,
                    const std::function<std::string(NodeId)>& name) {
  const auto material = [&](NodeId n) {
    return format_material(lattice.material(n), lattice.pieces());
  };
  if (c.low == c.high && c.at == c.low && lattice.mirror(c.at) == c.at) {
    return fmt::format("{} is its own mirror: it must score 4 or 5, which {} does not",
                       material(c.at), name(c.at));
  }
  if (c.low == c.high) {
    return fmt::format("{} forces {} both to rank {} or above and to rank {} or below", name(c.low),
                       material(c.at), value(c.low_rank), value(c.high_rank));
  }
  if (c.at == c.low) {
    return fmt::format("{} forces {} to rank {} or below", name(c.high), name(c.low),
                       value(c.high_rank));
  }
  if (c.at == c.high) {
    return fmt::format("{} forces {} to rank {} or above", name(c.low), name(c.high),
                       value(c.low_rank));
  }
  return fmt::format("{} forces {} to rank {} or above, {} forces it to rank {} or below",
                     name(c.low), material(c.at), value(c.low_rank), name(c.high),
                     value(c.high_rank));
}

}  // namespace egkb
