#include "review/reviewer.h"

#include <fmt/format.h>

#include "lattice/errors.h"
#include "lattice/text.h"

namespace egkb {

std::string checked_reviewer(std::string_view name, const std::string& field) {
  if (name.empty()) throw InputError("", 0, field, "a name is required");
  // printable() writes out exactly what a terminal would act on, and cuts what is too long.
  if (printable(name, kMaxReviewerName) != name) {
    throw InputError("", 0, field,
                     fmt::format("{} is not a name: 1 to {} characters, none of them a control "
                                 "character",
                                 in_quotes(name), kMaxReviewerName));
  }
  return std::string(name);
}

}  // namespace egkb
