#include "prose/link_text.h"

#include <fmt/format.h>

namespace egkb {

std::string link_text(const PieceSet& pieces, const Neighbour& nb) {
  if (nb.link == Link::Mirror) return "mirror";
  return fmt::format("{}{} {}", nb.link == Link::Fewer ? '-' : '+',
                     pieces.kind(nb.label.kind()).letter, pieces.side_name(nb.label.side()));
}

}  // namespace egkb
