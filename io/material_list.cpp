#include "io/material_list.h"

#include <cerrno>
#include <cstring>
#include <fstream>

#include "base/errors.h"

namespace egkb {

std::vector<ListedMaterial> read_material_list(const std::string& path, const PieceSet& pieces) {
  std::ifstream in(path);
  if (!in) throw InputError(path, 0, "", std::string("cannot be read: ") + std::strerror(errno));
  std::vector<ListedMaterial> out;
  std::string line;
  for (std::size_t number = 1; std::getline(in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::string field = line.substr(0, line.find(','));
    while (!field.empty() && (field.back() == ' ' || field.back() == '\t')) field.pop_back();
    const auto start = field.find_first_not_of(" \t");
    if (start == std::string::npos || field[start] == '#') continue;
    field = field.substr(start);
    if (field == "material") continue;
    try {
      out.push_back({parse_material(field, pieces), number});
    } catch (const MaterialParseError& e) {
      throw InputError(path, number, "material", e.what());
    }
  }
  return out;
}

}  // namespace egkb
