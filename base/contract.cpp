#include "base/contract.h"

#include <cstdio>

namespace egkb {

bool broken(std::string_view what) {
  std::fprintf(stderr, "contract broken: %.*s\n", static_cast<int>(what.size()), what.data());
  return false;
}

}  // namespace egkb
