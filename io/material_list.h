// A list of materials in a file (`egkb evidence --rows FILE`): one a line, or the first field of
// a CSV line, so a KB's own CSV or a batch sheet serves as well; blank lines, lines starting
// with '#' and a header line whose first field is "material" are skipped.
#pragma once

#include <string>
#include <vector>

#include "lattice/material.h"

namespace egkb {

struct ListedMaterial {
  Material material;
  std::size_t line;
};

// Throws InputError naming the file, line and field of a material that does not parse.
std::vector<ListedMaterial> read_material_list(const std::string& path, const PieceSet& pieces);

}  // namespace egkb
