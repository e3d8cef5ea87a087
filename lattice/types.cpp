#include "lattice/types.h"

namespace egkb {

std::string_view source_name(Source s) {
  switch (s) {
    case Source::Manual:
      return "manual";
    case Source::Generated:
      return "generated";
    case Source::Expert:
      return "expert";
    case Source::Solved:
      return "solved";
  }
  return "unknown";
}

std::optional<Source> source_named(std::string_view name) {
  for (Source s : {Source::Manual, Source::Generated, Source::Expert, Source::Solved}) {
    if (name == source_name(s)) return s;
  }
  return std::nullopt;
}

}  // namespace egkb
