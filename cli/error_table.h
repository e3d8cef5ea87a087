// The readable Table-3 row shared by `compare` and `demo`: counts, then shares of the size.
#pragma once

#include <iosfwd>
#include <string>

#include "lattice/compare.h"

namespace egkb::cli {

void print_error_table(std::ostream& out, const std::string& name, const ErrorCounts& c);

}  // namespace egkb::cli
